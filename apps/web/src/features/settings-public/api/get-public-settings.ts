import { envelope, type PublicSettings, publicSettings } from '@casino/contracts';
import { useQuery } from '@tanstack/react-query';
import { parseResponse, request } from '../../../lib/api-client.ts';

export const publicSettingsResponse = envelope(publicSettings);

export async function getPublicSettings(): Promise<PublicSettings> {
  const payload = await request('/settings/public', { token: null });
  return parseResponse(publicSettingsResponse, payload, 'public settings').data;
}

export function usePublicSettings() {
  return useQuery({
    queryKey: ['settings', 'public'],
    queryFn: getPublicSettings,
    staleTime: 10 * 60_000,
  });
}
