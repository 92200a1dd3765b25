import { CRYPTO_MARKS, FIAT_MARKS, PaymentMarks } from '../../../components/payment-logos.tsx';

export const FiatArt = () => (
  <div className="flex justify-center">
    <PaymentMarks marks={FIAT_MARKS.slice(0, 5)} />
  </div>
);

export const CryptoCoinsArt = () => (
  <div className="flex justify-center">
    <PaymentMarks marks={CRYPTO_MARKS} />
  </div>
);
