import { z } from 'zod';

/**
 * Domain events: what happened, told by the module where it happened to the modules that react
 * (bonus wagering, AML rules, referrals, play limits, metrics). Each is written to the outbox in
 * the database transaction of the change that caused it and delivered after commit, at least
 * once; a subscriber is idempotent on the event's key. Payloads are JSON: amounts are minor
 * units as decimal strings (`minor` below turns them back into bigint), times ISO 8601.
 */

/** A bigint in minor units, as the payload carries it. */
const minor = z
  .string()
  .regex(/^-?\d{1,19}$/)
  .transform((value) => BigInt(value));
const id = z
  .string()
  .regex(/^\d{1,19}$/)
  .transform((value) => BigInt(value));
const currency = z.string().regex(/^[A-Z0-9]{2,10}$/);
const instant = z.iso.datetime();

/** Which product took the bet. */
export const BET_PRODUCTS = ['originals', 'crash', 'provider', 'sports'] as const;
export type BetProduct = (typeof BET_PRODUCTS)[number];
/** Whose money the stake was: the player's cash, a running bonus's balance, or the operator's. */
export const BET_FUNDINGS = ['cash', 'bonus', 'free_bet', 'free_round'] as const;
export type BetFunding = (typeof BET_FUNDINGS)[number];

const betFacts = {
  /** The bet's id across products (`casino:12`, `crash:8`, `provider-round:5`, `sports:4`). */
  bet_ref: z.string().min(1).max(120),
  product: z.enum(BET_PRODUCTS),
  /** The game (`dice`, a studio game's slug) or `sports`. */
  game: z.string().min(1).max(120),
  /** The bonus contribution category: originals, slots, table, live, sports… */
  category: z.string().min(1).max(40),
  player_id: id,
  currency,
  funding: z.enum(BET_FUNDINGS),
  bonus_id: id.nullable(),
};

export const domainEventSchemas = {
  /**
   * A bet's outcome is final (a sports bet: final until a result is corrected; a correction
   * settles again with a higher `version`, or reopens it with `status: 'reopened'`).
   */
  BetSettled: z.object({
    ...betFacts,
    status: z.enum(['settled', 'reopened']),
    version: z.number().int().min(0),
    stake_minor: minor,
    payout_minor: minor,
    settled_at: instant,
    /** Sports: each leg's market and selection (both-sides checks while a bonus is wagered). */
    selections: z
      .array(z.object({ market_id: z.string().max(40), selection_id: z.string().max(40) }))
      .max(50)
      .optional(),
  }),
  /** A bet was cancelled and its stake returned whole (a round cancelled, a bet rejected). */
  BetVoided: z.object({
    ...betFacts,
    stake_minor: minor,
    voided_at: instant,
  }),
  /** Money reached a player's cash from a deposit (fiat, INR or crypto). */
  DepositCredited: z.object({
    player_id: id,
    /** Unique per deposit. */
    deposit_ref: z.string().min(1).max(120),
    method: z.enum(['fiat', 'crypto']),
    currency,
    /** What the player paid, and what reached the wallet after fees. */
    amount_minor: minor,
    credited_minor: minor,
    coupon: z.string().max(64).nullable(),
    first_deposit: z.boolean(),
    credited_at: instant,
  }),
  WithdrawalRequested: z.object({
    player_id: id,
    withdrawal_ref: z.string().min(1).max(120),
    method: z.enum(['fiat', 'crypto']),
    currency,
    amount_minor: minor,
    requested_at: instant,
  }),
  WithdrawalPaid: z.object({
    player_id: id,
    withdrawal_ref: z.string().min(1).max(120),
    method: z.enum(['fiat', 'crypto']),
    currency,
    amount_minor: minor,
    paid_at: instant,
  }),
  /** A wagered bonus turned into cash. */
  BonusConverted: z.object({
    player_id: id,
    bonus_id: id,
    currency,
    amount_minor: minor,
    converted_at: instant,
  }),
  PlayerRegistered: z.object({
    player_id: id,
    country: z.string().length(2).nullable(),
    currency: currency.nullable(),
    /** The referral code the player came with (`?c=`), if any. */
    referral_code: z.string().max(64).nullable(),
    registered_at: instant,
  }),
} as const;

export type DomainEventType = keyof typeof domainEventSchemas;
export const DOMAIN_EVENT_TYPES = Object.keys(domainEventSchemas) as DomainEventType[];

/** An event's payload as subscribers see it (bigints restored). */
export type DomainEventPayload<T extends DomainEventType> = z.output<
  (typeof domainEventSchemas)[T]
>;

/** An event as it is written: a type, a unique key, and the payload with bigints as they are. */
export type DomainEvent<T extends DomainEventType = DomainEventType> = {
  [K in T]: { type: K; key: string; payload: DomainEventPayload<K> };
}[T];

/** The payload as stored (bigints as decimal strings). */
export function encodeEventPayload(payload: object): string {
  return JSON.stringify(payload, (_key, value) =>
    typeof value === 'bigint' ? value.toString() : value,
  );
}

/** Parses a stored payload; throws on anything that does not match the type's schema. */
export function decodeEventPayload<T extends DomainEventType>(
  type: T,
  payload: unknown,
): DomainEventPayload<T> {
  return domainEventSchemas[type].parse(payload) as DomainEventPayload<T>;
}

export const isDomainEventType = (type: string): type is DomainEventType =>
  Object.hasOwn(domainEventSchemas, type);
