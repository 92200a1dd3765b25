import type { AppModules } from '../app.ts';
import {
  BANKS,
  CURRENCIES,
  CURRENCY_GATEWAYS,
  GAME_PROVIDERS,
  GATEWAYS,
} from './reference-data.ts';

/**
 * Idempotent: rows are inserted when missing and never overwritten, so an
 * operator's edits survive restarts. Reference data always; demo data on request.
 */
export async function seed(modules: AppModules, options: { demo: boolean }): Promise<void> {
  const cashier = modules.cashier.repository;
  for (const [index, currency] of CURRENCIES.entries()) {
    await cashier.upsertCurrency({ ...currency, icon: '', enabled: true, sort_order: index }, true);
  }
  const ids = new Map(
    CURRENCIES.map((currency) => [currency.code as string, currency.id as number]),
  );
  for (const [code, banks] of Object.entries(BANKS)) {
    for (const [name, bankCode] of banks) {
      await cashier.insertBankIfMissing({ currency_id: ids.get(code)!, name, code: bankCode });
    }
  }
  for (const gateway of GATEWAYS) await cashier.upsertGateway({ ...gateway, enabled: true }, true);
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
  if (options.demo) await seedDemo(modules);
}

export const DEMO_PLAYERS = [
  { name: 'Demo Player', email: 'demo@example.com', password: 'demo-password-1', currency: 'EUR' },
  { name: 'Priya Demo', email: 'priya@example.com', password: 'demo-password-1', currency: 'INR' },
  { name: 'Lucas Demo', email: 'lucas@example.com', password: 'demo-password-1', currency: 'BRL' },
] as const;

async function seedDemo(modules: AppModules): Promise<void> {
  // The documented demo owner (owner@example.com, fixed TOTP secret; see the README).
  await modules.staff.seedDemoOwner();
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
      },
      { ip: '127.0.0.1', user_agent: 'seed' },
    );
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
    await ledger.transfer({
      idempotency_key: `seed:demo-bonus:${demo.email}`,
      debit: { house: 'bonus_cost' },
      credit: { player_id: player.id, wallet: 'bonus' },
      amount_minor: amounts.bonus_minor,
      currency: demo.currency,
      reason_code: 'bonus_grant',
      object: { type: 'bonus', id: `demo-welcome-${player.id}` },
      actor,
    });
  }
}
