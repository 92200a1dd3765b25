import type { SbBuilderSettings } from '@casino/contracts/sportsbook';
import {
  on,
  SportSettingsCard,
  type SportSettingsDescription,
  text,
} from './sport-settings-card.tsx';

/**
 * The bet builder per sport: offered or not, the least margin its joint prices carry (the
 * picks' own margins when they add up to more; in %), the most picks and the longest price
 * (decimal odds).
 */
const BUILDER: SportSettingsDescription<SbBuilderSettings> = {
  title: 'Bet builder per sport',
  queryKey: ['sb', 'builder'],
  url: '/sportsbook/builder',
  rowTestId: 'builder-settings',
  sport: (s) => ({ id: s.sport_id, name: s.sport_id }),
  nameFromId: true,
  fields: [
    {
      key: 'enabled',
      kind: 'switch',
      header: 'On',
      label: 'bet builder offered',
      value: (s) => s.enabled,
    },
    {
      key: 'margin',
      kind: 'text',
      header: 'Margin %',
      title: 'The least margin a builder price carries (2–30 %)',
      label: 'builder margin',
      value: (s) => (s.margin_bp / 100).toFixed(2),
    },
    {
      key: 'legs_max',
      kind: 'text',
      header: 'Max picks',
      title: 'Most picks in one builder (2–12)',
      label: 'most picks',
      value: (s) => String(s.legs_max),
    },
    {
      key: 'odds_max',
      kind: 'text',
      header: 'Max price',
      title: 'Longest builder price offered',
      label: 'longest price',
      value: (s) => (s.odds_max_milli / 1000).toFixed(2),
    },
  ],
  saveUrl: (sport) => `/sportsbook/builder/${sport}`,
  body: (form) => ({
    enabled: on(form, 'enabled'),
    margin_bp: Math.round(Number(text(form, 'margin')) * 100),
    legs_max: Number.parseInt(text(form, 'legs_max'), 10),
    odds_max_milli: Math.round(Number(text(form, 'odds_max')) * 1000),
  }),
  invalidates: ['sb', 'builder'],
  saved: (name) => `${name}: bet builder saved`,
};

export function BuilderSettingsCard() {
  return <SportSettingsCard description={BUILDER} />;
}
