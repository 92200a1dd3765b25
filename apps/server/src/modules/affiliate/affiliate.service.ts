import { formatAmount, isMoneyError, parseRate } from '@casino/money';
import { parseAmountInput } from '../../platform/amounts.ts';
import { AppError } from '../../platform/http/errors.ts';
import type { RateLimiter } from '../../platform/rate-limit.ts';
import type { AuditActor, AuditService } from '../audit/index.ts';
import type { CurrenciesService } from '../currencies/index.ts';
import type { LedgerService, PlayerActivityRow } from '../ledger/index.ts';
import type { PlayersService } from '../players/index.ts';
import { affiliateError } from './affiliate.errors.ts';
import type { AffiliateRepository, CampaignRow, CommissionRow } from './affiliate.repository.ts';

export const CAMPAIGNS_PER_PLAYER_MAX = 50;
export const CLICK_LIMIT = { limit: 60, window_ms: 60 * 60_000 };
/** A referral is "active" with a real-money bet in this many days. */
export const ACTIVE_DAYS = 30;
const COMMISSION_SWEEP_BATCH = 200;
const EPOCH = new Date('2000-01-01T00:00:00Z');

export type ReferralStatus = 'registered' | 'deposited' | 'active';

type Currency = { code: string; scale: number; rate_to_eur: string | null; id: number };

/** First day (UTC) of the month `YYYY-MM`; 4xx otherwise. */
export function periodStart(period: string): Date {
  const match = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(period);
  if (!match) throw new AppError('VALIDATION_FAILED', 'period must be a month such as 2026-10');
  return new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1));
}

const nextMonth = (start: Date) =>
  new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1));
const monthText = (start: Date) => start.toISOString().slice(0, 7);
/** Net gaming revenue of the house from a player: stakes − wins − bonus money converted to cash. */
const ngrOf = (row: PlayerActivityRow) =>
  row.stakes_minor - row.wins_minor - row.bonus_converted_minor;

/** Only the start of a username: enough for an affiliate to recognise, not to contact. */
function masked(username: string): string {
  return username.length <= 3 ? `${username[0] ?? ''}***` : `${username.slice(0, 3)}***`;
}

export class AffiliateService {
  constructor(
    private readonly repository: AffiliateRepository,
    private readonly players: PlayersService,
    private readonly ledger: LedgerService,
    private readonly catalogue: CurrenciesService,
    private readonly audit: AuditService,
    private readonly limiter: RateLimiter,
    private readonly publicUrl: () => string,
  ) {}

  private currencies(): Promise<readonly Currency[]> {
    return this.catalogue.all();
  }

  private async referredPlayers(player: { referral_code: string }, campaigns: CampaignRow[]) {
    // A player's own referral code works as `?c=` too: the referral link uses it.
    return this.players.referredBy(player.referral_code, [
      player.referral_code,
      ...campaigns.map((c) => c.code),
    ]);
  }

  /** `/customer/affiliate/campaign` with each campaign's figures. */
  async campaigns(player: { id: bigint; referral_code: string }) {
    const campaigns = await this.repository.campaigns(player.id);
    const referred = await this.referredPlayers(player, campaigns);
    const activity = await this.ledger.playerActivity(
      referred.map((r) => r.id),
      EPOCH,
      new Date(),
    );
    return campaigns.map((campaign) => {
      const mine = referred.filter(
        (r) => r.campaign_code?.toLowerCase() === campaign.code.toLowerCase(),
      );
      const rows = activity.filter((a) => mine.some((r) => r.id === a.player_id));
      return {
        id: String(campaign.id),
        name: campaign.name,
        code: campaign.code,
        link: `${this.publicUrl()}/?c=${encodeURIComponent(campaign.code)}`,
        clicks: Number(campaign.clicks),
        signups: mine.length,
        first_deposits: new Set(rows.filter((a) => a.first_deposit_at).map((a) => a.player_id))
          .size,
        created_at: campaign.created_at.toISOString(),
      };
    });
  }

  async createCampaign(
    player: { id: bigint; referral_code: string },
    input: { name: string; code: string },
  ) {
    if ((await this.repository.countCampaigns(player.id)) >= CAMPAIGNS_PER_PLAYER_MAX) {
      throw affiliateError(
        'LIMIT_REACHED',
        `You can have at most ${CAMPAIGNS_PER_PLAYER_MAX} campaigns`,
      );
    }
    const taken = () =>
      new AppError('CONFLICT', 'This campaign code is taken; choose another', {
        errors: [{ path: 'code', message: 'is taken' }],
      });
    if ((await this.players.byReferralCodes([input.code])).length > 0) throw taken();
    const created = await this.repository.createCampaign({
      player_id: player.id,
      code: input.code,
      name: input.name,
    });
    if (!created) throw taken();
    return (await this.campaigns(player)).find((c) => c.id === String(created.id))!;
  }

  /** `/customer/affiliate/referrals`: who signed up through the player, with their status. */
  async referrals(player: { id: bigint; referral_code: string }) {
    const campaigns = await this.repository.campaigns(player.id);
    const referred = await this.referredPlayers(player, campaigns);
    const activity = await this.ledger.playerActivity(
      referred.map((r) => r.id),
      EPOCH,
      new Date(),
    );
    const activeSince = Date.now() - ACTIVE_DAYS * 86_400_000;
    return referred.map((row) => {
      const rows = activity.filter((a) => a.player_id === row.id);
      const deposited = rows.some((a) => a.first_deposit_at !== null);
      const active = rows.some(
        (a) => a.last_bet_at !== null && a.last_bet_at.getTime() >= activeSince,
      );
      const status: ReferralStatus = active ? 'active' : deposited ? 'deposited' : 'registered';
      return {
        player: masked(row.username),
        signed_up_at: row.created_at.toISOString(),
        campaign:
          row.campaign_code && row.campaign_code !== player.referral_code
            ? row.campaign_code
            : null,
        status,
      };
    });
  }

  /** `/affiliate/overview`: the link, the figures, the commissions paid. */
  async overview(player: { id: bigint; referral_code: string; currency_id: number | null }) {
    const campaigns = await this.campaigns(player);
    const referrals = await this.referrals(player);
    const all = await this.currencies();
    const program = await this.repository.program();
    const commissions = await this.repository.commissionsOf(player.id);
    const scale = (code: string) => all.find((c) => c.code === code)?.scale ?? 2;
    return {
      referral_code: player.referral_code,
      referral_link: `${this.publicUrl()}/?c=${encodeURIComponent(player.referral_code)}`,
      revenue_share_percent: program.revenue_share_percent,
      clicks: campaigns.reduce((sum, c) => sum + c.clicks, 0),
      signups: referrals.length,
      first_deposits: referrals.filter((r) => r.status !== 'registered').length,
      active: referrals.filter((r) => r.status === 'active').length,
      commissions: commissions.map((c) => ({
        period: monthText(c.period),
        currency: c.currency,
        ngr: formatAmount(c.ngr_minor, scale(c.currency)),
        commission: formatAmount(c.commission_minor, scale(c.currency)),
        paid: c.transfer_id !== null || c.commission_minor === 0n,
      })),
    };
  }

  /** The landing page saw `?c=`: counts a click on that campaign (per address, limited). */
  async click(code: string, ip: string): Promise<boolean> {
    const allowed = await this.limiter.hit(`affiliate-click:${ip}`, CLICK_LIMIT);
    if (!allowed.allowed) return false;
    return this.repository.click(code);
  }

  // --- commissions ---------------------------------------------------------------

  /**
   * Revenue share for one month: per referrer and currency of the referred players, NGR
   * (stakes − wins − converted bonuses) × the programme's rate, floored at zero. With
   * negative carry-over on, a negative month is offset against later ones. Recorded once
   * per (referrer, month, currency) — running the job twice pays once — and paid to the
   * referrer's cash in their wallet currency at the operator's rates.
   */
  async runCommissions(
    period: string,
    now = new Date(),
  ): Promise<{ recorded: number; paid: number }> {
    const start = periodStart(period);
    const end = nextMonth(start);
    if (end.getTime() > now.getTime()) {
      throw affiliateError('PERIOD_OPEN', `${period} has not ended yet`);
    }
    const program = await this.repository.program();
    // A 0 % programme records the months (NGR for reports) and pays nothing.
    const rate =
      Number(program.revenue_share_percent) > 0 ? parseRate(program.revenue_share_percent) : null;
    const attributed = await this.players.attributed();
    const campaigns = await this.repository.allCampaigns();
    const codes = [
      ...new Set(
        attributed
          .flatMap((p) => [p.referred_by_code, p.campaign_code])
          .filter((c): c is string => !!c),
      ),
    ];
    const referrersByCode = new Map(
      (await this.players.byReferralCodes(codes)).map((p) => [p.referral_code, p.id]),
    );
    const ownerOf = (code: string | null) => {
      if (!code) return null;
      return (
        referrersByCode.get(code) ??
        campaigns.find((c) => c.code.toLowerCase() === code.toLowerCase())?.player_id ??
        null
      );
    };
    const byReferrer = new Map<bigint, bigint[]>();
    for (const player of attributed) {
      const referrer = ownerOf(player.referred_by_code) ?? ownerOf(player.campaign_code);
      if (referrer === null || referrer === player.id) continue;
      byReferrer.set(referrer, [...(byReferrer.get(referrer) ?? []), player.id]);
    }
    let recorded = 0;
    for (const [referrer_id, referred] of byReferrer) {
      const activity = await this.ledger.playerActivity(referred, start, end);
      const ngrByCurrency = new Map<string, bigint>();
      for (const row of activity)
        ngrByCurrency.set(row.currency, (ngrByCurrency.get(row.currency) ?? 0n) + ngrOf(row));
      for (const [currency, ngr] of ngrByCurrency) {
        const carried_in = program.negative_carryover
          ? await this.repository.carriedBefore(referrer_id, currency, start)
          : 0n;
        const base = ngr + carried_in;
        const commission =
          base > 0n && rate ? (base * rate.numerator) / (rate.denominator * 100n) : 0n;
        const row = await this.repository.insertCommission({
          referrer_id,
          period: start,
          currency,
          ngr_minor: ngr,
          carried_in_minor: carried_in,
          carried_out_minor: program.negative_carryover && base < 0n ? base : 0n,
          rate_percent: program.revenue_share_percent,
          commission_minor: commission,
        });
        if (row) recorded += 1;
      }
    }
    const paid = await this.payUnpaid();
    return { recorded, paid };
  }

  /** Pays recorded commissions not yet paid (a crash between recording and paying). */
  async payUnpaid(): Promise<number> {
    const rows = await this.repository.unpaid(COMMISSION_SWEEP_BATCH);
    for (const row of rows) await this.pay(row);
    return rows.length;
  }

  private async pay(row: CommissionRow): Promise<void> {
    const referrer = await this.players.byId(row.referrer_id);
    const all = await this.currencies();
    const wallet = all.find((c) => c.id === referrer?.currency_id);
    if (!referrer || !wallet) return;
    const from = all.find((c) => c.code === row.currency)!;
    let amount = row.commission_minor;
    if (from.code !== wallet.code) {
      if (!from.rate_to_eur || !wallet.rate_to_eur) return;
      const a = parseRate(from.rate_to_eur);
      const b = parseRate(wallet.rate_to_eur);
      // amount / 10^from.scale / a * b * 10^wallet.scale, toward zero.
      amount =
        (row.commission_minor * a.denominator * b.numerator * 10n ** BigInt(wallet.scale)) /
        (10n ** BigInt(from.scale) * a.numerator * b.denominator);
    }
    if (amount <= 0n) return;
    const transfer = await this.ledger.transfer({
      idempotency_key: `affiliate-commission:${row.id}`,
      debit: { house: 'bonus_cost', purpose: 'affiliate' },
      credit: { player_id: row.referrer_id, wallet: 'cash' },
      amount_minor: amount,
      currency: wallet.code,
      reason_code: 'commission',
      object: { type: 'bonus', id: `commission:${row.id}` },
      actor: { type: 'system', id: 'affiliate' },
      memo: `Affiliate commission ${monthText(row.period)} (${row.currency})`,
    });
    await this.repository.setTransfer(row.id, transfer.id);
  }

  /** The job: the previous month, once it has ended, if not run yet. */
  async runDue(now = new Date()): Promise<void> {
    const thisMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
    const previous = new Date(Date.UTC(thisMonth.getUTCFullYear(), thisMonth.getUTCMonth() - 1, 1));
    if (!(await this.repository.periodDone(previous)))
      await this.runCommissions(monthText(previous));
    else await this.payUnpaid();
  }

  // --- back office ---------------------------------------------------------------

  async adminAffiliates(now = new Date()) {
    const campaigns = await this.repository.allCampaigns();
    const commissions = await this.repository.allCommissions();
    const adjustments = await this.repository.allAdjustments();
    const attributed = await this.players.attributed();
    const program = await this.repository.program();
    const rate = parseRate(program.revenue_share_percent);
    const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
    const codes = [
      ...new Set(
        attributed
          .flatMap((p) => [p.referred_by_code, p.campaign_code])
          .filter((c): c is string => !!c),
      ),
    ];
    const referrers = await this.players.byReferralCodes(codes);
    const ids = new Set<bigint>([
      ...referrers.map((p) => p.id),
      ...campaigns.map((c) => c.player_id),
      ...adjustments.map((a) => a.player_id),
    ]);
    const everyone = attributed.map((p) => p.id);
    const allTime = await this.ledger.playerActivity(everyone, EPOCH, now);
    const thisMonth = await this.ledger.playerActivity(everyone, monthStart, now);
    /** NGR per currency of a group of players, and this month's commission at today's rate. */
    const figures = (players: readonly bigint[]) => {
      const sum = (rows: PlayerActivityRow[]) => {
        const out = new Map<string, bigint>();
        for (const row of rows)
          if (players.includes(row.player_id))
            out.set(row.currency, (out.get(row.currency) ?? 0n) + ngrOf(row));
        return out;
      };
      const total = sum(allTime);
      const month = sum(thisMonth);
      const currencies = [...new Set([...total.keys(), ...month.keys()])].sort();
      return {
        first_deposits: new Set(
          allTime
            .filter((a) => players.includes(a.player_id) && a.first_deposit_at)
            .map((a) => a.player_id),
        ).size,
        ngr: currencies.map((currency) => {
          const monthNgr = month.get(currency) ?? 0n;
          return {
            currency,
            total_minor: String(total.get(currency) ?? 0n),
            month_minor: String(monthNgr),
            month_commission_minor: String(
              monthNgr > 0n ? (monthNgr * rate.numerator) / (rate.denominator * 100n) : 0n,
            ),
          };
        }),
      };
    };
    const rows = [];
    for (const id of ids) {
      const player = await this.players.byId(id);
      if (!player) continue;
      const mine = campaigns.filter((c) => c.player_id === id);
      const referredBy = (code: string) =>
        attributed.filter(
          (p) => p.id !== id && p.campaign_code?.toLowerCase() === code.toLowerCase(),
        );
      const referred = attributed.filter(
        (p) =>
          p.id !== id &&
          (p.referred_by_code === player.referral_code ||
            p.campaign_code === player.referral_code ||
            mine.some((c) => c.code.toLowerCase() === p.campaign_code?.toLowerCase())),
      );
      const paid = commissions.filter((c) => c.referrer_id === id);
      rows.push({
        player_id: String(id),
        username: player.username,
        referral_code: player.referral_code,
        campaigns: mine.map((c) => {
          const players = referredBy(c.code).map((p) => p.id);
          return {
            code: c.code,
            name: c.name,
            clicks: Number(c.clicks),
            signups: players.length,
            ...figures(players),
          };
        }),
        signups: referred.length,
        ...figures(referred.map((p) => p.id)),
        commissions: paid.map((c) => ({
          period: monthText(c.period),
          currency: c.currency,
          ngr_minor: String(c.ngr_minor),
          commission_minor: String(c.commission_minor),
          paid: c.transfer_id !== null,
        })),
        adjustments: adjustments
          .filter((a) => a.player_id === id)
          .map((a) => ({
            id: String(a.id),
            currency: a.currency,
            amount_minor: String(a.amount_minor),
            reason: a.reason,
            staff_id: String(a.staff_id),
            created_at: a.created_at.toISOString(),
          })),
      });
    }
    return rows;
  }

  /**
   * A manual commission adjustment (a missed sale, a chargeback clawed back): a ledger transfer
   * between the programme's house account and the affiliate's cash in the wallet currency,
   * audited. `request_id` makes a resubmitted form one adjustment; a negative amount larger
   * than the affiliate's balance is refused by the ledger and leaves no record.
   */
  async adjust(
    input: { player_id: bigint; amount: string; reason: string; request_id: string },
    actor: AuditActor & { id: bigint },
  ) {
    const player = await this.players.byId(input.player_id);
    if (!player) throw new AppError('NOT_FOUND', 'No such player');
    const wallet = (await this.currencies()).find((c) => c.id === player.currency_id);
    if (!wallet) {
      throw new AppError('VALIDATION_FAILED', 'This player has no wallet currency yet');
    }
    let amount: bigint;
    try {
      amount = parseAmountInput(input.amount.trim(), wallet.scale, { allow_negative: true });
    } catch (error) {
      if (isMoneyError(error))
        throw new AppError('VALIDATION_FAILED', `amount: ${error.message}`, {
          errors: [{ path: 'amount', message: error.message }],
        });
      throw error;
    }
    if (amount === 0n) {
      throw new AppError('VALIDATION_FAILED', 'amount: must not be zero', {
        errors: [{ path: 'amount', message: 'must not be zero' }],
      });
    }
    const row = await this.repository.recordAdjustment({
      request_id: input.request_id,
      player_id: player.id,
      currency: wallet.code,
      amount_minor: amount,
      reason: input.reason,
      staff_id: actor.id,
    });
    if (
      row.player_id !== player.id ||
      row.amount_minor !== amount ||
      row.currency !== wallet.code
    ) {
      throw new AppError('CONFLICT', 'This request id was used for another adjustment');
    }
    if (row.transfer_id !== null) return { id: String(row.id), duplicate: true };
    const house = { house: 'bonus_cost', purpose: 'affiliate' } as const;
    const cash = { player_id: player.id, wallet: 'cash' } as const;
    let transfer: { id: bigint };
    try {
      transfer = await this.ledger.transfer({
        idempotency_key: `affiliate-adjustment:${row.id}`,
        debit: amount > 0n ? house : cash,
        credit: amount > 0n ? cash : house,
        amount_minor: amount > 0n ? amount : -amount,
        currency: wallet.code,
        reason_code: 'commission',
        object: { type: 'bonus', id: `commission-adjustment:${row.id}` },
        actor: { type: 'staff', id: String(actor.id) },
        memo: `Affiliate commission adjustment: ${input.reason}`,
      });
    } catch (error) {
      // Nothing moved: forget the record so the form can be corrected and sent again.
      await this.repository.deleteAdjustment(row.id);
      throw error;
    }
    await this.repository.setAdjustmentTransfer(row.id, transfer.id);
    await this.audit.record({
      actor,
      action: 'affiliate.commission.adjust',
      target: { type: 'player', id: String(player.id) },
      after: {
        currency: wallet.code,
        amount_minor: String(amount),
        reason: input.reason,
        transfer_id: String(transfer.id),
      },
    });
    return { id: String(row.id), duplicate: false };
  }

  program() {
    return this.repository.program();
  }

  async setProgram(
    patch: { revenue_share_percent?: string; negative_carryover?: boolean },
    actor: AuditActor,
  ) {
    const before = await this.repository.program();
    const after = await this.repository.setProgram(patch);
    await this.audit.record({
      actor,
      action: 'affiliate.program.update',
      target: { type: 'affiliate_program', id: 1 },
      before,
      after,
    });
    return after;
  }

  async runCommissionsAs(period: string, actor: AuditActor) {
    const result = await this.runCommissions(period);
    await this.audit.record({
      actor,
      action: 'affiliate.commissions.run',
      target: { type: 'affiliate_period', id: period },
      after: result,
    });
    return result;
  }
}
