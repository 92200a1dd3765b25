import path from 'node:path';
import { z } from 'zod';
import { POOL_SIZE_DEFAULT } from './db/database.ts';
import { LEADER_LEASE_MS_DEFAULT } from './leader.ts';
import { OUTBOX_RETENTION_HOURS_DEFAULT } from './outbox/outbox.retention.ts';
import { parseSecretsKey } from './secrets.ts';

/** SIGTERM's default bound on the drain: a bet takes milliseconds, a slow report a few seconds. */
export const SHUTDOWN_TIMEOUT_MS_DEFAULT = 15_000;

/**
 * The environment, parsed once at start-up. Every problem is reported in one
 * error so an operator fixes a deployment in one pass, not one variable at a time.
 */
const environment = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  /** Where to listen; unset: every interface in production, this machine only otherwise. */
  HOST: z.string().min(1).optional(),
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  /**
   * A direct (not pooled) address for what needs a session of its own: LISTEN, the migrations'
   * advisory lock, the job queue. Set it when DATABASE_URL points at PgBouncer in transaction mode.
   */
  DATABASE_DIRECT_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  /** A read replica for the heavy read-only back-office reports and exports; unset: the primary. */
  DATABASE_REPLICA_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  /** Connections this instance's pool may open; sized against max_connections (docs/ops/scaling.md). */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(2).max(500).default(POOL_SIZE_DEFAULT),
  /** After SIGTERM, how long the instance still serves while the proxy sees it draining. */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(60_000).default(0),
  /** How long SIGTERM waits for requests and bets in flight before closing anyway. */
  SHUTDOWN_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(0)
    .max(120_000)
    .default(SHUTDOWN_TIMEOUT_MS_DEFAULT),
  DATA_DIR: z.string().min(1).default('./.data'),
  PUBLIC_URL: z.url('must be an absolute URL such as https://casino.example').optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().default('no-reply@casino.invalid'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  /** Comma-separated extra origins allowed by CORS, on top of those in operator settings. */
  CORS_ORIGINS: z.string().optional(),
  /** Set to "false" to skip the demo seed (players, balances); reference data is always seeded. */
  SEED_DEMO: z.enum(['true', 'false']).optional(),
  /** Number of proxies in front of the server whose X-Forwarded-For is trusted. */
  TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
  /** A missing or corrupt GeoIP database stops start-up, unless this says to use the declared country only. */
  GEOIP_FALLBACK: z.enum(['none', 'declared']).default('none'),
  /** The anonymising-network list (addresses and CIDR ranges); default apps/server/data/anonymisers.txt. */
  ANONYMISER_LIST: z.string().min(1).optional(),
  /** Sign-ups allowed per client address and hour (raise it behind a shared NAT; the browser journeys do). */
  SIGNUP_LIMIT_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(10),
  /** Back-office sign-in attempts allowed per client address and 15 minutes. */
  STAFF_LOGIN_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(30),
  /** Failed back-office sign-ins per account and address before the back-off starts. */
  STAFF_LOGIN_FREE_FAILURES: z.coerce.number().int().min(1).max(1_000_000).default(5),
  /** Where crypto deposits go: the built-in sandbox (default outside production), a NOWPayments-style processor, or off. */
  CRYPTO_PROVIDER: z.enum(['sandbox', 'nowpayments', 'self_custody', 'off']).optional(),
  /** Self-custody: `family=xpub` pairs, comma-separated (bitcoin, litecoin, dogecoin, evm, tron, xrp, bnb_beacon). */
  CRYPTO_XPUBS: z
    .string()
    .regex(
      /^((bitcoin|litecoin|dogecoin|evm|tron|xrp|bnb_beacon)=[1-9A-HJ-NP-Za-km-z]{100,120})(,(bitcoin|litecoin|dogecoin|evm|tron|xrp|bnb_beacon)=[1-9A-HJ-NP-Za-km-z]{100,120})*$/,
      'must be family=xpub pairs separated by commas, e.g. bitcoin=zpub…,evm=xpub…',
    )
    .optional(),
  /** Self-custody: the secret the chain watcher signs its reports with. */
  CRYPTO_WATCHER_SECRET: z.string().min(16).optional(),
  NOWPAYMENTS_API_URL: z.url('must be an absolute URL').default('https://api.nowpayments.io/v1'),
  NOWPAYMENTS_API_KEY: z.string().min(8).optional(),
  NOWPAYMENTS_IPN_SECRET: z.string().min(8).optional(),
  /** The sandbox processor's IPN secret; every instance must use the same. */
  CRYPTO_SANDBOX_SECRET: z.string().min(8).default('sandbox-ipn-secret'),
  /**
   * The Crash engine (one round for everybody) runs on whichever instance holds its leader lease;
   * `off` keeps this instance out of the election (default off in tests only).
   */
  CRASH_ENGINE: z.enum(['on', 'off']).optional(),
  /**
   * Where the audit chain's head is exported (a file, or an http(s) URL that is POSTed it): point
   * it at write-once storage. Default `<DATA_DIR>/audit-heads.jsonl`.
   */
  AUDIT_HEAD_EXPORT: z.string().min(1).max(2_000).optional(),
  AUDIT_HEAD_EXPORT_MINUTES: z.coerce.number().int().min(1).max(1_440).default(15),
  /** Crash's betting phase and the pause after a crash (defaults in modules/casino). */
  CRASH_BETTING_MS: z.coerce.number().int().min(500).max(60_000).optional(),
  CRASH_PAUSE_MS: z.coerce.number().int().min(0).max(60_000).optional(),
  /** How long a singleton's leader lease lasts unless renewed; a standby takes over after it runs out. */
  LEADER_LEASE_MS: z.coerce.number().int().min(500).max(60_000).default(LEADER_LEASE_MS_DEFAULT),
  /** The sandbox payment gateway's webhook secret; every instance must use the same. */
  CASHIER_SANDBOX_SECRET: z.string().min(8).default('sandbox-webhook-secret'),
  /** An external KYC vendor's name and the secret its signed callbacks use (modules/kyc). */
  KYC_VENDOR: z
    .string()
    .regex(/^[a-z_]{2,32}$/, 'must be a short lowercase name such as sumsub')
    .default('vendor'),
  KYC_CALLBACK_SECRET: z.string().min(16).optional(),
  /** Opens `GET /metrics` (Prometheus) on the main port to this bearer token. */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /** Serves `/metrics` on a second, internal listener at this port instead (0: any free port). */
  METRICS_PORT: z.coerce.number().int().min(0).max(65_535).optional(),
  /** The internal metrics listener's address; loopback unless the operator opens it. */
  METRICS_HOST: z.string().default('127.0.0.1'),
  /** The demo game studio's provider-API secret; unset in production switches the studio off. */
  LANTERN_STUDIO_SECRET: z.string().min(16).optional(),
  /**
   * The key secrets at rest are sealed with (AES-256-GCM: TOTP secrets, the odds feed's API key):
   * 32 bytes, base64 or hex (`openssl rand -base64 32`). Required in production; elsewhere one is
   * made and kept in `<DATA_DIR>/secrets-key`. Every instance needs the same; keep it with the backups.
   */
  SECRETS_KEY: z
    .string()
    .refine((text) => parseSecretsKey(text) !== null, 'must be 32 bytes as base64 or 64 hex digits')
    .optional(),
  /**
   * The key before SECRETS_KEY while it is rotated (docs/ops/secrets-key-rotation.md): it only
   * opens what it sealed, until `npm run secrets:rotate` has re-sealed everything.
   */
  SECRETS_KEY_PREVIOUS: z
    .string()
    .refine((text) => parseSecretsKey(text) !== null, 'must be 32 bytes as base64 or 64 hex digits')
    .optional(),
  /** Domain events are deleted this many hours after they were written, once every subscriber has them. */
  OUTBOX_RETENTION_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(8_760)
    .default(OUTBOX_RETENTION_HOURS_DEFAULT),
});

/** Every variable the server reads (the deploy files are checked against it). */
export const ENVIRONMENT_VARIABLES: readonly string[] = Object.keys(environment.shape);

export type Config = {
  /** This instance stands for the Crash engine's leader lease (default: outside tests). */
  crashEngine?: boolean;
  /** The singletons' leader lease length (platform/leader.ts). */
  leaderLeaseMs?: number;
  /** Where and how often the audit chain's head is exported (modules/audit/audit.heads.ts). */
  auditHeadExport: { target: string; interval_ms: number };
  /** Crash's phase lengths, when the operator changes them. */
  crashPhases?: { betting_ms?: number; pause_ms?: number };
  port: number;
  host: string;
  env: 'development' | 'test' | 'production';
  databaseUrl: string | undefined;
  databaseDirectUrl?: string | undefined;
  databaseReplicaUrl?: string | undefined;
  databasePoolSize?: number;
  shutdownTimeoutMs?: number;
  shutdownGraceMs?: number;
  dataDir: string;
  publicUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  logLevel: string;
  corsOrigins: string[];
  seedDemo: boolean;
  trustProxyHops: number;
  geoipFallback: 'none' | 'declared';
  anonymiserList: string | undefined;
  signupLimitPerHour: number;
  /** Back-office sign-in attempts per address and 15 minutes; failures before the back-off. */
  staffLogin: { limit: number; freeFailures: number };
  /** The sandbox payment gateway's webhook secret. */
  cashierSandboxSecret: string;
  /** Identity verification: the external vendor whose signed callbacks are accepted. */
  kyc: { vendor: string; callbackSecret: string | undefined };
  /** Where Prometheus may scrape (platform/metrics/endpoint.ts); neither set: nowhere. */
  metrics: { token?: string; port?: number; host: string };
  /** The in-repo demo studio (`/studio/lantern`): its secret, or null when it is off. */
  lanternStudioSecret: string | null;
  /** How long delivered domain events are kept (platform/outbox retention). */
  outboxRetentionHours: number;
  /** `SECRETS_KEY` as given; unset outside production: the data directory's development key. */
  secretsKey?: string | undefined;
  /** `SECRETS_KEY_PREVIOUS`: opens, never seals; set only while a rotation is under way. */
  secretsKeyPrevious?: string | undefined;
  crypto: {
    provider: 'sandbox' | 'nowpayments' | 'self_custody' | 'off';
    nowpayments?: { api_url: string; api_key: string; ipn_secret: string };
    selfCustody?: { xpubs: Record<string, string>; watcher_secret: string };
    sandboxSecret: string;
  };
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid environment:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = environment.safeParse(
    Object.fromEntries(Object.entries(source).filter(([, value]) => value !== '')),
  );
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
    );
  }
  const env = parsed.data;
  const port = env.PORT;
  const cryptoProvider = env.CRYPTO_PROVIDER ?? (env.NODE_ENV === 'production' ? 'off' : 'sandbox');
  if (env.NODE_ENV === 'production' && env.SECRETS_KEY === undefined) {
    throw new ConfigError([
      'SECRETS_KEY: required in production (32 bytes, e.g. `openssl rand -base64 32`); keep it with the backups',
    ]);
  }
  if (
    cryptoProvider === 'nowpayments' &&
    (!env.NOWPAYMENTS_API_KEY || !env.NOWPAYMENTS_IPN_SECRET)
  ) {
    throw new ConfigError([
      'CRYPTO_PROVIDER=nowpayments needs NOWPAYMENTS_API_KEY and NOWPAYMENTS_IPN_SECRET',
    ]);
  }
  return {
    port,
    host: env.HOST ?? (env.NODE_ENV === 'production' ? '0.0.0.0' : '127.0.0.1'),
    env: env.NODE_ENV,
    databaseUrl: env.DATABASE_URL,
    databaseDirectUrl: env.DATABASE_DIRECT_URL,
    databaseReplicaUrl: env.DATABASE_REPLICA_URL,
    databasePoolSize: env.DATABASE_POOL_SIZE,
    shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT_MS,
    shutdownGraceMs: env.SHUTDOWN_GRACE_MS,
    dataDir: path.resolve(env.DATA_DIR),
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    logLevel: env.LOG_LEVEL ?? (env.NODE_ENV === 'test' ? 'silent' : 'info'),
    corsOrigins: (env.CORS_ORIGINS ?? '')
      .split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
    seedDemo: env.SEED_DEMO ? env.SEED_DEMO === 'true' : env.NODE_ENV !== 'production',
    trustProxyHops: env.TRUST_PROXY_HOPS,
    geoipFallback: env.GEOIP_FALLBACK,
    anonymiserList: env.ANONYMISER_LIST,
    signupLimitPerHour: env.SIGNUP_LIMIT_PER_HOUR,
    staffLogin: { limit: env.STAFF_LOGIN_LIMIT, freeFailures: env.STAFF_LOGIN_FREE_FAILURES },
    cashierSandboxSecret: env.CASHIER_SANDBOX_SECRET,
    kyc: { vendor: env.KYC_VENDOR, callbackSecret: env.KYC_CALLBACK_SECRET },
    metrics: {
      ...(env.METRICS_TOKEN ? { token: env.METRICS_TOKEN } : {}),
      ...(env.METRICS_PORT !== undefined ? { port: env.METRICS_PORT } : {}),
      host: env.METRICS_HOST,
    },
    crashEngine: env.CRASH_ENGINE ? env.CRASH_ENGINE === 'on' : env.NODE_ENV !== 'test',
    leaderLeaseMs: env.LEADER_LEASE_MS,
    auditHeadExport: {
      target:
        env.AUDIT_HEAD_EXPORT === undefined || /^https?:\/\//.test(env.AUDIT_HEAD_EXPORT)
          ? (env.AUDIT_HEAD_EXPORT ?? path.join(path.resolve(env.DATA_DIR), 'audit-heads.jsonl'))
          : path.resolve(env.AUDIT_HEAD_EXPORT),
      interval_ms: env.AUDIT_HEAD_EXPORT_MINUTES * 60_000,
    },
    crashPhases: {
      ...(env.CRASH_BETTING_MS !== undefined ? { betting_ms: env.CRASH_BETTING_MS } : {}),
      ...(env.CRASH_PAUSE_MS !== undefined ? { pause_ms: env.CRASH_PAUSE_MS } : {}),
    },
    lanternStudioSecret:
      env.LANTERN_STUDIO_SECRET ??
      (env.NODE_ENV === 'production' ? null : 'lantern-studio-demo-secret'),
    outboxRetentionHours: env.OUTBOX_RETENTION_HOURS,
    secretsKey: env.SECRETS_KEY,
    secretsKeyPrevious: env.SECRETS_KEY_PREVIOUS,
    crypto: {
      provider: cryptoProvider,
      ...(cryptoProvider === 'nowpayments'
        ? {
            nowpayments: {
              api_url: env.NOWPAYMENTS_API_URL,
              api_key: env.NOWPAYMENTS_API_KEY!,
              ipn_secret: env.NOWPAYMENTS_IPN_SECRET!,
            },
          }
        : {}),
      ...(cryptoProvider === 'self_custody'
        ? {
            selfCustody: {
              xpubs: Object.fromEntries(
                env.CRYPTO_XPUBS!.split(',').map((pair) => pair.split('=') as [string, string]),
              ),
              watcher_secret: env.CRYPTO_WATCHER_SECRET!,
            },
          }
        : {}),
      sandboxSecret: env.CRYPTO_SANDBOX_SECRET,
    },
  };
}
