import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/**
 * WCAG 2.2 AA checks with axe-core inside the page. Only serious and critical findings fail a
 * journey: moderate and minor ones (best-practice hints, landmark nits) are for review, and a
 * suite that fails on every hint stops being read.
 */
const AXE_SOURCE = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const FAILING_IMPACTS = new Set(['serious', 'critical']);
/** A node list per rule is cut here: the first few say what to fix. */
const NODES_SHOWN_MAX = 5;

export type A11yViolation = { id: string; impact: string; help: string; nodes: string[] };

/** A page that navigates while it is audited (a reload, a sign-out) is audited again once loaded. */
const NAVIGATED = /Execution context was destroyed|navigat/i;
const AUDIT_ATTEMPTS = 3;

/** The serious and critical WCAG violations on the page as it is now. */
export async function a11yViolations(page: Page): Promise<A11yViolation[]> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await auditOnce(page);
    } catch (error) {
      if (attempt >= AUDIT_ATTEMPTS || !NAVIGATED.test(String(error))) throw error;
      await page.waitForLoadState('load').catch(() => {});
    }
  }
}

async function auditOnce(page: Page): Promise<A11yViolation[]> {
  const loaded = await page.evaluate(() => 'axe' in globalThis);
  // Evaluated over the DevTools protocol: the site's CSP (script-src 'self') refuses an inline tag.
  if (!loaded) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async (tags) => {
    // biome-ignore lint/suspicious/noExplicitAny: axe is injected as a global script
    const axe = (globalThis as any).axe;
    // biome-ignore lint/suspicious/noExplicitAny: the page's document (this file has no DOM types)
    const result = await axe.run((globalThis as any).document, {
      runOnly: { type: 'tag', values: tags },
      resultTypes: ['violations'],
    });
    return result.violations.map(
      (v: {
        id: string;
        impact: string;
        help: string;
        nodes: { target: unknown[]; html: string }[];
      }) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        nodes: v.nodes.map(
          (node) => `${node.target.map(String).join(' ')}  ${node.html.slice(0, 160)}`,
        ),
      }),
    );
  }, WCAG_TAGS);
  return (violations as A11yViolation[])
    .filter((v) => FAILING_IMPACTS.has(v.impact))
    .map((v) => ({ ...v, nodes: v.nodes.slice(0, NODES_SHOWN_MAX) }));
}

/** One line per violation, naming the page, for a failure message. */
export function describeViolations(url: string, violations: readonly A11yViolation[]): string {
  return violations
    .map((v) => `${url}: [${v.impact}] ${v.id} — ${v.help}\n      ${v.nodes.join('\n      ')}`)
    .join('\n');
}

/** Fails with every serious or critical violation on the page. */
export async function expectAccessible(page: Page): Promise<void> {
  const violations = await a11yViolations(page);
  if (violations.length > 0)
    throw new Error(
      `Accessibility (axe, WCAG 2.2 AA):\n${describeViolations(page.url(), violations)}`,
    );
}
