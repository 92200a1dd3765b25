import type { SbEarlyPayoutSettings } from '@casino/contracts/sportsbook';
import {
  on,
  SportSettingsCard,
  type SportSettingsDescription,
  text,
} from './sport-settings-card.tsx';

/**
 * Early payout per sport (decision 0641): a pre-match bet on a match result is paid as won once
 * its side leads by the sport's margin, and is never taken back. Football is on at two goals
 * until the operator says otherwise; other sports start off.
 */
const EARLY_PAYOUT: SportSettingsDescription<SbEarlyPayoutSettings> = {
  title: 'Early payout per sport',
  queryKey: ['sb', 'early-payout'],
  url: '/sportsbook/early-payout',
  rowTestId: 'early-payout',
  sport: (s) => ({ id: s.sport_id, name: s.name, default: s.default }),
  fields: [
    {
      key: 'enabled',
      kind: 'switch',
      header: 'On',
      label: 'early payout on',
      value: (s) => s.enabled,
    },
    {
      key: 'match_winner',
      kind: 'switch',
      header: 'Match result',
      title: 'Pre-match bets on the match result are paid early',
      label: 'early payout on the match result',
      value: (s) => s.market_types.includes('match_winner'),
    },
    {
      key: 'lead',
      kind: 'text',
      header: 'Lead',
      title: "The lead that pays, in the score's unit (goals, sets): 1–50",
      label: 'early payout lead',
      inputMode: 'numeric',
      narrow: true,
      value: (s) => String(s.lead),
    },
  ],
  saveUrl: (sport) => `/sportsbook/sports/${sport}/early-payout`,
  body: (form) => ({
    enabled: on(form, 'enabled'),
    market_types: on(form, 'match_winner') ? ['match_winner'] : [],
    lead: Number(text(form, 'lead')),
  }),
  invalidates: ['sb', 'early-payout'],
  saved: (name) => `${name}: early payout saved`,
};

export function EarlyPayoutCard() {
  return <SportSettingsCard description={EARLY_PAYOUT} />;
}
