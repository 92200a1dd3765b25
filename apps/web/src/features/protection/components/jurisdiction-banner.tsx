import { envelope } from '@casino/contracts/envelope';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { parseResponse, request } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/root-store.ts';

const jurisdiction = envelope(
  z.object({
    country: z.string().nullable(),
    policy: z.string(),
    real_money: z.boolean(),
    message: z.string().nullable(),
  }),
);

/**
 * Where real-money play is off (the jurisdiction policy), the site says so plainly. Fixed to the
 * bottom of the viewport, above the phone's navigation bar, so it never shifts the page.
 */
export function JurisdictionBanner() {
  const { i18n } = useTranslation();
  const auth = useAuth();
  const query = useQuery({
    queryKey: ['jurisdiction', auth.authUserToken, i18n.language],
    queryFn: async () =>
      parseResponse(jurisdiction, await request('/jurisdiction'), 'jurisdiction').data,
    staleTime: 10 * 60_000,
  });
  if (!query.data || query.data.real_money || !query.data.message) return null;
  return (
    <div
      role="status"
      className="fixed inset-x-0 bottom-16 z-30 mx-auto w-fit max-w-[calc(100%-1.5rem)] rounded-xl border border-warning/40 bg-ink-900/95 px-4 py-2.5 text-center text-[13px] text-warning shadow-pop backdrop-blur md:bottom-4"
      data-testid="jurisdiction-banner"
    >
      {query.data.message}
    </div>
  );
}
