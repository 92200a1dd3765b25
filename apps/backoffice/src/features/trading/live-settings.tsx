import { SportSettingsCard, type SportSettingsDescription, text } from './sport-settings-card.tsx';

export type LiveSetting = {
  sport_id: string;
  name: string;
  delay_ms: number | null;
  tolerance_bp: number;
  default: boolean;
};

/**
 * In-play per sport (decision 0626): how long a live bet waits before its check (seconds; empty:
 * the platform default), and how far its price may move during the wait and still be accepted
 * at the price the player saw (%).
 */
const LIVE: SportSettingsDescription<LiveSetting> = {
  title: 'In-play bet delay per sport',
  queryKey: ['sb', 'live-settings'],
  url: '/sportsbook/live-settings',
  rowTestId: 'live-setting',
  sport: (s) => ({ id: s.sport_id, name: s.name, default: s.default }),
  fields: [
    {
      key: 'delay',
      kind: 'text',
      header: 'Delay s',
      title: 'Seconds a live bet waits before its price is checked; empty: the platform default',
      label: 'in-play delay',
      placeholder: 'default',
      value: (s) => (s.delay_ms === null ? '' : (s.delay_ms / 1000).toFixed(1)),
    },
    {
      key: 'tolerance',
      kind: 'text',
      header: 'Tolerance %',
      title:
        'A price that moved by at most this share during the delay is still accepted at the price seen (0–5 %)',
      label: 'price tolerance',
      value: (s) => (s.tolerance_bp / 100).toFixed(2),
    },
  ],
  saveUrl: (sport) => `/sportsbook/sports/${sport}/live`,
  body: (form) => {
    const delay = text(form, 'delay').trim();
    return {
      delay_ms: delay === '' ? null : Math.round(Number(delay) * 1000),
      tolerance_bp: Math.round(Number(text(form, 'tolerance')) * 100),
    };
  },
  invalidates: ['sb', 'live-settings'],
  saved: (name) => `${name}: in-play settings saved`,
};

export function LiveSettingsCard() {
  return <SportSettingsCard description={LIVE} />;
}
