import type { Db } from '../../platform/db/database.ts';
import type { PlayerAuth, StaffAuth } from '../../platform/http/guards.ts';
import { periodic } from '../../platform/periodic.ts';
import type { AuditService } from '../audit/index.ts';
import type { CurrenciesService } from '../currencies/index.ts';
import type { LedgerService } from '../ledger/index.ts';
import type { PlayerGate } from '../protection/index.ts';
import type { DerivableFamily } from './crypto.hd.ts';
import { CryptoRecords } from './crypto.records.ts';
import { CryptoRepository } from './crypto.repository.ts';
import { cryptoAdminRoutes, cryptoRoutes, cryptoWithdrawalRoutes } from './crypto.routes.ts';
import { CryptoService } from './crypto.service.ts';
import { CryptoWithdrawals, type FreshSecondFactor } from './crypto.withdrawals.ts';
import { NowPaymentsProvider } from './providers/nowpayments.ts';
import { type CryptoProvider, DisabledCryptoProvider } from './providers/provider.ts';
import { SandboxCryptoProvider } from './providers/sandbox.ts';
import { SelfCustodyProvider } from './providers/self-custody.ts';

export { isValidAddress } from './crypto.address.ts';
export { DERIVABLE_FAMILIES, type DerivableFamily, parseExtendedPublicKey } from './crypto.hd.ts';
export { CRYPTO_NETWORKS, type CryptoNetwork, resolveNetwork } from './crypto.networks.ts';
export type { CryptoMovement } from './crypto.repository.ts';
export { signIpn } from './providers/ipn-signature.ts';
export { signWatcherReport } from './providers/self-custody.ts';
export type { CryptoRecords, CryptoService };

/** How often each instance books decided credits and expires unpaid invoices. */
export const CRYPTO_SWEEP_INTERVAL_MS = 30_000;

export type CryptoConfig = {
  env: string;
  publicUrl: () => string;
  /** `sandbox` (default outside production), `nowpayments`, `self_custody`, or `off` (default in production). */
  provider: 'sandbox' | 'nowpayments' | 'self_custody' | 'off';
  nowpayments?: { api_url: string; api_key: string; ipn_secret: string };
  selfCustody?: { xpubs: Partial<Record<DerivableFamily, string>>; watcher_secret: string };
  /** The sandbox processor's IPN secret (any string; instances must share it). */
  sandboxSecret: string;
};

/**
 * What other modules read of crypto deposits and withdrawals (evidence, the data export). It
 * needs only the database, so app.ts builds it early, before the modules that read it.
 */
export function createCryptoRecordsModule(deps: { db: Db }) {
  return { service: new CryptoRecords(new CryptoRepository(deps.db)) };
}

export function createCryptoModule(deps: {
  db: Db;
  ledger: LedgerService;
  currencies: CurrenciesService;
  gate: PlayerGate;
  auth: PlayerAuth;
  staff: StaffAuth;
  audit: AuditService;
  /** What a player may withdraw now (the wallet's summary). */
  /** What the player may withdraw now (the wallet: cash less holds and wagering locks). */
  wallet: { summary(player_id: bigint): Promise<{ withdrawable_minor: bigint }> };
  /** A fresh two-factor code before a withdrawal to a new address (the auth module). */
  twoFactor: FreshSecondFactor;
  config: CryptoConfig;
  log: (message: string, error: unknown) => void;
}) {
  const providers = new Map<string, CryptoProvider>();
  let active: CryptoProvider;
  if (deps.config.provider === 'nowpayments') {
    if (!deps.config.nowpayments)
      throw new Error(
        'CRYPTO_PROVIDER=nowpayments needs NOWPAYMENTS_API_KEY and NOWPAYMENTS_IPN_SECRET',
      );
    active = new NowPaymentsProvider(deps.config.nowpayments);
  } else if (deps.config.provider === 'self_custody') {
    if (!deps.config.selfCustody)
      throw new Error('CRYPTO_PROVIDER=self_custody needs CRYPTO_XPUBS and CRYPTO_WATCHER_SECRET');
    active = new SelfCustodyProvider(
      deps.config.selfCustody.xpubs,
      deps.config.selfCustody.watcher_secret,
    );
  } else if (deps.config.provider === 'off') {
    active = new DisabledCryptoProvider();
  } else {
    active = new SandboxCryptoProvider(deps.config.sandboxSecret);
  }
  providers.set(active.name, active);
  // Sandbox deposits made before a switch to a real provider can still finish outside production.
  if (deps.config.env !== 'production' && !providers.has('sandbox')) {
    providers.set('sandbox', new SandboxCryptoProvider(deps.config.sandboxSecret));
  }
  const service = new CryptoService(
    new CryptoRepository(deps.db),
    deps.ledger,
    deps.currencies,
    deps.gate,
    active,
    providers,
    {
      publicUrl: deps.config.publicUrl,
      log: deps.log,
    },
  );
  const withdrawals = new CryptoWithdrawals(
    deps.db,
    deps.ledger,
    deps.currencies,
    deps.gate,
    deps.audit,
    deps.wallet,
    () => active.name,
    deps.twoFactor,
  );
  const job = periodic('crypto sweep', () => service.sweep(), deps.log);
  return {
    service,
    withdrawals,
    routes: async (
      app: Parameters<ReturnType<typeof cryptoRoutes>>[0],
      options: Parameters<ReturnType<typeof cryptoRoutes>>[1],
    ) => {
      await cryptoRoutes(service, deps.auth, deps.config.env)(app, options);
      await cryptoWithdrawalRoutes(withdrawals, deps.auth, deps.config.env)(app, options);
    },
    adminRoutes: cryptoAdminRoutes(withdrawals, deps.staff),
    /** Books decided credits left by a crash at once, then sweeps periodically. */
    startSweeper(interval_ms = CRYPTO_SWEEP_INTERVAL_MS) {
      job.start(interval_ms);
    },
    stop: job.stop,
  };
}
