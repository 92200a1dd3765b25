import type { Currency, Customer, Payment } from '@casino/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.tsx';
import { cn } from '../../../components/cn.ts';
import { TextField } from '../../../components/field.tsx';
import { SelectField } from '../../../components/select-field.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { useCurrencies } from '../../../lib/api/get-currencies.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { clearCoupon, saveCoupon, storedCoupon } from '../../../lib/coupon.ts';
import { formatDateTime, formatMoney } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import {
  cancelWithdrawal,
  createDeposit,
  createInrDeposit,
  createWithdrawal,
  useRecentWithdrawals,
} from '../api/payments.ts';
import {
  ACCOUNT_NAME_GATEWAYS,
  ACCOUNT_NUMBER_GATEWAYS,
  BANK_NAME_GATEWAYS,
  belowInrMinimum,
  depositErrors,
  euroLine,
  type FieldErrors,
  NETWORKS,
  withdrawErrors,
} from '../utils/fiat.ts';

/** Spec §9: the coupon is removed 5 s after a deposit. */
const COUPON_REMOVAL_MS = 5_000;
type Gateway = Currency['payment_gateways'][number];
type Errors = Record<string, string | undefined>;

/** The player's currency with its gateways (deposit or payout) and banks. */
function useWalletCurrency(customer: Customer, withdraw: boolean) {
  const currencies = useCurrencies({ withdraw });
  const currency = currencies.data?.find((c) => c.id === customer.currency_id);
  return { currency, loading: currencies.isPending, failed: currencies.isError };
}

/** Server field errors (422 `errors[]`) onto the form's fields, and the message as a toast. */
function reportFailure(failure: unknown, setErrors: (errors: Errors) => void) {
  if (failure instanceof ApiError) {
    const fields: Errors = {};
    for (const error of failure.fieldErrors) fields[error.path.split('.').pop()!] = error.message;
    setErrors(fields);
    toast.error(failure.message);
  } else {
    toast.error(failure instanceof Error ? failure.message : String(failure));
  }
}

function Loading() {
  return (
    <div className="flex justify-center py-12 text-fg-muted">
      <Spinner className="size-6" />
    </div>
  );
}

/** Radio cards: one per gateway, with its fee (spec §3: fee percent). */
function GatewayPicker({
  gateways,
  selected,
  onSelect,
  error,
}: {
  gateways: Gateway[];
  selected: number | null;
  onSelect: (id: number) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1.5 text-[13px] font-medium text-fg-muted">
        {t('cashier.method')}
      </legend>
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-2" role="radiogroup">
        {gateways.map((gateway) => {
          const active = gateway.id === selected;
          return (
            <label
              key={gateway.id}
              className={cn(
                'flex cursor-pointer items-center justify-between gap-3 rounded-xl border px-3.5 py-3 transition-colors',
                active
                  ? 'border-accent-500 bg-accent-500/10 ring-1 ring-accent-500/40'
                  : 'border-ink-600 bg-ink-900/50 hover:border-ink-500',
              )}
              data-testid={`gateway-${gateway.id}`}
            >
              <span className="flex min-w-0 items-center gap-3">
                <input
                  type="radio"
                  name="payment_gateway"
                  value={gateway.id}
                  checked={active}
                  onChange={() => onSelect(gateway.id)}
                  className="size-4 accent-accent-500"
                />
                <span className="truncate text-sm font-semibold text-fg">{gateway.name}</span>
              </span>
              <span className="shrink-0 rounded-md bg-ink-800 px-2 py-0.5 font-mono text-xs text-fg-muted tabular-nums">
                {t('cashier.fee', { percent: gateway.fee })}
              </span>
            </label>
          );
        })}
      </div>
      {error && (
        <p role="alert" className="text-[13px] text-negative">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** UPI / Netbanking for INR wallets (spec §3 payment_mode). */
function ModePicker({
  mode,
  onChange,
}: {
  mode: 'upi' | 'netbanking';
  onChange: (mode: 'upi' | 'netbanking') => void;
}) {
  const { t } = useTranslation();
  return (
    <fieldset>
      <legend className="mb-1.5 text-[13px] font-medium text-fg-muted">
        {t('cashier.method')}
      </legend>
      <div className="grid grid-cols-2 gap-1 rounded-xl bg-ink-950/70 p-1" role="radiogroup">
        {(['upi', 'netbanking'] as const).map((value) => (
          <label
            key={value}
            className={cn(
              'flex h-10 cursor-pointer items-center justify-center rounded-lg text-sm font-semibold transition-colors',
              mode === value
                ? 'bg-ink-700 text-fg shadow-sm'
                : 'text-fg-muted hover:bg-ink-800 hover:text-fg',
            )}
            data-testid={`mode-${value}`}
          >
            <input
              type="radio"
              name="payment_mode"
              value={value}
              checked={mode === value}
              onChange={() => onChange(value)}
              className="sr-only"
            />
            {t(`cashier.modes.${value}`)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** Spec §9 euro line: amount / rate minus the fee; 'N/A' without a rate; none for THB. */
function EuroLine({ amount, currency, fee }: { amount: string; currency: Currency; fee: number }) {
  const { t, i18n } = useTranslation();
  const value = euroLine(
    amount,
    { code: currency.code, scale: currency.scale, rate: currency.roe?.rate },
    fee,
  );
  if (value === null) return null;
  return (
    <div
      className="flex items-center justify-between gap-3 rounded-lg border border-ink-700 bg-ink-900/60 px-3.5 py-2.5 text-sm"
      aria-live="polite"
    >
      <span className="text-fg-subtle">{t('cashier.euroLine', { fee })}</span>
      <span className="font-mono font-semibold text-fg tabular-nums" data-testid="euro-line">
        {value === 'N/A' ? 'N/A' : formatMoney('€', value, i18n.language, 2)}
      </span>
    </div>
  );
}

function BankSelect({
  currency,
  value,
  onChange,
  error,
  name = 'bank_name',
}: {
  currency: Currency;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  name?: string;
}) {
  const { t } = useTranslation();
  return (
    <SelectField
      label={t('cashier.fields.bankName')}
      name={name}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={error}
    >
      <option value="">{t('cashier.fields.chooseBank')}</option>
      {currency.banks.map((bank) => (
        <option key={bank.id} value={bank.name}>
          {bank.name}
        </option>
      ))}
    </SelectField>
  );
}

// --- Deposit -----------------------------------------------------------------------

export function FiatDepositTab({ customer }: { customer: Customer }) {
  const { t } = useTranslation();
  const { currency, loading, failed } = useWalletCurrency(customer, false);
  const inr = currency?.code === 'INR';
  const [gatewayId, setGatewayId] = useState<number | null>(null);
  const [mode, setMode] = useState<'upi' | 'netbanking'>('upi');
  const [amount, setAmount] = useState('');
  const [fields, setFields] = useState({
    bank_name: '',
    acc_name: '',
    acc_number: '',
    network: '',
  });
  const [coupon, setCoupon] = useState(storedCoupon);
  const [errors, setErrors] = useState<Errors>({});
  const [pending, setPending] = useState(false);

  if (loading) return <Loading />;
  if (failed || !currency)
    return <p className="py-8 text-center text-fg-muted">{t('cashier.noCurrency')}</p>;
  const gateways = currency.payment_gateways.filter((g) => g.id !== 1 && g.id !== 2);
  const gateway = inr
    ? currency.payment_gateways.find((g) => g.id === (mode === 'upi' ? 1 : 2))
    : gateways.find((g) => g.id === gatewayId);
  const minimumShown = inr && belowInrMinimum(amount);
  const translate = (found: FieldErrors): Errors =>
    Object.fromEntries(Object.entries(found).map(([field, key]) => [field, t(key)]));
  const set = (key: keyof typeof fields) => (value: string) =>
    setFields((current) => ({ ...current, [key]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const clean = translate(
      depositErrors({ inr, gateway_id: inr ? null : (gateway?.id ?? null), amount, ...fields }),
    );
    setErrors(clean);
    if (Object.keys(clean).length > 0) return;
    setPending(true);
    try {
      let url: string;
      if (inr) {
        const answer = await createInrDeposit({
          amount: amount.trim(),
          payment_mode: mode,
          coupon: coupon.trim() || undefined,
        });
        url = answer.res_data.transactions.payment_options_url;
      } else {
        const extras: Record<string, string | undefined> = {};
        if (BANK_NAME_GATEWAYS.includes(gateway!.id)) extras.bank_name = fields.bank_name;
        if (ACCOUNT_NAME_GATEWAYS.includes(gateway!.id)) extras.acc_name = fields.acc_name.trim();
        if (ACCOUNT_NUMBER_GATEWAYS.includes(gateway!.id)) {
          extras.acc_number = fields.acc_number.trim();
          extras.network = fields.network;
        }
        const answer = await createDeposit({
          amount: amount.trim(),
          currency: String(currency.id),
          payment_gateway: String(gateway!.id),
          // Spec §9: fixed to the product's app address.
          redirect_url: window.location.origin,
          coupon: coupon.trim() || undefined,
          ...extras,
        });
        url = answer.payment_response.payment.url;
      }
      // Spec §4: the coupon is removed 5 s after a deposit (again on return, see DepositReturn).
      setTimeout(clearCoupon, COUPON_REMOVAL_MS);
      toast.info(t('cashier.redirecting'));
      window.location.assign(url);
    } catch (failure) {
      reportFailure(failure, setErrors);
      setPending(false);
    }
  };

  return (
    <form className="flex flex-col gap-4" noValidate onSubmit={submit} data-testid="deposit-form">
      {inr ? (
        <ModePicker mode={mode} onChange={setMode} />
      ) : gateways.length === 0 ? (
        <p className="text-sm text-fg-muted">{t('cashier.noGateways')}</p>
      ) : (
        <GatewayPicker
          gateways={gateways}
          selected={gatewayId}
          onSelect={(id) => {
            setGatewayId(id);
            setErrors({});
          }}
          error={errors.payment_gateway}
        />
      )}
      <TextField
        label={t('cashier.amount', { currency: currency.code })}
        name="amount"
        inputMode="decimal"
        autoComplete="off"
        value={amount}
        onChange={(event) => setAmount(event.target.value)}
        error={minimumShown ? t('cashier.errors.inrMinimum') : errors.amount}
        hint={inr ? t('cashier.inrHint') : undefined}
      />
      {gateway && <EuroLine amount={amount} currency={currency} fee={gateway.fee} />}
      {gateway && !inr && BANK_NAME_GATEWAYS.includes(gateway.id) && (
        <BankSelect
          currency={currency}
          value={fields.bank_name}
          onChange={set('bank_name')}
          error={errors.bank_name}
        />
      )}
      {gateway && !inr && ACCOUNT_NAME_GATEWAYS.includes(gateway.id) && (
        <TextField
          label={t('cashier.fields.accountName')}
          name="acc_name"
          autoComplete="name"
          value={fields.acc_name}
          onChange={(event) => set('acc_name')(event.target.value)}
          error={errors.acc_name}
        />
      )}
      {gateway && !inr && ACCOUNT_NUMBER_GATEWAYS.includes(gateway.id) && (
        <div className="grid gap-3 sm:grid-cols-[1fr_10rem]">
          <TextField
            label={t('cashier.fields.accountNumber')}
            name="acc_number"
            autoComplete="off"
            spellCheck={false}
            value={fields.acc_number}
            onChange={(event) => set('acc_number')(event.target.value)}
            error={errors.acc_number}
          />
          <SelectField
            label={t('cashier.fields.network')}
            name="network"
            value={fields.network}
            onChange={(event) => set('network')(event.target.value)}
            error={errors.network}
          >
            <option value="">—</option>
            {NETWORKS.map((network) => (
              <option key={network} value={network}>
                {network}
              </option>
            ))}
          </SelectField>
        </div>
      )}
      <TextField
        label={t('cashier.coupon')}
        name="coupon"
        optional
        autoComplete="off"
        spellCheck={false}
        value={coupon}
        onChange={(event) => {
          setCoupon(event.target.value);
          // Spec §4: the coupon is kept in local storage.
          if (event.target.value.trim()) saveCoupon(event.target.value.trim());
          else clearCoupon();
        }}
        error={errors.coupon}
      />
      <Button
        type="submit"
        block
        size="lg"
        loading={pending}
        disabled={minimumShown || (!inr && gateways.length === 0)}
        data-testid="deposit-submit"
      >
        {inr ? t(`cashier.payWith.${mode}`) : t('cashier.depositCta')}
      </Button>
    </form>
  );
}

// --- Withdraw ----------------------------------------------------------------------

const STATUS_TONE: Record<string, string> = {
  pending: 'bg-warning/15 text-warning',
  approved: 'bg-accent-500/15 text-accent-300',
  paid: 'bg-positive/15 text-positive',
  rejected: 'bg-negative/15 text-negative',
  cancelled: 'bg-ink-700 text-fg-muted',
};

export function StatusChip({ status }: { status: Payment['status'] }) {
  const { t } = useTranslation();
  return (
    <span
      className={cn(
        'inline-flex rounded-full px-2 py-0.5 text-xs font-semibold',
        STATUS_TONE[status] ??
          (status === 'credited'
            ? 'bg-positive/15 text-positive'
            : status === 'pending' || status === 'crediting'
              ? 'bg-warning/15 text-warning'
              : 'bg-ink-700 text-fg-muted'),
      )}
      data-testid="payment-status"
    >
      {t(`cashier.statuses.${status}`)}
    </span>
  );
}

function RecentWithdrawals() {
  const { t, i18n } = useTranslation();
  const recent = useRecentWithdrawals();
  const client = useQueryClient();
  const [busy, setBusy] = useState<string | null>(null);
  const items = recent.data?.items ?? [];
  if (items.length === 0) return null;
  const cancel = async (id: string) => {
    setBusy(id);
    try {
      await cancelWithdrawal(id);
      toast.success(t('cashier.cancelled'));
      await Promise.all([
        client.invalidateQueries({ queryKey: ['payments'] }),
        client.invalidateQueries({ queryKey: ['me'] }),
      ]);
    } catch (failure) {
      toast.error(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(null);
    }
  };
  return (
    <section className="flex flex-col gap-2" aria-label={t('cashier.recentWithdrawals')}>
      <h3 className="text-[13px] font-semibold tracking-wide text-fg-subtle uppercase">
        {t('cashier.recentWithdrawals')}
      </h3>
      <ul className="divide-y divide-ink-700 rounded-xl border border-ink-700 bg-ink-900/50">
        {items.map((item) => (
          <li
            key={item.id}
            className="flex items-center justify-between gap-3 px-3.5 py-2.5"
            data-testid="recent-withdrawal"
          >
            <div className="min-w-0">
              <p className="font-mono text-sm font-semibold text-fg tabular-nums">
                {item.amount} {item.currency}
              </p>
              <p className="truncate text-xs text-fg-subtle">
                {item.payment_mode ? t(`cashier.modes.${item.payment_mode}`) : item.gateway.name}
                {' · '}
                {formatDateTime(item.created_at, i18n.language)}
                {item.reason ? ` · ${item.reason}` : ''}
              </p>
            </div>
            <div className="flex shrink-0 items-center gap-2">
              <StatusChip status={item.status} />
              {item.status === 'pending' && (
                <Button
                  size="sm"
                  variant="ghost"
                  loading={busy === item.id}
                  onClick={() => void cancel(item.id)}
                  data-testid="withdrawal-cancel"
                >
                  {t('cashier.cancel')}
                </Button>
              )}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function FiatWithdrawTab({ customer }: { customer: Customer }) {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const { currency, loading, failed } = useWalletCurrency(customer, true);
  const inr = currency?.code === 'INR';
  const [gatewayId, setGatewayId] = useState<number | null>(null);
  const [mode, setMode] = useState<'upi' | 'netbanking'>('upi');
  const [amount, setAmount] = useState('');
  const [fields, setFields] = useState({
    acc_name: '',
    acc_number: '',
    bank_name: '',
    account_holder_name: '',
    account_number: '',
    ifsc_code: '',
    upi_id: '',
  });
  const [errors, setErrors] = useState<Errors>({});
  const [pending, setPending] = useState(false);
  // Asked by the server for a payout account the player never used, with two-factor on.
  const [twoFactorCode, setTwoFactorCode] = useState<string | null>(null);

  if (loading) return <Loading />;
  if (failed || !currency)
    return <p className="py-8 text-center text-fg-muted">{t('cashier.noCurrency')}</p>;
  const stepUp = twoFactorCode === null ? {} : { two_factor_code: twoFactorCode.trim() };
  // Spec §9: INR withdrawals go by payment mode; other wallets pick a paying-out gateway.
  const gateways = currency.payment_gateways.filter((g) => g.id !== 1 && g.id !== 2);
  const gateway = inr
    ? currency.payment_gateways.find((g) => g.id === (mode === 'upi' ? 1 : 2))
    : gateways.find((g) => g.id === gatewayId);
  const minimumShown = inr && belowInrMinimum(amount);
  const translate = (found: FieldErrors): Errors =>
    Object.fromEntries(Object.entries(found).map(([field, key]) => [field, t(key)]));
  const set = (key: keyof typeof fields) => (value: string) =>
    setFields((current) => ({ ...current, [key]: value }));
  const text = (key: keyof typeof fields, label: string, props: Record<string, unknown> = {}) => (
    <TextField
      label={label}
      name={key}
      value={fields[key]}
      onChange={(event) => set(key)(event.target.value)}
      error={errors[key]}
      autoComplete="off"
      spellCheck={false}
      {...props}
    />
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const clean = translate(
      withdrawErrors({
        inr,
        mode,
        gateway_id: inr ? null : (gateway?.id ?? null),
        amount,
        ...fields,
      }),
    );
    setErrors(clean);
    if (Object.keys(clean).length > 0) return;
    setPending(true);
    try {
      if (inr) {
        await createWithdrawal(
          {
            amount: amount.trim(),
            payment_mode: mode,
            account_holder_name: fields.account_holder_name.trim(),
            ...(mode === 'upi'
              ? { upi_id: fields.upi_id.trim() }
              : {
                  account_number: fields.account_number.trim(),
                  bank_name: fields.bank_name,
                  ifsc_code: fields.ifsc_code.trim().toUpperCase(),
                }),
            ...stepUp,
          },
          true,
        );
      } else {
        await createWithdrawal(
          {
            amount: amount.trim(),
            currency: String(currency.id),
            payment_gateway: String(gateway!.id),
            acc_name: fields.acc_name.trim(),
            acc_number: fields.acc_number.trim(),
            bank_name: fields.bank_name || undefined,
            ...stepUp,
          },
          false,
        );
      }
      toast.success(t('cashier.withdrawRequested'));
      setAmount('');
      setTwoFactorCode(null);
      await Promise.all([
        client.invalidateQueries({ queryKey: ['payments'] }),
        client.invalidateQueries({ queryKey: ['me'] }),
      ]);
    } catch (failure) {
      if (failure instanceof ApiError && failure.code === 'TWO_FACTOR_REQUIRED')
        setTwoFactorCode((code) => code ?? '');
      reportFailure(failure, setErrors);
    } finally {
      setPending(false);
    }
  };

  return (
    <div className="flex flex-col gap-5">
      <form
        className="flex flex-col gap-4"
        noValidate
        onSubmit={submit}
        data-testid="withdraw-form"
      >
        {inr ? (
          <ModePicker mode={mode} onChange={setMode} />
        ) : (
          <GatewayPicker
            gateways={gateways}
            selected={gatewayId}
            onSelect={(id) => {
              setGatewayId(id);
              setErrors({});
            }}
            error={errors.payment_gateway}
          />
        )}
        <TextField
          label={t('cashier.amount', { currency: currency.code })}
          name="amount"
          inputMode="decimal"
          autoComplete="off"
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
          error={minimumShown ? t('cashier.errors.inrMinimum') : errors.amount}
          hint={t('cashier.withdrawableHint', {
            amount: formatMoney(
              customer.currency?.prefix ?? customer.wallet_default.symbol,
              customer.withdrawable_amount,
              i18n.language,
              currency.scale,
            ),
          })}
        />
        {gateway && gateway.fee > 0 && (
          <p className="-mt-2 text-[13px] text-fg-subtle">
            {t('cashier.withdrawFee', { percent: gateway.fee })}
          </p>
        )}
        {inr ? (
          <>
            {text('account_holder_name', t('cashier.fields.accountHolder'), {
              autoComplete: 'name',
            })}
            {mode === 'upi' ? (
              text('upi_id', t('cashier.fields.upiId'), { placeholder: 'name@bank' })
            ) : (
              <>
                {text('account_number', t('cashier.fields.accountNumber'), {
                  inputMode: 'numeric',
                })}
                <div className="grid gap-3 sm:grid-cols-2">
                  <BankSelect
                    currency={currency}
                    value={fields.bank_name}
                    onChange={set('bank_name')}
                    error={errors.bank_name}
                  />
                  {text('ifsc_code', t('cashier.fields.ifsc'), {
                    placeholder: 'SBIN0001234',
                    maxLength: 11,
                  })}
                </div>
              </>
            )}
          </>
        ) : (
          <>
            <div className="grid gap-3 sm:grid-cols-2">
              {text('acc_name', t('cashier.fields.accountName'), { autoComplete: 'name' })}
              {text('acc_number', t('cashier.fields.accountNumber'))}
            </div>
            {gateway && BANK_NAME_GATEWAYS.includes(gateway.id) && (
              <BankSelect
                currency={currency}
                value={fields.bank_name}
                onChange={set('bank_name')}
                error={errors.bank_name}
              />
            )}
          </>
        )}
        {twoFactorCode !== null && (
          <TextField
            label={t('security.withdraw.codeLabel')}
            name="two_factor_code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={32}
            value={twoFactorCode}
            onChange={(event) => setTwoFactorCode(event.target.value)}
            hint={t('security.withdraw.codeHint')}
            error={errors.two_factor_code ?? errors.code}
            className="font-mono tracking-[0.2em]"
          />
        )}
        <Button
          type="submit"
          block
          size="lg"
          loading={pending}
          disabled={minimumShown}
          data-testid="withdraw-submit"
        >
          {t('cashier.withdrawCta')}
        </Button>
      </form>
      <RecentWithdrawals />
    </div>
  );
}
