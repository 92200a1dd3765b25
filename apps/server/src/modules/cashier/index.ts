import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../platform/db/database.ts';
import type { PlayerAuth, StaffAuth } from '../../platform/http/guards.ts';
import type { AuditService } from '../audit/index.ts';
import type { CurrenciesService } from '../currencies/index.ts';
import type { LedgerService } from '../ledger/index.ts';
import type { PlayerGate } from '../protection/index.ts';
import { CashierRepository } from './cashier.repository.ts';
import { cashierRoutes } from './cashier.routes.ts';
import { CashierService } from './cashier.service.ts';
import { PaymentRecords } from './payments.records.ts';
import { PaymentsRepository } from './payments.repository.ts';
import { paymentsAdminRoutes, paymentsRoutes } from './payments.routes.ts';
import { type PaymentsOptions, PaymentsService } from './payments.service.ts';
import type { PaymentProvider } from './providers/provider.ts';
import { SandboxPaymentProvider } from './providers/sandbox.ts';
import { sandboxGatewayRoutes } from './sandbox-gateway.routes.ts';
import { withdrawalTrackerRoutes } from './withdrawal-tracker.routes.ts';
import { type TrackerPorts, WithdrawalTracker } from './withdrawal-tracker.ts';

export type { GatewayRow } from './cashier.repository.ts';
export type { PaymentMovement } from './payments.repository.ts';
export type {
  CouponCheck,
  PaymentView,
} from './payments.service.ts';
export type {
  CreatedPayment,
  CreatePaymentInput,
  PaymentProvider,
  WebhookEvent,
} from './providers/provider.ts';
export { SandboxPaymentProvider } from './providers/sandbox.ts';
export { signWebhook } from './providers/webhook-signature.ts';
export { PAYOUT_MINUTES_MAX, payoutMinutes } from './withdrawal-tracker.ts';
export type { CashierService, PaymentRecords, PaymentsService };

/**
 * The cashier's catalogue (banks, gateways), and `records`: what other modules read of the
 * payments (evidence, the data export), which needs only the database.
 */
export function createCashierModule(db: Db, audit: AuditService, currencies: CurrenciesService) {
  const repository = new CashierRepository(db);
  const service = new CashierService(repository, currencies, audit);
  const records = new PaymentRecords(new PaymentsRepository(db));
  return { service, repository, records, routes: cashierRoutes(service) };
}

/** How often each instance books credits a crash left and expires lapsed deposits. */
export const PAYMENTS_SWEEP_INTERVAL_MS = 30_000;

/**
 * Deposits and withdrawals through payment gateways (fiat and INR), the sandbox gateway's
 * hosted page, the payments desk. Built after the ledger, the gate and the wallet.
 */
export function createPaymentsModule(deps: {
  db: Db;
  cashier: ReturnType<typeof createCashierModule>;
  currencies: CurrenciesService;
  ledger: LedgerService;
  gate: PlayerGate;
  audit: AuditService;
  auth: PlayerAuth;
  staff: StaffAuth;
  env: string;
  /** The sandbox gateway's webhook secret (instances must share it). */
  sandboxSecret: string;
  /** Another adapter for new deposits; the sandbox otherwise. */
  provider?: PaymentProvider;
  options: PaymentsOptions;
  /** What the withdrawal tracker reads of other modules (bonus, protection, crypto). */
  tracker: Omit<TrackerPorts, 'approvals'>;
}) {
  const sandbox = new SandboxPaymentProvider(deps.sandboxSecret, deps.options.publicUrl);
  const active = deps.provider ?? sandbox;
  const providers = new Map<string, PaymentProvider>([[active.name, active]]);
  // Sandbox payments started before a switch can still finish outside production.
  if (deps.env !== 'production') providers.set(sandbox.name, sandbox);
  const service = new PaymentsService(
    new PaymentsRepository(deps.db),
    deps.cashier.repository,
    deps.currencies,
    deps.ledger,
    deps.gate,
    deps.audit,
    active,
    providers,
    deps.options,
  );
  const repository = new PaymentsRepository(deps.db);
  const tracker = new WithdrawalTracker(
    repository,
    deps.cashier.repository,
    deps.currencies,
    service,
    { ...deps.tracker, approvals: deps.options.approvals },
  );
  const playerRoutes = paymentsRoutes(service, deps.cashier.service, deps.auth, deps.env);
  const trackerRoutes = withdrawalTrackerRoutes(tracker, deps.auth);
  let timer: NodeJS.Timeout | null = null;
  let sweeping = false;
  const sandboxPages: FastifyPluginAsync | null = providers.has('sandbox')
    ? sandboxGatewayRoutes(service, sandbox, deps.options.publicUrl)
    : null;
  return {
    service,
    sandbox,
    tracker,
    routes: (async (app, options) => {
      await playerRoutes(app, options);
      await trackerRoutes(app, options);
    }) as typeof playerRoutes,
    adminRoutes: paymentsAdminRoutes(service, deps.staff),
    /** The sandbox gateway's hosted page (outside /api; null in production). */
    sandboxPages,
    startSweeper(interval_ms = PAYMENTS_SWEEP_INTERVAL_MS) {
      if (timer) return;
      const run = () => {
        if (sweeping) return;
        sweeping = true;
        service
          .sweep()
          .catch((error) => deps.options.log('payments sweep', error))
          .finally(() => {
            sweeping = false;
          });
      };
      run();
      timer = setInterval(run, interval_ms);
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = null;
    },
  };
}
