import type { AppModules } from '../app.ts';
import type { NewPromotion } from '../modules/bonus/index.ts';
import { seedCasinoGames } from './casino-games.ts';
import { LEGAL_TEXT_TRANSLATIONS, PROMOTION_TEXTS } from './promotion-texts.ts';
import {
  BANKS,
  CURRENCIES,
  CURRENCY_GATEWAYS,
  GAME_PROVIDERS,
  GATEWAY_NAME_TRANSLATIONS,
  GATEWAYS,
} from './reference-data.ts';

/**
 * Idempotent: rows are inserted when missing and never overwritten, so an
 * operator's edits survive restarts. Reference data always; demo data on request.
 */
export async function seed(modules: AppModules, options: { demo: boolean }): Promise<void> {
  for (const [index, currency] of CURRENCIES.entries()) {
    await modules.currencies.service.insertIfMissing({
      ...currency,
      icon: '',
      enabled: true,
      sort_order: index,
    });
  }
  const cashier = modules.cashier.repository;
  const ids = new Map(
    CURRENCIES.map((currency) => [currency.code as string, currency.id as number]),
  );
  for (const [code, banks] of Object.entries(BANKS)) {
    for (const [name, bankCode] of banks) {
      await cashier.insertBankIfMissing({ currency_id: ids.get(code)!, name, code: bankCode });
    }
  }
  for (const gateway of GATEWAYS) {
    const name_translations = GATEWAY_NAME_TRANSLATIONS[gateway.name] ?? {};
    await cashier.upsertGateway({ ...gateway, enabled: true, name_translations }, true);
    // Installs seeded before translations existed get them, unless the operator changed the name.
    if (Object.keys(name_translations).length > 0)
      await cashier.fillGatewayTranslations(gateway.id, gateway.name, name_translations);
  }
  for (const [code, links] of Object.entries(CURRENCY_GATEWAYS)) {
    for (const [gateway_id, for_deposit, for_withdraw] of links) {
      await cashier.linkGateway({
        currency_id: ids.get(code)!,
        gateway_id,
        for_deposit,
        for_withdraw,
      });
    }
  }
  for (const [index, provider] of GAME_PROVIDERS.entries()) {
    await modules.casino.repository.insertProviderIfMissing({
      ...provider,
      in_menu: true,
      sort_order: index,
    });
  }
  await seedCasinoGames(modules, modules.lanternStudio);
  if (options.demo) await seedDemo(modules);
}

export const DEMO_PLAYERS = [
  {
    name: 'Demo Player',
    email: 'demo@example.com',
    password: 'demo-password-1',
    currency: 'EUR',
    country: 'MT',
  },
  {
    name: 'Priya Demo',
    email: 'priya@example.com',
    password: 'demo-password-1',
    currency: 'INR',
    country: 'IN',
  },
  {
    name: 'Lucas Demo',
    email: 'lucas@example.com',
    password: 'demo-password-1',
    currency: 'BRL',
    country: 'BR',
  },
] as const;

async function seedDemo(modules: AppModules): Promise<void> {
  // The documented demo owner (owner@example.com, fixed TOTP secret; see the README).
  await modules.staff.seedDemoOwner();
  // A daily race running now, so a newcomer finds a leaderboard on /vip.
  await modules.races.service.seedDemo();
  await modules.settings.service.seedMissing({
    brand_name: 'LuckyNova',
    seo_title: 'LuckyNova — demo casino & sportsbook',
    seo_description:
      'A demonstration install of the platform: casino, sportsbook and wallet with deposit bonuses and instant withdrawals. Fictional operator, no real money.',
    licence_text:
      'DEMO ONLY. Fictional licence: this text stands in for the licence held by the operator (for example, a licence number issued by a gaming regulator). Operators set it in the back office.',
    company_text:
      'DEMO ONLY. Example Operator Ltd. is a fictional company used for demonstration; operators set their registered company details in the back office.',
    support_number: '+1 555 010 0000',
    translations: LEGAL_TEXT_TRANSLATIONS,
  });
  for (const demo of DEMO_PLAYERS) {
    if (await modules.players.service.byEmail(demo.email)) continue;
    const currency_id = CURRENCIES.find((currency) => currency.code === demo.currency)!.id;
    await modules.auth.service.signup(
      {
        name: demo.name,
        email: demo.email,
        password: demo.password,
        currency_id,
        referral_code: '',
        campaign_code: '',
        country: demo.country,
        date_of_birth: '1990-01-01',
      },
      { ip: '127.0.0.1', user_agent: 'seed' },
    );
  }
  // Demo players are the operator's test accounts: outside production, the sandbox money
  // flows work for them whatever the jurisdiction policy says (India's included).
  for (const demo of DEMO_PLAYERS) {
    const player = await modules.players.service.byEmail(demo.email);
    if (player) await modules.protection.service.markTestAccount(player.id, true);
  }
  await seedDemoBalances(modules);
}

/** Starting balances (minor units), moved through the ledger like a sandbox deposit. */
const DEMO_BALANCES: Record<string, { cash_minor: bigint; bonus_minor: bigint }> = {
  EUR: { cash_minor: 500_00n, bonus_minor: 50_00n },
  INR: { cash_minor: 50_000_00n, bonus_minor: 5_000_00n },
  BRL: { cash_minor: 2_500_00n, bonus_minor: 250_00n },
};

/** Fixed idempotency keys: a restart replays the same transfers, so nothing is added twice. */
async function seedDemoBalances(modules: AppModules): Promise<void> {
  const ledger = modules.ledger.service;
  const actor = { type: 'system', id: 'seed' } as const;
  const welcome = await seedDemoPromotions(modules);
  for (const demo of DEMO_PLAYERS) {
    const player = await modules.players.service.byEmail(demo.email);
    const amounts = DEMO_BALANCES[demo.currency];
    if (!player || !amounts) continue;
    await ledger.transfer({
      idempotency_key: `seed:demo-deposit:${demo.email}`,
      debit: { house: 'payment_clearing', purpose: 'sandbox' },
      credit: { player_id: player.id, wallet: 'cash' },
      amount_minor: amounts.cash_minor,
      currency: demo.currency,
      reason_code: 'deposit',
      object: { type: 'payment', id: `demo-welcome-${player.id}` },
      actor,
    });
    await modules.bonus.service.grantPromotion(
      welcome,
      player.id,
      demo.currency,
      `seed:${demo.email}`,
    );
  }
  // Given to the demo players only: not claimable by anyone else.
  const offer = (await modules.bonus.service.allPromotions()).find((row) => row.id === welcome);
  if (offer?.enabled)
    await modules.bonus.service.updatePromotion(welcome, { enabled: false }, actor);
}

/**
 * Demo offers for the promotions page, and the demo players' welcome bonus: a real bonus
 * with wagering, granted through the bonus engine (its offer is then switched off, so it is
 * not claimable by others). Returns the welcome offer's id. Idempotent by code.
 */
async function seedDemoPromotions(modules: AppModules): Promise<bigint> {
  const bonus = modules.bonus.service;
  const actor = { type: 'system' as const, id: 'seed' };
  // Keyed by code, or by English title for offers without one (cashback).
  const keyOf = (row: Pick<NewPromotion, 'code' | 'title'>) => row.code ?? row.title.en!;
  const existing = new Map((await bonus.allPromotions()).map((row) => [keyOf(row), row]));
  const base = {
    terms: {},
    percent: null,
    max_bonus: {},
    min_deposit: {},
    fixed_amount: {},
    max_bet: {},
    cashback_period: null,
    min_loss: {},
    wagering_base: 'bonus' as const,
    contributions: { slots: 100, originals: 100, table: 10, live: 10, sports: 100 },
    max_conversion_multiplier: null,
    per_player_limit: 1,
    total_limit: null,
    countries: null,
    currencies: null,
    auto_first_deposit: false,
    starts_at: new Date('2026-01-01T00:00:00Z'),
    ends_at: null,
    enabled: true,
  };
  const offers: NewPromotion[] = [
    {
      ...base,
      code: 'RELOAD50',
      kind: 'deposit_match' as const,
      sort_order: 1,
      ...PROMOTION_TEXTS.RELOAD50!,
      percent: '50',
      max_bonus: { EUR: 200_00, INR: 20_000_00, BRL: 1_000_00 },
      min_deposit: { EUR: 20_00, INR: 2_000_00, BRL: 100_00 },
      max_bet: { EUR: 10_00, INR: 1_000_00, BRL: 50_00 },
      wagering_multiplier: 20,
      expiry_days: 14,
    },
    {
      ...base,
      code: 'FREEPLAY5',
      kind: 'no_deposit' as const,
      sort_order: 2,
      ...PROMOTION_TEXTS.FREEPLAY5!,
      fixed_amount: { EUR: 5_00, INR: 500_00, BRL: 25_00 },
      max_bet: { EUR: 2_00, INR: 200_00, BRL: 10_00 },
      wagering_multiplier: 30,
      expiry_days: 7,
    },
    {
      ...base,
      code: null,
      kind: 'cashback' as const,
      sort_order: 3,
      ...PROMOTION_TEXTS['10% cashback every week']!,
      percent: '10',
      cashback_period: 'weekly',
      max_bonus: { EUR: 100_00, INR: 10_000_00, BRL: 500_00 },
      min_loss: { EUR: 10_00, INR: 1_000_00, BRL: 50_00 },
      wagering_multiplier: 1,
      expiry_days: 7,
    },
    {
      ...base,
      code: null,
      kind: 'free_bet' as const,
      sort_order: 4,
      ...PROMOTION_TEXTS['A 5 EUR free bet on any match']!,
      fixed_amount: { EUR: 5_00, INR: 500_00, BRL: 25_00 },
      wagering_multiplier: 0,
      expiry_days: 7,
    },
    {
      ...base,
      code: null,
      kind: 'free_spins' as const,
      sort_order: 5,
      ...PROMOTION_TEXTS['10 free spins on Lantern Fortune']!,
      fixed_amount: { EUR: 50, INR: 50_00, BRL: 2_50 },
      free_spins: 10,
      free_spin_games: ['lantern-fortune'],
      wagering_multiplier: 10,
      max_conversion_multiplier: '5',
      expiry_days: 7,
    },
    {
      ...base,
      code: 'DEMOWELCOME',
      kind: 'no_deposit' as const,
      sort_order: 99,
      title: { en: 'Demo welcome bonus' },
      terms: { en: 'Given to the demo players by the demo seed. Wager 10× within 30 days.' },
      fixed_amount: { EUR: 50_00, INR: 5_000_00, BRL: 250_00 },
      wagering_multiplier: 10,
      expiry_days: 30,
      per_player_limit: 1,
    },
  ];
  for (const offer of offers) {
    if (!existing.has(keyOf(offer)))
      existing.set(keyOf(offer), await bonus.createPromotion(offer, actor));
  }
  return existing.get('DEMOWELCOME')!.id;
}
