import type { SbCashoutSettings } from '@casino/contracts/sportsbook';
import {
  on,
  SportSettingsCard,
  type SportSettingsDescription,
  text,
} from './sport-settings-card.tsx';

/**
 * Cash-out per sport (decision 0642): offered or not, the share of the fair value the book
 * keeps, and the least share of the stake a partial cash-out takes and leaves (shown in %).
 */
const CASHOUT: SportSettingsDescription<SbCashoutSettings> = {
  title: 'Cash-out per sport',
  queryKey: ['sb', 'cashout-settings'],
  url: '/sportsbook/cashout-settings',
  rowTestId: 'cashout-settings',
  sport: (s) => ({ id: s.sport_id, name: s.name, default: s.default }),
  fields: [
    {
      key: 'enabled',
      kind: 'switch',
      header: 'On',
      label: 'cash-out offered',
      value: (s) => s.enabled,
    },
    {
      key: 'margin',
      kind: 'text',
      header: 'Margin %',
      title: 'The share of the fair value the book keeps (0–50 %)',
      label: 'cash-out margin',
      inputMode: 'decimal',
      value: (s) => (s.margin_bp / 100).toFixed(2),
    },
    {
      key: 'partial',
      kind: 'text',
      header: 'Min part %',
      title: 'The least share of the stake a partial cash-out takes and leaves (1–50 %)',
      label: 'least partial cash-out',
      inputMode: 'decimal',
      value: (s) => (s.partial_min_bp / 100).toFixed(2),
    },
  ],
  saveUrl: (sport) => `/sportsbook/sports/${sport}/cashout`,
  body: (form) => ({
    enabled: on(form, 'enabled'),
    margin_bp: Math.round(Number(text(form, 'margin')) * 100),
    partial_min_bp: Math.round(Number(text(form, 'partial')) * 100),
  }),
  invalidates: ['sb', 'cashout-settings'],
  saved: (name) => `${name}: cash-out saved`,
};

export function CashoutSettingsCard() {
  return <SportSettingsCard description={CASHOUT} />;
}
