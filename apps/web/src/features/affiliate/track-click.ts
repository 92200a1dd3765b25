import { request } from '../../lib/api-client.ts';

const CLICK_KEY = 'campaign_click_sent';

/**
 * A visitor landed with `?c=`: count one click for that campaign per tab session. Kept
 * apart from the affiliate page's API (no zod), because the app shell calls it on every load.
 */
export function trackCampaignClick(code: string): void {
  if (!code) return;
  try {
    if (sessionStorage.getItem(CLICK_KEY) === code) return;
    sessionStorage.setItem(CLICK_KEY, code);
  } catch {
    // Without storage the click may count twice; the server limits clicks per address.
  }
  void request('/affiliate/click', { json: { code } }).catch(() => {});
}
