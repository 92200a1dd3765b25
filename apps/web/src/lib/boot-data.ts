/**
 * What the server inlined into index.html for the first render (`<script type="application/json"
 * id="boot-data">`, apps/server static-sites.ts): today the public settings, so the brand name,
 * footer texts and languages are there in the first paint without a request or a re-render
 * (issue 20). Keyed by the API path whose `data` it holds. Absent (the Vite dev server, an older
 * server): an empty object, and the calls are made as usual.
 */
export type BootData = Partial<Record<'settings/public', unknown>>;

let cached: BootData | undefined;

export function bootData(): BootData {
  if (cached) return cached;
  cached = {};
  if (typeof document === 'undefined') return cached;
  const text = document.getElementById('boot-data')?.textContent ?? '';
  if (!text.startsWith('{')) return cached;
  try {
    const parsed = JSON.parse(text) as unknown;
    if (typeof parsed === 'object' && parsed !== null) cached = parsed as BootData;
  } catch {
    // A page without boot data works as before: the calls are made.
  }
  return cached;
}

/** When the boot data was read: it is as fresh as the page. */
export const BOOT_DATA_AT = Date.now();
