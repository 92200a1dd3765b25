import { randomBytes, randomInt } from 'node:crypto';
import type { Customer } from '@casino/contracts';
import { formatAmount, toDisplayNumber } from '@casino/money';
import { SharedCache } from '../../platform/cache.ts';
import type { EventBus } from '../../platform/events/event-bus.ts';
import { AppError } from '../../platform/http/errors.ts';
import type { AuditActor, AuditService } from '../audit/index.ts';
import type { CurrenciesService, CurrencyUnit } from '../currencies/index.ts';
import {
  type NewPlayer,
  PLAYER_CHANNEL,
  type PlayerRow,
  type PlayersRepository,
} from './players.repository.ts';

/** What the wallet knows about a player, in minor units of the player's currency. */
export type WalletSummary = { cash_minor: bigint; bonus_minor: bigint; withdrawable_minor: bigint };

/**
 * The players module asks the wallet for balances through this port, so it does
 * not depend on how the ledger stores them.
 */
export interface WalletSummaryProvider {
  summary(player_id: bigint, currency: CurrencyUnit | null): Promise<WalletSummary>;
}

export const emptyWallet: WalletSummaryProvider = {
  summary: async () => ({ cash_minor: 0n, bonus_minor: 0n, withdrawable_minor: 0n }),
};

/**
 * Player rows are read on every authenticated request and every bet: kept in memory, dropped on
 * every instance when the row changes. The bound is what a lost notification could leave stale.
 */
const PLAYER_CACHE = { ttl_ms: 30_000, size_max: 100_000 };

const USERNAME_LENGTH_MIN = 3;
const USERNAME_LENGTH_MAX = 20;
const USERNAME_ATTEMPTS_MAX = 8;

export class PlayersService {
  private readonly rows: SharedCache<PlayerRow | null>;

  constructor(
    private readonly repository: PlayersRepository,
    private readonly currencies: CurrenciesService,
    private readonly audit: AuditService,
    events: EventBus,
  ) {
    this.rows = new SharedCache<PlayerRow | null>(
      PLAYER_CACHE,
      async (key) => (await this.repository.byId(BigInt(key))) ?? null,
    ).listen(events, PLAYER_CHANNEL);
  }

  /**
   * Registration asks for a name and an email, not a username; the username is
   * derived from the email's local part and made unique with digits.
   */
  async create(input: Omit<NewPlayer, 'username' | 'referral_code'>): Promise<PlayerRow> {
    if (await this.repository.emailTaken(input.email)) {
      throw new AppError('EMAIL_TAKEN', 'An account with this email already exists');
    }
    const currency =
      input.currency_id === null ? null : await this.currencies.byId(input.currency_id);
    const base = usernameBase(input.email);
    for (let attempt = 0; attempt < USERNAME_ATTEMPTS_MAX; attempt += 1) {
      const username =
        attempt === 0
          ? base
          : `${base.slice(0, USERNAME_LENGTH_MAX - 4)}${randomInt(1000, 10_000)}`;
      if (attempt === 0 && (await this.repository.usernameTaken(username))) continue;
      const player = await this.repository.insert(
        { ...input, username, referral_code: referralCode() },
        (row) => [
          {
            type: 'PlayerRegistered',
            key: `player.registered:${row.id}`,
            payload: {
              player_id: row.id,
              country: row.country,
              currency: currency?.code ?? null,
              referral_code: row.referred_by_code ?? row.campaign_code,
              registered_at: row.created_at.toISOString(),
            },
          },
        ],
      );
      if (player) return player;
      // A concurrent registration took the email: report it as such.
      if (await this.repository.emailTaken(input.email)) {
        throw new AppError('EMAIL_TAKEN', 'An account with this email already exists');
      }
    }
    throw new AppError('CONFLICT', 'Could not choose a username; please try again');
  }

  byLogin(login: string) {
    return this.repository.byLogin(login);
  }

  byEmail(email: string) {
    return this.repository.byEmail(email);
  }

  attributed(limit = 100_000) {
    return this.repository.attributed(limit);
  }

  byReferralCodes(codes: readonly string[]) {
    return this.repository.byReferralCodes(codes);
  }

  referredBy(referral_code: string, campaign_codes: readonly string[], limit = 1000) {
    return this.repository.referredBy(referral_code, campaign_codes, limit);
  }

  /** The player's row (from memory when it was read lately and has not changed since). */
  async byId(id: bigint): Promise<PlayerRow | undefined> {
    return (await this.rows.get(String(id))) ?? undefined;
  }

  /** Usernames by id (as text); a player that does not exist is left out. */
  usernames(ids: readonly bigint[]) {
    return this.repository.usernames(ids);
  }

  /** The player's data export: their profile (no password hash). */
  async exportOf(id: bigint) {
    return { profile: await this.repository.exportOf(id) };
  }

  async setPasswordHash(id: bigint, password_hash: string): Promise<void> {
    await this.change(id, { password_hash });
  }

  update(id: bigint, patch: Partial<Pick<PlayerRow, 'status' | 'name' | 'phone' | 'kyc_status'>>) {
    return this.change(id, patch);
  }

  /** A tester's account (outside production the gate skips its jurisdiction check). */
  async setTestAccount(id: bigint, test_account: boolean): Promise<void> {
    await this.change(id, { test_account });
  }

  private async change(id: bigint, patch: Partial<Omit<PlayerRow, 'id' | 'created_at'>>) {
    const row = await this.repository.update(id, patch);
    // This instance's own notification comes later: drop the row now.
    this.rows.delete(String(id));
    return row;
  }

  /** A player's own profile change, audited with before and after values. */
  async updateProfile(
    player: PlayerRow,
    patch: { name?: string; phone?: string },
    actor: AuditActor,
  ): Promise<PlayerRow> {
    const changed = Object.fromEntries(
      Object.entries(patch).filter(
        ([key, value]) => value !== undefined && player[key as 'name' | 'phone'] !== value,
      ),
    ) as { name?: string; phone?: string };
    if (Object.keys(changed).length === 0) return player;
    const updated = await this.change(player.id, changed);
    await this.audit.record({
      actor,
      action: 'player.profile_update',
      target: { type: 'player', id: player.id },
      before: Object.fromEntries(
        Object.keys(changed).map((key) => [key, player[key as 'name' | 'phone']]),
      ),
      after: changed,
    });
    return updated ?? player;
  }

  search(
    query: string,
    page: { limit: number; offset: number },
    options?: Parameters<PlayersRepository['search']>[2],
  ) {
    return this.repository.search(query, page, options);
  }

  /** New accounts per UTC day in [from, to) (back-office dashboard). */
  registrationsByDay(from: Date, to: Date) {
    return this.repository.registrationsByDay(from, to);
  }

  /**
   * The spec's customer object: profile plus wallet fields (from `wallet`, the wallet module's
   * summary), money formatted at this edge.
   */
  async toCustomer(player: PlayerRow, wallet: WalletSummaryProvider): Promise<Customer> {
    const currency =
      player.currency_id === null ? null : await this.currencies.byId(player.currency_id);
    const summary = await wallet.summary(player.id, currency);
    const scale = currency?.scale ?? 2;
    return {
      id: Number(player.id),
      name: player.name,
      username: player.username,
      email: player.email,
      phone: player.phone,
      status: player.status,
      currency_id: currency ? currency.id : null,
      currency: currency
        ? {
            id: currency.id,
            code: currency.code,
            name: currency.name,
            prefix: currency.prefix,
            scale: currency.scale,
          }
        : null,
      wallet_default: {
        balance: toDisplayNumber(summary.cash_minor, scale),
        bounas_balance: toDisplayNumber(summary.bonus_minor, scale),
        symbol: currency?.prefix ?? '€',
        balance_exact: formatAmount(summary.cash_minor, scale),
        bounas_balance_exact: formatAmount(summary.bonus_minor, scale),
      },
      withdrawable_amount: toDisplayNumber(summary.withdrawable_minor, scale),
      kyc: player.kyc_status ? { status: player.kyc_status } : null,
      created_at: player.created_at.toISOString(),
    };
  }
}

function usernameBase(email: string): string {
  const local = (email.split('@')[0] ?? '').toLowerCase().replace(/[^a-z0-9_]/g, '');
  const base = local.slice(0, USERNAME_LENGTH_MAX);
  return base.length >= USERNAME_LENGTH_MIN ? base : `player${base}`;
}

function referralCode(): string {
  return randomBytes(6).toString('base64url').replace(/[-_]/g, 'x').toUpperCase();
}
