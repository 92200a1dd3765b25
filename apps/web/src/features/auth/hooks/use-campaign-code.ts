import { useEffect } from 'react';
import { useSearchParams } from 'react-router';

const CAMPAIGN_KEY = 'campaign_code';
export const CAMPAIGN_CODE_MAX_LENGTH = 64;

export function sanitizeCampaignCode(raw: string | null | undefined): string {
  return (raw ?? '').trim().slice(0, CAMPAIGN_CODE_MAX_LENGTH);
}

/**
 * Spec §2: the page's `?c=` is the campaign code. It is remembered for the tab
 * so a visitor who lands on `/?c=X`, browses, then registers still carries it.
 */
export function useCampaignCode(): string {
  const [params] = useSearchParams();
  const fromUrl = sanitizeCampaignCode(params.get('c'));
  useEffect(() => {
    if (!fromUrl) return;
    try {
      sessionStorage.setItem(CAMPAIGN_KEY, fromUrl);
    } catch {
      // The code still applies for this page view.
    }
  }, [fromUrl]);
  if (fromUrl) return fromUrl;
  try {
    return sanitizeCampaignCode(sessionStorage.getItem(CAMPAIGN_KEY));
  } catch {
    return '';
  }
}
