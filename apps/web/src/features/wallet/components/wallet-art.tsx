import { CRYPTO_MARKS, PaymentMarks } from '../../../components/payment-logos.tsx';

export const CryptoCoinsArt = () => (
  <div className="flex justify-center">
    <PaymentMarks marks={CRYPTO_MARKS} />
  </div>
);
