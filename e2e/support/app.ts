import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';

/** The loading screen covers the first 2 s; wait until it is gone. */
export async function waitForApp(page: Page) {
  await page.getByTestId('top-bar').waitFor({ state: 'attached' });
  await page.getByTestId('loading-screen').waitFor({ state: 'detached', timeout: 10_000 });
}

export function uniqueEmail(prefix: string) {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.test`;
}

type Json = Record<string, unknown>;

async function api(baseUrl: string, path: string, init: RequestInit = {}): Promise<Json> {
  const response = await fetch(`${baseUrl}/api/v1${path}`, init);
  const body = (await response.json()) as Json;
  if (!response.ok) throw new Error(`${path} → ${response.status}: ${JSON.stringify(body)}`);
  return body;
}

/** The first fiat currency the server offers (registration needs one). */
export async function fiatCurrencyId(baseUrl: string): Promise<number> {
  const body = await api(baseUrl, '/currencies');
  const list = body.data as { id: number; is_crypto: string; code: string }[];
  const euro = list.find((c) => c.code === 'EUR') ?? list.find((c) => c.is_crypto === 'FALSE');
  if (!euro) throw new Error('No fiat currency offered');
  return euro.id;
}

/** Registers through the API (multipart, as the site sends it). */
export async function registerViaApi(
  baseUrl: string,
  player: {
    name: string;
    email: string;
    password: string;
    referral_code?: string;
    campaign_code?: string;
  },
) {
  const form = new FormData();
  form.set('name', player.name);
  form.set('email', player.email);
  form.set('password', player.password);
  form.set('currency_id', String(await fiatCurrencyId(baseUrl)));
  form.set('referral_code', player.referral_code ?? '');
  form.set('campaign_code', player.campaign_code ?? '');
  return api(baseUrl, '/customer/signup', { method: 'POST', body: form });
}

export async function logoutViaApi(baseUrl: string, token: string) {
  return api(baseUrl, '/customer/logout', {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
  });
}

export async function outbox(baseUrl: string, to: string) {
  const body = await api(baseUrl, `/dev/outbox?${new URLSearchParams({ to })}`);
  return body.data as { id: string; to: string; subject: string; text: string; html: string }[];
}

/** Signs in through the Sign In modal and waits for the reload that follows. */
export async function signInViaUi(page: Page, login: string, password: string) {
  await page.getByTestId('login-button').click();
  const modal = page.getByTestId('sign-in-modal');
  await modal.getByLabel('Email or username').fill(login);
  await modal.getByLabel('Password', { exact: true }).fill(password);
  await Promise.all([
    page.waitForEvent('load'),
    modal.getByRole('button', { name: 'Sign In', exact: true }).click(),
  ]);
  await waitForApp(page);
  await page.getByTestId('balance-badge').waitFor();
}

/** The persisted token (localStorage `root`, redux-persist layout). */
export async function storedToken(page: Page): Promise<string | null> {
  const raw = (await page.evaluate('localStorage.getItem("root")')) as string | null;
  if (!raw) return null;
  const outer = JSON.parse(raw) as { auth?: string };
  const auth = JSON.parse(outer.auth ?? '{}') as { authUserToken?: string | null };
  return auth.authUserToken ?? null;
}

/**
 * The shortest wait `eventually` gives: the journeys share two cores with the server tests and
 * another journey group, and a push or a price that takes 2 s on a quiet machine has taken over
 * 10 s there. A longer wait costs time only when the journey is failing anyway.
 */
const EVENTUALLY_MIN_MS = 30_000;

/** Polls until `read` returns a truthy value, or fails with `what` (after `timeout_ms`, at least 30 s). */
export async function eventually<T>(
  what: string,
  read: () => Promise<T>,
  timeout_ms = EVENTUALLY_MIN_MS,
): Promise<NonNullable<T>> {
  const deadline = Date.now() + Math.max(timeout_ms, EVENTUALLY_MIN_MS);
  let last: T | undefined;
  while (Date.now() < deadline) {
    last = await read();
    if (last) return last as NonNullable<T>;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`Timed out waiting for ${what} (last value: ${JSON.stringify(last)})`);
}

/** Waits until the locator's text contains `text`. */
export async function waitForText(page: Page, testId: string, text: string, timeout_ms = 10_000) {
  await eventually(
    `${testId} to contain "${text}"`,
    async () => ((await page.getByTestId(testId).textContent()) ?? '').includes(text),
    timeout_ms,
  );
}
