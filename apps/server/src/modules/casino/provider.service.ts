import { createHash, randomBytes } from 'node:crypto';
import { formatAmount, isMoneyError, parseRate, toEuroAfterFee } from '@casino/money';
import { parseAmountInput } from '../../platform/amounts.ts';
import { AppError } from '../../platform/http/errors.ts';
import { hmacHex, safeEqual } from '../../platform/signing.ts';
import type { FreeRounds } from '../bonus/index.ts';
import type { GateClient } from '../protection/index.ts';
import type { Wager, WagersService } from '../wagers/index.ts';
import { isProviderErrorCode, ProviderError, type ProviderErrorCode } from './casino.errors.ts';
import type { LobbyGameRow, LobbyRepository } from './lobby.repository.ts';
import type {
  GameSessionRow,
  IntegrationRow,
  ProviderRepository,
  RoundRow,
  TxnRow,
} from './provider.repository.ts';

/** A signed request older (or newer) than this is refused, so a captured one cannot be replayed later. */
export const SIGNATURE_WINDOW_MS = 5 * 60_000;
/** A game session lets the studio debit for this long after launch (wins and rollbacks never expire). */
export const GAME_SESSION_TTL_MS = 12 * 60 * 60_000;

export type ProviderDeps = {
  /** The wallet currency of a player (code, scale), or null when the player is unknown. */
  playerCurrency: (player_id: bigint) => Promise<{ code: string; scale: number } | null>;
  /** Units of a currency per euro (the currency's `rate_to_eur`), for the games' EUR bet ranges. */
  rateToEur?: (currency: string) => Promise<string | null>;
  wagers: WagersService;
};

export type SessionInput = {
  session_token: string;
  player_id: string;
  currency: string;
  game_code: string;
};
export type BetInput = SessionInput & { round_id: string; transaction_id: string; amount: string };
export type WinInput = BetInput & { round_closed?: boolean };
export type RollbackInput = {
  player_id: string;
  currency: string;
  round_id: string;
  transaction_id: string;
  reference_transaction_id: string;
};
export type RoundEndInput = { player_id: string; currency: string; round_id: string };
export type FreeRoundInput = SessionInput & {
  grant_id: string;
  round_id: string;
  transaction_id: string;
  win: string;
};

export type { FreeRounds };

export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** The signature a request must carry: hex HMAC-SHA256 over `<timestamp>.<raw body>`. */
export function providerSignature(secret: string, timestamp: string, rawBody: string): string {
  return hmacHex('sha256', secret, `${timestamp}.${rawBody}`);
}

/**
 * The seamless wallet a third-party studio calls (docs/provider-api.md): the studio runs the
 * game, the player's money stays here. Every debit and credit is a ledger transfer keyed by
 * the studio's transaction id, so a retry never moves money twice; every transaction id is
 * remembered (a rollback of an unknown bet leaves a tombstone that refuses the late bet).
 */
export class ProviderService {
  constructor(
    private readonly repository: ProviderRepository,
    private readonly lobby: LobbyRepository,
    private readonly deps: ProviderDeps,
  ) {}

  private get wagers(): WagersService {
    return this.deps.wagers;
  }

  /**
   * A round as the bet path (modules/wagers) knows it: its first bet decided whose money stakes
   * all of it (bonus first); the studio's house account takes the stakes.
   */
  private wager(
    integration: Pick<IntegrationRow, 'code'>,
    round: RoundRow,
    game?: { slug: string; category: string },
  ): Wager {
    return {
      bet_ref: `provider-round:${round.id}`,
      product: 'provider',
      game: game?.slug ?? integration.code,
      category: game?.category ?? 'slots',
      player_id: round.player_id,
      currency: round.currency,
      house: { kind: 'wagers', purpose: integration.code },
      funding: round.bonus_id === null ? 'cash' : 'bonus',
      bonus_id: round.bonus_id,
      object_id: `provider:${integration.code}:${round.round_ref}`,
      actor: { type: 'provider', id: integration.code },
      settle_actor: { type: 'provider', id: integration.code },
    };
  }

  /** Checks the request's signature and age; returns the calling studio. */
  async authenticate(
    code: string,
    headers: { timestamp: string | undefined; signature: string | undefined },
    rawBody: string,
    now = Date.now(),
  ): Promise<IntegrationRow> {
    const integration = await this.repository.integrationByCode(code);
    if (!integration?.enabled) {
      throw new ProviderError('UNKNOWN_PROVIDER', `No connected provider "${code}"`);
    }
    const { timestamp, signature } = headers;
    if (!timestamp || !/^\d{10,16}$/.test(timestamp) || !signature) {
      throw new ProviderError(
        'INVALID_SIGNATURE',
        'X-Timestamp (Unix milliseconds) and X-Signature headers are required',
      );
    }
    const expected = Buffer.from(providerSignature(integration.secret, timestamp, rawBody));
    const given = Buffer.from(signature.replace(/^sha256=/, '').toLowerCase());
    if (!safeEqual(given, expected)) {
      throw new ProviderError('INVALID_SIGNATURE', 'The request signature does not match its body');
    }
    if (Math.abs(now - Number(timestamp)) > SIGNATURE_WINDOW_MS) {
      throw new ProviderError(
        'STALE_REQUEST',
        'The request timestamp is more than 5 minutes away from the server clock',
      );
    }
    return integration;
  }

  /** Opens a real-money session for a launch; the token goes to the studio in the launch URL. */
  async openSession(input: {
    player_id: bigint;
    game: LobbyGameRow;
    currency: string;
    client: GateClient;
  }) {
    const token = `gs_${randomBytes(24).toString('base64url')}`;
    const session = await this.repository.insertSession({
      token_hash: sha256(token),
      player_id: input.player_id,
      game_id: input.game.id,
      provider_id: input.game.provider_id,
      currency: input.currency,
      client_ip: input.client.ip,
      debug_country: input.client.debug_country ?? null,
      language: input.client.language ?? null,
      expires_at: new Date(Date.now() + GAME_SESSION_TTL_MS),
    });
    return { token, session };
  }

  integration(provider_id: number) {
    return this.repository.integrationByProvider(provider_id);
  }

  upsertIntegration(row: Omit<IntegrationRow, 'enabled' | 'updated_at'>) {
    return this.repository.upsertIntegration(row);
  }

  // ---- helpers -------------------------------------------------------------------------

  private roundKey(integration: IntegrationRow, round_ref: string) {
    return `${integration.provider_id}:${round_ref}`;
  }

  private async balanceOf(player_id: bigint, currency: { code: string; scale: number }) {
    const { cash_available_minor } = await this.wagers.balances(player_id, currency.code);
    return formatAmount(cash_available_minor, currency.scale);
  }

  private async ok<T extends object>(
    player_id: bigint,
    currency: { code: string; scale: number },
    extra: T = {} as T,
  ) {
    const { cash_available_minor, bonus_stakeable_minor: bonus } = await this.wagers.balances(
      player_id,
      currency.code,
    );
    return {
      ...extra,
      balance: formatAmount(cash_available_minor, currency.scale),
      // Bonus money a bet may stake (the operator's "bonus first" order, decision 0805), else 0.
      bonus_balance: formatAmount(bonus, currency.scale),
      currency: currency.code,
    };
  }

  private async refuse(
    code: ProviderErrorCode,
    message: string,
    player_id: bigint,
    currency: { code: string; scale: number },
  ): Promise<never> {
    throw new ProviderError(
      code,
      message,
      await this.balanceOf(player_id, currency),
      currency.code,
    );
  }

  /** The player named in the request, in the currency the request names (which must be theirs). */
  private async player(player_id: string, currencyCode: string) {
    const id = /^\d{1,18}$/.test(player_id) ? BigInt(player_id) : null;
    const currency = id === null ? null : await this.deps.playerCurrency(id);
    if (id === null || !currency)
      throw new ProviderError('UNKNOWN_PLAYER', `No player "${player_id}"`);
    if (currency.code !== currencyCode) {
      throw new ProviderError(
        'WRONG_CURRENCY',
        `The player's wallet is in ${currency.code}, not ${currencyCode}`,
        await this.balanceOf(id, currency),
        currency.code,
      );
    }
    return { id, currency };
  }

  /** The session of the token; for debits it must be this player's, this studio's and unexpired. */
  private async session(
    integration: IntegrationRow,
    token: string,
    player: { id: bigint; currency: { code: string; scale: number } },
    opts: { requireLive: boolean },
  ): Promise<GameSessionRow> {
    const session = await this.repository.sessionByHash(sha256(token));
    if (
      !session ||
      session.provider_id !== integration.provider_id ||
      session.player_id !== player.id
    ) {
      return this.refuse(
        'UNKNOWN_SESSION',
        'No such game session for this player',
        player.id,
        player.currency,
      );
    }
    if (opts.requireLive && session.expires_at.getTime() < Date.now()) {
      return this.refuse(
        'SESSION_EXPIRED',
        'The game session has expired',
        player.id,
        player.currency,
      );
    }
    return session;
  }

  private async game(
    integration: IntegrationRow,
    game_code: string,
    session: GameSessionRow | null,
  ) {
    const game = session ? await this.lobby.byId(session.game_id) : undefined;
    if (
      !game ||
      game.provider_game_code !== game_code ||
      game.provider_id !== integration.provider_id
    ) {
      throw new ProviderError('UNKNOWN_GAME', `The session is not for game "${game_code}"`);
    }
    return game;
  }

  private amount(
    raw: string,
    currency: { code: string; scale: number },
    player_id: bigint,
    allowZero: boolean,
  ) {
    let minor: bigint;
    try {
      minor = parseAmountInput(raw.trim(), currency.scale);
    } catch (error) {
      if (isMoneyError(error)) {
        return this.refuse(
          'INVALID_AMOUNT',
          `amount: ${error.message} (${currency.code} has ${currency.scale} decimals)`,
          player_id,
          currency,
        );
      }
      throw error;
    }
    if (minor < 0n || (!allowZero && minor === 0n)) {
      return this.refuse('INVALID_AMOUNT', 'amount: must be more than 0', player_id, currency);
    }
    return minor;
  }

  /** Same transaction id again: the same answer when it is the same request, else a conflict. */
  private async replay(
    existing: TxnRow,
    expected: {
      kind: TxnRow['kind'];
      amount_minor: bigint | null;
      round_ref: string;
      reference?: string;
    },
    player: { id: bigint; currency: { code: string; scale: number } },
  ) {
    if (existing.kind === 'bet' && expected.kind === 'bet' && existing.status === 'rolled_back') {
      return this.refuse(
        'TRANSACTION_ROLLED_BACK',
        `Transaction ${existing.txn_ref} was rolled back; it cannot be applied`,
        player.id,
        player.currency,
      );
    }
    const same =
      existing.kind === expected.kind &&
      existing.player_id === player.id &&
      existing.round_ref === expected.round_ref &&
      existing.amount_minor === expected.amount_minor &&
      (expected.reference === undefined || existing.reference_txn_ref === expected.reference);
    if (!same) {
      return this.refuse(
        'DUPLICATE_TRANSACTION',
        `Transaction id ${existing.txn_ref} was already used for a different request`,
        player.id,
        player.currency,
      );
    }
    if (existing.status === 'refused') {
      return this.refuse(
        (existing.refusal_code as ProviderErrorCode | null) ?? 'INSUFFICIENT_FUNDS',
        `Transaction ${existing.txn_ref} was refused`,
        player.id,
        player.currency,
      );
    }
    return existing;
  }

  // ---- the API -------------------------------------------------------------------------

  async balance(integration: IntegrationRow, input: SessionInput) {
    const player = await this.player(input.player_id, input.currency);
    const session = await this.session(integration, input.session_token, player, {
      requireLive: true,
    });
    const game = await this.game(integration, input.game_code, session);
    const grants = this.wagers.freeRounds
      ? await this.wagers.freeRounds.active(player.id, game.slug, player.currency.code)
      : [];
    return this.ok(player.id, player.currency, {
      free_rounds: grants.map((grant) => ({
        grant_id: grant.grant_id,
        spins_total: grant.spins_total,
        spins_left: grant.spins_left,
        bet: formatAmount(grant.bet_minor, player.currency.scale),
        win: formatAmount(grant.win_minor, player.currency.scale),
        expires_at: grant.expires_at.toISOString(),
      })),
    });
  }

  /**
   * A stake inside the game's bet range (the catalogue's, in EUR: decision 0510). Other
   * currencies convert at the currency catalogue's rate; a currency without a rate is not checked (the
   * studio's own limits still apply).
   */
  private async checkBetRange(
    game: LobbyGameRow,
    amount: bigint,
    player: { id: bigint; currency: { code: string; scale: number } },
  ) {
    let eur: bigint;
    if (player.currency.code === 'EUR') eur = amount;
    else {
      const rate = await this.deps.rateToEur?.(player.currency.code);
      if (!rate) return;
      eur = toEuroAfterFee(amount, player.currency, parseRate(rate), '0', 'toward_zero');
    }
    if (eur >= game.min_bet_eur_minor && eur <= game.max_bet_eur_minor) return;
    const range = `${formatAmount(game.min_bet_eur_minor, 2)} to ${formatAmount(game.max_bet_eur_minor, 2)} EUR`;
    return this.refuse(
      'BET_OUT_OF_RANGE',
      `Bets on this game are ${range}${player.currency.code === 'EUR' ? '' : ' (or the equivalent)'}`,
      player.id,
      player.currency,
    );
  }

  /**
   * One free spin played by the studio against a grant (decision 0804): no stake moves (the
   * spins are the operator's); its win is counted on the grant, and when the last spin is in,
   * the total becomes a bonus. Idempotent by transaction id. Real-money play must be open for
   * the player (the gate's check, with the launch's address): a self-excluded player cannot
   * play free spins either.
   */
  async freeRound(integration: IntegrationRow, input: FreeRoundInput) {
    const player = await this.player(input.player_id, input.currency);
    const session = await this.session(integration, input.session_token, player, {
      requireLive: true,
    });
    const game = await this.game(integration, input.game_code, session);
    const win = await this.amount(input.win, player.currency, player.id, true);
    await this.wagers.check({
      client: {
        ip: session.client_ip,
        ...(session.debug_country ? { debug_country: session.debug_country } : {}),
        ...(session.language ? { language: session.language } : {}),
        route: '/api/provider/v1/:provider/free-round',
      },
      player_id: player.id,
      action: 'casino_bet',
      currency: player.currency.code,
      reference: `provider:${integration.code}:${input.transaction_id}`,
    });
    let played: Awaited<ReturnType<FreeRounds['play']>>;
    try {
      played = await this.wagers.freeRounds.play({
        provider: integration.code,
        grant_id: input.grant_id,
        player_id: player.id,
        game: game.slug,
        currency: player.currency.code,
        round_id: input.round_id,
        transaction_id: input.transaction_id,
        win_minor: win,
      });
    } catch (error) {
      if (error instanceof AppError && isProviderErrorCode(error.code))
        return this.refuse(error.code, error.message, player.id, player.currency);
      throw error;
    }
    return this.ok(player.id, player.currency, {
      transaction_id: input.transaction_id,
      grant_id: input.grant_id,
      spins_total: played.spins_total,
      spins_left: played.spins_left,
      win: formatAmount(played.win_minor, player.currency.scale),
      finished: played.finished,
    });
  }

  /** Debit: player cash → wagers:<provider>, behind the gate, keyed by the studio's id. */
  async bet(integration: IntegrationRow, input: BetInput) {
    const player = await this.player(input.player_id, input.currency);
    const amount = await this.amount(input.amount, player.currency, player.id, false);
    const prior = await this.repository.txn(integration.provider_id, input.transaction_id);
    if (prior && prior.status !== 'pending') {
      await this.replay(
        prior,
        { kind: 'bet', amount_minor: amount, round_ref: input.round_id },
        player,
      );
      return this.ok(player.id, player.currency, { transaction_id: input.transaction_id });
    }
    const session = await this.session(integration, input.session_token, player, {
      requireLive: true,
    });
    const game = await this.game(integration, input.game_code, session);
    await this.checkBetRange(game, amount, player);
    const reference = `provider:${integration.code}:${input.transaction_id}`;
    // The player's own address and country from the launch: the studio's server is not the player.
    // A new round's first bet decides which money stakes the whole round (bonus first): the pick
    // is stored only when this bet opens the round. Under cash first it costs no query.
    const { bonus_id } = await this.wagers.admit({
      client: {
        ip: session.client_ip,
        ...(session.debug_country ? { debug_country: session.debug_country } : {}),
        ...(session.language ? { language: session.language } : {}),
        route: '/api/provider/v1/:provider/bet',
      },
      player_id: player.id,
      currency: player.currency.code,
      scale: player.currency.scale,
      amount_minor: amount,
      action: 'provider_debit',
      reference,
      bonus_funding: true,
    });
    const roundKey = this.roundKey(integration, input.round_id);
    const claimed = await this.repository.transaction(roundKey, async (tx) => {
      const existingRound = await this.repository.round(
        integration.provider_id,
        input.round_id,
        tx,
        true,
      );
      if (
        existingRound &&
        (existingRound.player_id !== player.id || existingRound.status === 'closed')
      ) {
        return {
          error: existingRound.status === 'closed' ? 'ROUND_CLOSED' : 'DUPLICATE_TRANSACTION',
        } as const;
      }
      const round =
        existingRound ??
        (await this.repository.ensureRound(tx, {
          provider_id: integration.provider_id,
          round_ref: input.round_id,
          player_id: player.id,
          game_id: game.id,
          session_id: session.id,
          currency: player.currency.code,
          bonus_id,
        }));
      const { row, inserted } = await this.repository.claimTxn(tx, {
        provider_id: integration.provider_id,
        txn_ref: input.transaction_id,
        kind: 'bet',
        round_id: round.id,
        round_ref: input.round_id,
        player_id: player.id,
        currency: player.currency.code,
        amount_minor: amount,
        reference_txn_ref: null,
        status: 'pending',
      });
      return { row, inserted, round } as const;
    });
    if ('error' in claimed && claimed.error) {
      await this.wagers.release(reference);
      return this.refuse(
        claimed.error,
        claimed.error === 'ROUND_CLOSED'
          ? `Round ${input.round_id} is closed`
          : `Round ${input.round_id} belongs to another player`,
        player.id,
        player.currency,
      );
    }
    if (!claimed.inserted && claimed.row.status !== 'pending') {
      // A concurrent duplicate (or the tombstone of an earlier rollback) won the id.
      await this.wagers.release(reference);
      await this.replay(
        claimed.row,
        { kind: 'bet', amount_minor: amount, round_ref: input.round_id },
        player,
      );
      return this.ok(player.id, player.currency, { transaction_id: input.transaction_id });
    }
    if (!claimed.inserted) {
      await this.replay(
        claimed.row,
        { kind: 'bet', amount_minor: amount, round_ref: input.round_id },
        player,
      );
    }
    await this.applyBet(integration, claimed.row, claimed.round, reference, roundKey);
    return this.ok(player.id, player.currency, { transaction_id: input.transaction_id });
  }

  /** The round's bonus (bonus first) or the player's cash pays the bet; false: too little. */
  private async takeStake(integration: IntegrationRow, txn: TxnRow, round: RoundRow) {
    const move = {
      key: `provider-bet:${integration.code}:${txn.txn_ref}`,
      amount_minor: txn.amount_minor!,
    };
    const staked = await this.wagers.stake(this.wager(integration, round), move);
    if (staked.ok || round.bonus_id === null) return staked.ok;
    // The bonus this round's first bet picked ended or was spent before its stake was taken:
    // while no other bet is in the round, the round becomes a cash round (as an original falls
    // back to cash), recorded before the cash moves so its wins and refunds go to cash too.
    if (!(await this.repository.dropRoundBonus(round.id, round.bonus_id, txn.id))) return false;
    const cash = await this.wagers.stake(
      this.wager(integration, { ...round, bonus_id: null }),
      move,
    );
    return cash.ok;
  }

  /** Pays a win or a refund into the round's bonus (bonus first) or the player's cash. */
  private credit(
    integration: IntegrationRow,
    round: RoundRow,
    move: { key: string; amount_minor: bigint; reason_code: 'win' | 'bet_refund' },
  ) {
    return this.wagers.credit(this.wager(integration, round), {
      key: move.key,
      amount_minor: move.amount_minor,
      reason: move.reason_code,
    });
  }

  private async applyBet(
    integration: IntegrationRow,
    txn: TxnRow,
    round: RoundRow,
    reference: string,
    roundKey: string,
  ) {
    if (!(await this.takeStake(integration, txn, round))) {
      await this.repository.setTxnStatus(txn.id, 'refused', 'INSUFFICIENT_FUNDS');
      await this.wagers.release(reference);
      const currency = (await this.deps.playerCurrency(txn.player_id))!;
      return this.refuse(
        'INSUFFICIENT_FUNDS',
        'The balance is too low for this bet',
        txn.player_id,
        currency,
      );
    }
    await this.repository.finishTxn(roundKey, txn.id, ['pending'], 'applied', {
      id: round.id,
      stake_delta: txn.amount_minor!,
      payout_delta: 0n,
    });
  }

  /** Credit: wagers:<provider> → player cash, for a round that has a bet. Never refused for session expiry. */
  async win(integration: IntegrationRow, input: WinInput) {
    const player = await this.player(input.player_id, input.currency);
    const amount = await this.amount(input.amount, player.currency, player.id, true);
    const prior = await this.repository.txn(integration.provider_id, input.transaction_id);
    if (prior && prior.status !== 'pending') {
      await this.replay(
        prior,
        { kind: 'win', amount_minor: amount, round_ref: input.round_id },
        player,
      );
      return this.ok(player.id, player.currency, { transaction_id: input.transaction_id });
    }
    const roundKey = this.roundKey(integration, input.round_id);
    const claimed = await this.repository.transaction(roundKey, async (tx) => {
      const round = await this.repository.round(integration.provider_id, input.round_id, tx, true);
      if (
        !round ||
        round.player_id !== player.id ||
        (await this.repository.appliedBets(round.id, tx)) === 0
      ) {
        return { error: 'ROUND_NOT_FOUND' as const };
      }
      if (round.status === 'closed') return { error: 'ROUND_CLOSED' as const };
      const claim = await this.repository.claimTxn(tx, {
        provider_id: integration.provider_id,
        txn_ref: input.transaction_id,
        kind: 'win',
        round_id: round.id,
        round_ref: input.round_id,
        player_id: player.id,
        currency: player.currency.code,
        amount_minor: amount,
        reference_txn_ref: null,
        status: 'pending',
      });
      return { ...claim, round, error: null };
    });
    if (claimed.error) {
      return this.refuse(
        claimed.error,
        claimed.error === 'ROUND_CLOSED'
          ? `Round ${input.round_id} is closed`
          : `No round ${input.round_id} with a bet for this player: a win needs its bet first`,
        player.id,
        player.currency,
      );
    }
    const { row, inserted, round } = claimed;
    if (!inserted) {
      await this.replay(
        row,
        { kind: 'win', amount_minor: amount, round_ref: input.round_id },
        player,
      );
      if (row.status !== 'pending')
        return this.ok(player.id, player.currency, { transaction_id: input.transaction_id });
    }
    await this.credit(integration, round, {
      key: `provider-win:${integration.code}:${row.txn_ref}`,
      amount_minor: amount,
      reason_code: 'win',
    });
    const moved = await this.repository.finishTxn(roundKey, row.id, ['pending'], 'applied', {
      id: round.id,
      stake_delta: 0n,
      payout_delta: amount,
      close: input.round_closed === true,
    });
    // Published by the call that closed the round (the engine also dedupes by bet_ref).
    if (moved && input.round_closed) await this.settled(integration, round.id);
    return this.ok(player.id, player.currency, { transaction_id: input.transaction_id });
  }

  /**
   * Undoes a bet. A bet never seen leaves a tombstone under its id (the late bet is refused);
   * the same rollback again answers the same; a second rollback of the same bet is refused.
   */
  async rollback(integration: IntegrationRow, input: RollbackInput) {
    const player = await this.player(input.player_id, input.currency);
    const expected = {
      kind: 'rollback' as const,
      amount_minor: null,
      round_ref: input.round_id,
      reference: input.reference_transaction_id,
    };
    const prior = await this.repository.txn(integration.provider_id, input.transaction_id);
    if (prior && prior.status !== 'pending') {
      await this.replay(prior, expected, player);
      return this.ok(player.id, player.currency, { transaction_id: input.transaction_id });
    }
    const roundKey = this.roundKey(integration, input.round_id);
    // Under the round's lock the bet is marked rolled back at once, so no win can land on it
    // while its refund is on the way; the refund itself is keyed, so a retry finishes it.
    const outcome = await this.repository.transaction(roundKey, async (tx) => {
      const mine = await this.repository.txn(
        integration.provider_id,
        input.transaction_id,
        tx,
        true,
      );
      const target = await this.repository.txn(
        integration.provider_id,
        input.reference_transaction_id,
        tx,
        true,
      );
      if (mine) {
        if (mine.status !== 'pending') return { replay: mine };
        return { row: mine, target };
      }
      if (
        target &&
        (target.kind !== 'bet' ||
          target.player_id !== player.id ||
          target.round_ref !== input.round_id)
      ) {
        return { error: 'ROLLBACK_NOT_ALLOWED' as const };
      }
      if (target?.status === 'pending') return { error: 'TRANSACTION_IN_PROGRESS' as const };
      if (target?.status === 'rolled_back') return { error: 'ALREADY_ROLLED_BACK' as const };
      const round = target?.round_id
        ? await this.repository.round(integration.provider_id, target.round_ref, tx, true)
        : undefined;
      if (round && (round.status === 'closed' || (await this.repository.hasWin(round.id, tx)))) {
        return { error: 'ROLLBACK_NOT_ALLOWED' as const };
      }
      if (!target) {
        // The bet never arrived: remember its id so that, if it comes late, it is refused.
        const tombstone = await this.repository.claimTxn(tx, {
          provider_id: integration.provider_id,
          txn_ref: input.reference_transaction_id,
          kind: 'bet',
          round_id: null,
          round_ref: input.round_id,
          player_id: player.id,
          currency: player.currency.code,
          amount_minor: null,
          reference_txn_ref: null,
          status: 'rolled_back',
        });
        if (!tombstone.inserted) return { error: 'TRANSACTION_IN_PROGRESS' as const };
      } else {
        await this.repository.rollBack(tx, target, round?.id ?? null);
      }
      const { row } = await this.repository.claimTxn(tx, {
        provider_id: integration.provider_id,
        txn_ref: input.transaction_id,
        kind: 'rollback',
        round_id: round?.id ?? null,
        round_ref: input.round_id,
        player_id: player.id,
        currency: player.currency.code,
        amount_minor: null,
        reference_txn_ref: input.reference_transaction_id,
        status: 'pending',
      });
      return { row, target, round };
    });
    if ('error' in outcome && outcome.error) {
      const messages = {
        ROLLBACK_NOT_ALLOWED:
          'Only a bet of this player, in this round, still open and without wins, can be rolled back',
        TRANSACTION_IN_PROGRESS: 'The bet is still being processed; retry the rollback',
        ALREADY_ROLLED_BACK: `Transaction ${input.reference_transaction_id} was already rolled back`,
      } as const;
      return this.refuse(outcome.error, messages[outcome.error], player.id, player.currency);
    }
    if ('replay' in outcome && outcome.replay) {
      await this.replay(outcome.replay, expected, player);
      return this.ok(player.id, player.currency, { transaction_id: input.transaction_id });
    }
    const { row, target, round } = outcome as {
      row: TxnRow;
      target: TxnRow | undefined;
      round: RoundRow | undefined;
    };
    await this.replay(row, expected, player);
    // Refused bets (refusal_code set) and tombstones (no amount) moved nothing: nothing to refund.
    if (target && round && target.amount_minor !== null && target.refusal_code === null) {
      await this.credit(integration, round, {
        key: `provider-rollback:${integration.code}:${target.txn_ref}`,
        amount_minor: target.amount_minor,
        reason_code: 'bet_refund',
      });
    }
    await this.repository.finishTxn(roundKey, row.id, ['pending'], 'applied', null);
    return this.ok(player.id, player.currency, { transaction_id: input.transaction_id });
  }

  /** Closes the round; its net stake then counts toward bonus wagering (once). */
  async roundEnd(integration: IntegrationRow, input: RoundEndInput) {
    const player = await this.player(input.player_id, input.currency);
    const round = await this.repository.round(integration.provider_id, input.round_id);
    if (!round || round.player_id !== player.id) {
      return this.refuse(
        'ROUND_NOT_FOUND',
        `No round ${input.round_id} for this player`,
        player.id,
        player.currency,
      );
    }
    if (await this.repository.closeRound(round.id)) await this.settled(integration, round.id);
    return this.ok(player.id, player.currency, { round_id: input.round_id });
  }

  /**
   * A closed round settles through the bet path: `BetSettled` with its stakes and returns
   * (paid as they came), and a bonus-funded round's bonus learns it is over. Marked once done;
   * the sweep settles rounds a crash left unmarked (settling again moves nothing).
   */
  private async settled(integration: Pick<IntegrationRow, 'code'>, round_id: bigint) {
    const round = await this.repository.roundById(round_id);
    if (round?.status !== 'closed' || round.settled) return;
    const game = await this.lobby.byId(round.game_id);
    await this.wagers.settle(this.wager(integration, round, game ?? undefined), {
      stake_minor: round.stake_minor,
      payout_minor: round.payout_minor,
    });
    await this.repository.setSettled(round.id);
  }

  /** Settles closed rounds a crash left unsettled. */
  async sweep(now = new Date()): Promise<number> {
    const rounds = await this.repository.unsettledRounds(new Date(now.getTime() - 30_000), 200);
    for (const round of rounds) {
      const integration = await this.repository.integrationByProvider(round.provider_id);
      if (integration) await this.settled(integration, round.id);
    }
    return rounds.length;
  }
}
