import { SportSettingsCard, type SportSettingsDescription, text } from './sport-settings-card.tsx';

export type SportPricing = {
  id: string;
  name: string;
  odds_min_milli: number;
  odds_max_milli: number;
  margin_min_bp: number;
  favourite_max_bp: number;
};

/**
 * The book's limits per sport: the price range (decimal odds), the margin floor every exhaustive
 * market's book keeps, and the favourite's probability at which a market is suspended (in %).
 * A save reprices the sport's markets, so everything the desk shows of the book is read again.
 */
const PRICING: SportSettingsDescription<SportPricing> = {
  title: 'Book limits per sport',
  queryKey: ['sb', 'sports'],
  url: '/sportsbook/sports',
  rowTestId: 'sport-pricing',
  sport: (s) => ({ id: s.id, name: s.name }),
  fields: [
    {
      key: 'odds_min',
      kind: 'text',
      header: 'Min price',
      title: 'Shortest price offered',
      label: 'minimum price',
      value: (s) => (s.odds_min_milli / 1000).toFixed(2),
    },
    {
      key: 'odds_max',
      kind: 'text',
      header: 'Max price',
      title: 'Longest price offered',
      label: 'maximum price',
      value: (s) => (s.odds_max_milli / 1000).toFixed(2),
    },
    {
      key: 'margin_min',
      kind: 'text',
      header: 'Margin floor %',
      title: "Every exhaustive market's book stays at or above 100 % plus this",
      label: 'margin floor',
      value: (s) => (s.margin_min_bp / 100).toFixed(2),
    },
    {
      key: 'favourite_max',
      kind: 'text',
      header: 'Suspend at %',
      title: "A market whose favourite's fair probability reaches this is suspended",
      label: 'suspension threshold',
      value: (s) => (s.favourite_max_bp / 100).toFixed(2),
    },
  ],
  saveUrl: (sport) => `/sportsbook/sports/${sport}/pricing`,
  body: (form) => ({
    odds_min_milli: Math.round(Number(text(form, 'odds_min')) * 1000),
    odds_max_milli: Math.round(Number(text(form, 'odds_max')) * 1000),
    margin_min_bp: Math.round(Number(text(form, 'margin_min')) * 100),
    favourite_max_bp: Math.round(Number(text(form, 'favourite_max')) * 100),
  }),
  invalidates: ['sb'],
  saved: (name) => `${name}: saved; its markets are repriced`,
};

export function SportPricingCard() {
  return <SportSettingsCard description={PRICING} />;
}
