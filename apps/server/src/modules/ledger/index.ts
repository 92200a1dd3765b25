import type { Db } from '../../platform/db/database.ts';
import { LedgerRepository } from './ledger.repository.ts';
import { type LedgerCurrencies, type LedgerOptions, LedgerService } from './ledger.service.ts';

export { checkLedger, type LedgerCheckResult, type LedgerViolation } from './ledger.check.ts';
export {
  isLedgerError,
  LEDGER_ERRORS,
  LedgerError,
  type LedgerErrorCode,
} from './ledger.errors.ts';
export type {
  AccountKind,
  AccountRow,
  HoldRow,
  HoldState,
  HouseKind,
  MovementFilter,
  MovementRow,
  PlayerActivityRow,
  TransferKind,
  TransferRow,
} from './ledger.repository.ts';
export {
  type AccountRef,
  BATCHER_LIMITS_DEFAULT,
  HOLD_EXPIRY_MS_MAX,
  HOUSE_SHARDS_DEFAULT,
  IDEMPOTENCY_KEY_LENGTH_MAX,
  LEDGER_SCALE_MAX,
  type LedgerActor,
  type LedgerCurrencies,
  type LedgerOptions,
  MEMO_LENGTH_MAX,
  type Movement,
  OBJECT_TYPES,
  type ObjectType,
  type PostInput,
  REASON_CODES,
  type ReasonCode,
  type ReserveInput,
  type ReverseInput,
  type StoredReasonCode,
  TRANSFER_AMOUNT_MINOR_MAX,
  type Transfer,
  type TransferInput,
  type VoidInput,
} from './ledger.service.ts';
export type { LedgerService };

/**
 * `pg_notify` channel on which the ledger announces, right after a commit, that player
 * accounts changed (ledger.notifier.ts): one notification for the batches committed
 * meanwhile (more past 190 accounts, to stay below PostgreSQL's 8000-byte payload limit).
 * Payload: `<player_id>:<account_id>[,<player_id>:<account_id>…]`. At most once.
 */
export const LEDGER_PLAYER_CHANNEL = 'ledger_player';

export type PlayerEvent = { player_id: bigint; account_id: bigint };

const PLAYER_EVENT_PATTERN = /^(\d{1,19}):(\d{1,19})$/;

/** The accounts named by one notification; malformed entries are skipped. */
export function parsePlayerEvents(payload: string): PlayerEvent[] {
  const events: PlayerEvent[] = [];
  for (const entry of payload.split(',')) {
    const match = PLAYER_EVENT_PATTERN.exec(entry);
    if (match) events.push({ player_id: BigInt(match[1]!), account_id: BigInt(match[2]!) });
  }
  return events;
}

/** One `<player_id>:<account_id>` entry (the payload format before batched notifications). */
export function parsePlayerEvent(payload: string): PlayerEvent | null {
  const match = PLAYER_EVENT_PATTERN.exec(payload);
  return match ? { player_id: BigInt(match[1]!), account_id: BigInt(match[2]!) } : null;
}

/** How often each instance looks for expired holds to release. */
export const HOLD_SWEEP_INTERVAL_MS = 5_000;

/** `currencies`: the currency catalogue (the currencies module), for the scale of a new account's currency. */
export function createLedgerModule(
  db: Db,
  currencies: LedgerCurrencies,
  options: LedgerOptions = {},
) {
  const service = new LedgerService(new LedgerRepository(db), currencies, options);
  let timer: NodeJS.Timeout | null = null;
  let sweeping = false;
  return {
    service,
    /** Starts releasing expired holds in the background (every instance may run it). */
    startExpirySweeper(log: (error: unknown) => void, interval_ms = HOLD_SWEEP_INTERVAL_MS) {
      if (timer) return;
      timer = setInterval(() => {
        if (sweeping) return;
        sweeping = true;
        service
          .expireDue()
          .catch(log)
          .finally(() => {
            sweeping = false;
          });
      }, interval_ms);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await service.drain();
    },
  };
}
