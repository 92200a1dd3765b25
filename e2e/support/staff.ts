import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { generate } from 'otplib';
import pg from 'pg';
import type { Page } from 'playwright-core';
import { inject } from 'vitest';

/** The demo owner the demo seed creates (README). */
export const OWNER = {
  email: 'owner@example.com',
  password: 'demo-owner-password',
  secret: 'DEMOOWNERTOTPSECRETFORLOCALUSE22',
};

/**
 * Tries TOTP codes until `attempt` accepts one. A code works once, and the journeys before this
 * one may have used this time step's code and the next (accepted one step early): then it waits
 * for the following step. At most three steps.
 */
export async function withTotp(
  secret: string,
  attempt: (code: string) => Promise<boolean>,
): Promise<void> {
  for (let round = 0; round < 3; round += 1) {
    for (const offset of [0, 1]) {
      const code = await generate({ secret, epoch: Math.floor(Date.now() / 1000) + offset * 30 });
      if (await attempt(code)) return;
    }
    const now = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 30_000 - (now % 30_000) + 500));
  }
  throw new Error('no TOTP code was accepted');
}

/**
 * Where the run keeps the demo owner's back-office session: one TOTP sign-in serves every journey
 * after it (as a person stays signed in), instead of each one waiting for a fresh 30-s code.
 */
const ownerSessionFile = () => path.join(inject('dataDir'), 'e2e-owner-session');

/** Opens the back office with the run's owner session; false when there is none or it ended. */
async function resumeOwnerSession(page: Page): Promise<boolean> {
  let token: string;
  try {
    token = readFileSync(ownerSessionFile(), 'utf8').trim();
  } catch {
    return false;
  }
  if (!token) return false;
  // Only into a tab without a token: a journey that signs in again keeps its own.
  await page.addInitScript({
    content: `if (!sessionStorage.getItem('bo.token')) sessionStorage.setItem('bo.token', ${JSON.stringify(token)});`,
  });
  await page.goto('/admin/');
  return page
    .getByRole('navigation', { name: 'Back office' })
    .waitFor({ timeout: 10_000 })
    .then(
      () => true,
      () => false,
    );
}

/**
 * A staff member's sign-in in the back office, TOTP as a person would. The demo owner resumes the
 * run's session when there is one (`fresh` signs in through the form regardless).
 */
export async function staffSignIn(
  page: Page,
  who: { email: string; password: string; secret: string },
  options: { fresh?: boolean } = {},
) {
  const owner = who.email === OWNER.email;
  if (owner && !options.fresh && (await resumeOwnerSession(page))) return;
  await withTotp(who.secret, async (code) => {
    await page.goto('/admin/');
    await page.getByLabel('Email').fill(who.email);
    await page.getByLabel('Password').fill(who.password);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel('Authenticator code').fill(code);
    await page.getByRole('button', { name: 'Sign in' }).click();
    return page
      .getByRole('navigation', { name: 'Back office' })
      .waitFor({ timeout: 5_000 })
      .then(() => true)
      .catch(() => false);
  });
  if (owner) writeFileSync(ownerSessionFile(), await staffToken(page));
}

/** The demo owner's sign-in in the back office. */
export const ownerSignIn = (page: Page, options: { fresh?: boolean } = {}) =>
  staffSignIn(page, OWNER, options);

/** The signed-in back-office page's staff token (for admin API calls a journey makes). */
export async function staffToken(page: Page): Promise<string> {
  const token = (await page.evaluate('sessionStorage.getItem("bo.token")')) as string | null;
  if (!token) throw new Error('no staff token in the back office page');
  return token;
}

/** The e2e server's embedded PostgreSQL, found from its data directory. */
export function databaseUrl(): string {
  const dir = inject('dataDir');
  const password = readFileSync(path.join(dir, 'pg-password'), 'utf8').trim();
  const port = readFileSync(path.join(dir, 'pg', 'postmaster.pid'), 'utf8')
    .split('\n')[3]!
    .trim();
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/casino`;
}

/** One statement on the server's database (set-up a journey cannot do through a screen). */
export async function sql(text: string, values: unknown[]) {
  const client = new pg.Client({ connectionString: databaseUrl() });
  await client.connect();
  try {
    return await client.query(text, values);
  } finally {
    await client.end();
  }
}
