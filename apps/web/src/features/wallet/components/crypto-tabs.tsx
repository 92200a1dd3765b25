import type { Currency, Customer } from '@casino/contracts';
import type { CryptoDeposit } from '@casino/contracts/crypto';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.tsx';
import { TextField } from '../../../components/field.tsx';
import { CheckIcon, CopyIcon } from '../../../components/icons.tsx';
import { SelectField } from '../../../components/select-field.tsx';
import { useCurrencies } from '../../../lib/api/get-currencies.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import {
  createCryptoDeposit,
  createCryptoWithdrawal,
  cryptoDepositStatus,
  estimate,
  simulateCryptoPayment,
  validateAddress,
} from '../api/crypto.ts';

/** Spec §5: USDT's networks. */
const USDT_NETWORKS = ['TRC20', 'ERC20', 'BEP2', 'BEP20'] as const;
/** Spec §9. */
const STATUS_POLL_MS = 15_000;
const RELOAD_COUNTDOWN_S = 5;
const COPIED_MS = 1_000;
const ESTIMATE_DEBOUNCE_MS = 400;

/** Spec §5: crypto currencies are those where is_crypto is not FALSE. */
function useCoins(): Currency[] {
  const currencies = useCurrencies();
  return (currencies.data ?? []).filter((currency) => currency.is_crypto !== 'FALSE');
}

/** The coin amount for the typed wallet amount, asked of the server after a pause in typing. */
function useEstimate(code: string | undefined, amount: string, network: string | undefined) {
  const [converted, setConverted] = useState('');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setConverted('');
    setError(null);
    if (!code || !(Number(amount) > 0)) return;
    let cancelled = false;
    const timer = setTimeout(() => {
      estimate(code, amount.trim(), network)
        .then((result) => !cancelled && setConverted(result.estimated_amount))
        .catch(
          (failure: unknown) =>
            !cancelled && setError(failure instanceof Error ? failure.message : String(failure)),
        );
    }, ESTIMATE_DEBOUNCE_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [code, amount, network]);
  return { converted, error };
}

/** Spec §4: after a crypto success (or a failed status check) the page reloads after 5 s. */
function useReloadCountdown() {
  const [seconds, setSeconds] = useState<number | null>(null);
  useEffect(() => {
    if (seconds === null) return;
    if (seconds <= 0) {
      window.location.reload();
      return;
    }
    const timer = setTimeout(() => setSeconds(seconds - 1), 1_000);
    return () => clearTimeout(timer);
  }, [seconds]);
  return { seconds, start: () => setSeconds((current) => current ?? RELOAD_COUNTDOWN_S) };
}

function CoinFields({
  coins,
  coinId,
  setCoinId,
  network,
  setNetwork,
  error,
}: {
  coins: Currency[];
  coinId: string;
  setCoinId: (id: string) => void;
  network: string;
  setNetwork: (network: string) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  const coin = coins.find((c) => String(c.id) === coinId);
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <SelectField
        label={t('wallet.crypto.currency')}
        value={coinId}
        onChange={(event) => setCoinId(event.target.value)}
        error={error}
      >
        <option value="">{t('wallet.crypto.chooseCurrency')}</option>
        {coins.map((c) => (
          <option key={c.id} value={c.id}>
            {c.code} · {c.name}
          </option>
        ))}
      </SelectField>
      {coin?.code === 'USDT' && (
        <SelectField
          label={t('wallet.crypto.network')}
          value={network}
          onChange={(event) => setNetwork(event.target.value)}
        >
          {USDT_NETWORKS.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </SelectField>
      )}
    </div>
  );
}

type Errors = Partial<Record<'currency' | 'amount' | 'converted' | 'address', string>>;

/** Spec §5's messages, word for word (translated for the other languages). */
function validate(
  t: (key: string) => string,
  coinId: string,
  amount: string,
  converted: string,
): Errors {
  const errors: Errors = {};
  if (!coinId) errors.currency = t('wallet.crypto.errors.currency');
  if (!amount.trim()) errors.amount = t('wallet.crypto.errors.amountEmpty');
  else if (!(Number(amount) > 0)) errors.amount = t('wallet.crypto.errors.amountPositive');
  if (!converted) errors.converted = t('wallet.crypto.errors.convertedMissing');
  else if (!(Number(converted) > 0)) errors.converted = t('wallet.crypto.errors.convertedPositive');
  return errors;
}

function CopyValue({ value, label, testId }: { value: string; label: string; testId?: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  return (
    <div className="flex flex-col gap-1">
      <span className="text-[13px] text-fg-subtle">{label}</span>
      <div className="flex items-center gap-2">
        <code
          className="min-w-0 flex-1 break-all rounded-lg border border-ink-600 bg-ink-950/70 px-3 py-2 font-mono text-[13px] text-fg"
          data-testid={testId}
        >
          {value}
        </code>
        <Button
          variant="secondary"
          size="sm"
          aria-label={t('wallet.crypto.copy', { what: label })}
          onClick={() =>
            void navigator.clipboard?.writeText(value).then(() => {
              setCopied(true);
              setTimeout(() => setCopied(false), COPIED_MS);
            })
          }
          icon={copied ? <CheckIcon size={16} /> : <CopyIcon size={16} />}
        />
      </div>
    </div>
  );
}

export function CryptoDepositTab({ customer }: { customer: Customer }) {
  const { t } = useTranslation();
  const coins = useCoins();
  const [coinId, setCoinId] = useState('');
  const [network, setNetwork] = useState<string>('TRC20');
  const [amount, setAmount] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [pending, setPending] = useState(false);
  const [deposit, setDeposit] = useState<CryptoDeposit | null>(null);
  const coin = coins.find((c) => String(c.id) === coinId);
  const usdtNetwork = coin?.code === 'USDT' ? network : undefined;
  const { converted, error: estimateError } = useEstimate(coin?.code, amount, usdtNetwork);
  const symbol = customer.currency?.prefix ?? customer.wallet_default.symbol;

  if (deposit) return <DepositAddress deposit={deposit} />;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validate(t, coinId, amount, converted);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setPending(true);
    try {
      setDeposit(
        await createCryptoDeposit({
          amount: amount.trim(),
          converted_amount: converted,
          currency: coinId,
          network: usdtNetwork,
        }),
      );
    } catch (failure) {
      toast.error(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setPending(false);
    }
  };
  return (
    <form
      className="flex flex-col gap-4"
      noValidate
      onSubmit={submit}
      data-testid="crypto-deposit-form"
    >
      <CoinFields
        coins={coins}
        coinId={coinId}
        setCoinId={setCoinId}
        network={network}
        setNetwork={setNetwork}
        error={errors.currency}
      />
      <TextField
        label={t('wallet.crypto.amount', { currency: customer.currency?.code ?? symbol })}
        inputMode="decimal"
        value={amount}
        onChange={(event) => setAmount(event.target.value)}
        error={errors.amount}
      />
      <div
        className="rounded-lg border border-ink-700 bg-ink-900/60 px-3.5 py-3 text-sm"
        aria-live="polite"
      >
        <span className="text-fg-subtle">{t('wallet.crypto.youSend')} </span>
        <span className="font-mono font-semibold text-fg" data-testid="crypto-converted">
          {converted ? `${converted} ${coin?.code ?? ''}` : '—'}
        </span>
        {(errors.converted || estimateError) && (
          <p className="mt-1 text-[13px] text-negative">{errors.converted ?? estimateError}</p>
        )}
      </div>
      <Button type="submit" block loading={pending} disabled={!coinId || !amount || !converted}>
        {t('wallet.crypto.depositCta')}
      </Button>
    </form>
  );
}

function DepositAddress({ deposit }: { deposit: CryptoDeposit }) {
  const { t, i18n } = useTranslation();
  const [status, setStatus] = useState(deposit.status);
  const [simulating, setSimulating] = useState(false);
  const countdown = useReloadCountdown();
  const done = useRef(false);
  const payment = deposit.payment_response;

  useEffect(() => {
    const check = async () => {
      if (done.current) return;
      try {
        const latest = await cryptoDepositStatus(deposit.tracking_id);
        setStatus(latest.status);
        if (latest.status === 'deposited') {
          done.current = true;
          toast.success(t('wallet.crypto.deposited'));
          countdown.start();
        }
      } catch (failure) {
        done.current = true;
        toast.error(
          failure instanceof ApiError ? failure.message : t('wallet.crypto.statusFailed'),
        );
        countdown.start();
      }
    };
    const timer = setInterval(check, STATUS_POLL_MS);
    return () => clearInterval(timer);
  }, [deposit.tracking_id, countdown, t]);

  const simulate = async () => {
    setSimulating(true);
    try {
      await simulateCryptoPayment(deposit.tracking_id);
      const latest = await cryptoDepositStatus(deposit.tracking_id);
      setStatus(latest.status);
      if (latest.status === 'deposited' && !done.current) {
        done.current = true;
        toast.success(t('wallet.crypto.deposited'));
        countdown.start();
      }
    } finally {
      setSimulating(false);
    }
  };
  const expires = formatDateTime(payment.expiration_estimate_date, i18n.language);
  return (
    <div className="flex flex-col gap-4" data-testid="crypto-deposit-address">
      {deposit.sandbox && (
        <p className="rounded-lg border border-warning/40 bg-warning/10 px-3 py-2 text-[13px] text-warning">
          {t('wallet.crypto.sandbox')}
        </p>
      )}
      <div className="flex flex-col items-center gap-4 sm:flex-row sm:items-start">
        {deposit.qrcode && (
          <img
            src={deposit.qrcode}
            alt={t('wallet.crypto.qrAlt')}
            width={176}
            height={176}
            className="size-44 shrink-0 rounded-lg bg-white p-1.5"
          />
        )}
        <div className="flex w-full min-w-0 flex-col gap-3">
          <CopyValue
            label={t('wallet.crypto.sendExactly', {
              coin:
                payment.network === payment.coin
                  ? payment.coin
                  : `${payment.coin} (${payment.network})`,
            })}
            value={`${payment.pay_amount}`}
          />
          <CopyValue
            label={t('wallet.crypto.toAddress')}
            value={payment.pay_address}
            testId="crypto-pay-address"
          />
          {payment.payin_extra_id && (
            <CopyValue label={t('wallet.crypto.tag')} value={payment.payin_extra_id} />
          )}
        </div>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-ink-900/70 px-3.5 py-2.5 text-sm">
        <span>
          <span className="text-fg-subtle">{t('wallet.crypto.status')} </span>
          <span
            className={
              status === 'deposited' ? 'font-semibold text-positive' : 'font-semibold text-fg'
            }
            data-testid="crypto-status"
          >
            {t(`wallet.crypto.statuses.${status}`)}
          </span>
        </span>
        <span className="text-[13px] text-fg-subtle">
          {t('wallet.crypto.expires', { time: expires })}
        </span>
      </div>
      {countdown.seconds !== null && (
        <p className="text-center text-[13px] text-fg-muted">
          {t('wallet.crypto.reloading', { seconds: countdown.seconds })}
        </p>
      )}
      {deposit.sandbox && status !== 'deposited' && (
        <Button
          variant="outline"
          loading={simulating}
          onClick={simulate}
          data-testid="crypto-simulate"
        >
          {t('wallet.crypto.simulate')}
        </Button>
      )}
    </div>
  );
}

export function CryptoWithdrawTab({ customer }: { customer: Customer }) {
  const { t } = useTranslation();
  const coins = useCoins();
  const [coinId, setCoinId] = useState('');
  const [network, setNetwork] = useState<string>('TRC20');
  const [amount, setAmount] = useState('');
  const [address, setAddress] = useState('');
  const [addressState, setAddressState] = useState<'unknown' | 'valid' | 'invalid'>('unknown');
  const [errors, setErrors] = useState<Errors>({});
  const [pending, setPending] = useState(false);
  // Asked by the server for an address the player never withdrew to, with two-factor on.
  const [twoFactorCode, setTwoFactorCode] = useState<string | null>(null);
  const countdown = useReloadCountdown();
  const coin = coins.find((c) => String(c.id) === coinId);
  const usdtNetwork = coin?.code === 'USDT' ? network : undefined;
  const { converted, error: estimateError } = useEstimate(coin?.code, amount, usdtNetwork);
  const symbol = customer.currency?.prefix ?? customer.wallet_default.symbol;

  const checkAddress = async () => {
    if (!address.trim()) {
      setErrors((current) => ({ ...current, address: t('wallet.crypto.errors.addressMissing') }));
      return;
    }
    if (!coin) return;
    const valid = await validateAddress(address.trim().split('?')[0]!, coin.code, usdtNetwork);
    setAddressState(valid ? 'valid' : 'invalid');
    setErrors((current) => ({ ...current, address: undefined }));
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validate(t, coinId, amount, converted);
    if (!address.trim()) found.address = t('wallet.crypto.errors.addressMissing');
    setErrors(found);
    if (Object.keys(found).length > 0 || addressState !== 'valid') return;
    setPending(true);
    try {
      await createCryptoWithdrawal({
        amount: amount.trim(),
        converted_amount: converted,
        currency: coinId,
        payment_address: address.trim(),
        network: usdtNetwork,
        ...(twoFactorCode === null ? {} : { two_factor_code: twoFactorCode.trim() }),
      });
      toast.success(t('wallet.crypto.withdrawRequested'));
      setTwoFactorCode(null);
      countdown.start();
    } catch (failure) {
      if (failure instanceof ApiError && failure.code === 'TWO_FACTOR_REQUIRED')
        setTwoFactorCode((code) => code ?? '');
      toast.error(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setPending(false);
    }
  };
  return (
    <form
      className="flex flex-col gap-4"
      noValidate
      onSubmit={submit}
      data-testid="crypto-withdraw-form"
    >
      <CoinFields
        coins={coins}
        coinId={coinId}
        // Another coin or network makes an earlier address check meaningless.
        setCoinId={(id) => {
          setCoinId(id);
          setAddressState('unknown');
        }}
        network={network}
        setNetwork={(next) => {
          setNetwork(next);
          setAddressState('unknown');
        }}
        error={errors.currency}
      />
      <TextField
        label={t('wallet.crypto.amount', { currency: customer.currency?.code ?? symbol })}
        inputMode="decimal"
        value={amount}
        onChange={(event) => setAmount(event.target.value)}
        error={errors.amount}
      />
      <div
        className="rounded-lg border border-ink-700 bg-ink-900/60 px-3.5 py-3 text-sm"
        aria-live="polite"
      >
        <span className="text-fg-subtle">{t('wallet.crypto.youReceive')} </span>
        <span className="font-mono font-semibold text-fg">
          {converted ? `${converted} ${coin?.code ?? ''}` : '—'}
        </span>
        {(errors.converted || estimateError) && (
          <p className="mt-1 text-[13px] text-negative">{errors.converted ?? estimateError}</p>
        )}
      </div>
      <TextField
        label={t('wallet.crypto.address')}
        value={address}
        onChange={(event) => {
          setAddress(event.target.value);
          setAddressState('unknown');
        }}
        onBlur={() => void checkAddress()}
        error={
          errors.address ??
          (addressState === 'invalid' ? t('wallet.crypto.addressInvalid') : undefined)
        }
        hint={
          addressState === 'valid'
            ? t('wallet.crypto.addressValid')
            : coin?.code === 'XRP'
              ? t('wallet.crypto.xrpHint')
              : undefined
        }
        spellCheck={false}
        autoComplete="off"
      />
      {twoFactorCode !== null && (
        <TextField
          label={t('security.withdraw.codeLabel')}
          name="two_factor_code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={32}
          value={twoFactorCode}
          onChange={(event) => setTwoFactorCode(event.target.value)}
          hint={t('pxRest.newAddressCodeHint')}
          className="font-mono tracking-[0.2em]"
          data-testid="crypto-two-factor-code"
        />
      )}
      <Button
        type="submit"
        block
        loading={pending}
        disabled={
          !coinId || !amount || !converted || addressState !== 'valid' || countdown.seconds !== null
        }
      >
        {t('wallet.crypto.withdrawCta')}
      </Button>
      {countdown.seconds !== null && (
        <p className="text-center text-[13px] text-fg-muted">
          {t('wallet.crypto.reloading', { seconds: countdown.seconds })}
        </p>
      )}
    </form>
  );
}
