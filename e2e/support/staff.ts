import { readFileSync } from 'node:fs';
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
 * The owner's sign-in in the back office. A code works once, and another journey may have
 * used this time step's code: then the next step's code (accepted one step early) signs in.
 */
export async function ownerSignIn(page: Page) {
  for (const offset of [0, 1]) {
    await page.goto('/admin/');
    await page.getByLabel('Email').fill(OWNER.email);
    await page.getByLabel('Password').fill(OWNER.password);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel('Authenticator code').fill(
      await generate({
        secret: OWNER.secret,
        epoch: Math.floor(Date.now() / 1000) + offset * 30,
      }),
    );
    await page.getByRole('button', { name: 'Sign in' }).click();
    const signedIn = await page
      .getByRole('navigation', { name: 'Back office' })
      .waitFor({ timeout: 5_000 })
      .then(() => true)
      .catch(() => false);
    if (signedIn) return;
  }
  throw new Error('owner could not sign in');
}

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
