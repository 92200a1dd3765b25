import type { PublicSettings } from '@casino/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { checkResponseLater, lazySchema, request } from '../../../lib/api-client.ts';
import { BOOT_DATA_AT, bootData } from '../../../lib/boot-data.ts';

/** Loaded on first use so zod stays out of the initial chunk. */
export const publicSettingsResponse = lazySchema(async () => {
  const [{ envelope }, { publicSettings }] = await Promise.all([
    import('@casino/contracts/envelope'),
    import('@casino/contracts/catalog'),
  ]);
  return envelope(publicSettings);
});

export async function getPublicSettings(): Promise<PublicSettings> {
  const payload = await request('/settings/public', { token: null });
  return checkResponseLater(publicSettingsResponse, payload, 'public settings').data;
}

/**
 * The settings the server inlined into the page (lib/boot-data.ts), checked like a response;
 * undefined without them.
 */
function inlinedSettings(): PublicSettings | undefined {
  const data = bootData()['settings/public'];
  if (data === undefined) return undefined;
  return checkResponseLater(
    publicSettingsResponse,
    { status: 200, message: 'OK', data },
    'inlined public settings',
  ).data;
}

/**
 * The legal texts come in the language on screen (Accept-Language); the inlined settings are
 * English, so another language shows them only until its own answer arrives.
 */
export function usePublicSettings() {
  const { i18n } = useTranslation();
  const english = i18n.language === 'en';
  return useQuery({
    queryKey: ['settings', 'public', i18n.language],
    queryFn: getPublicSettings,
    staleTime: 10 * 60_000,
    initialData: english ? inlinedSettings : undefined,
    initialDataUpdatedAt: english ? BOOT_DATA_AT : undefined,
    placeholderData: (previous) => previous ?? inlinedSettings(),
  });
}
