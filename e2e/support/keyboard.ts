import type { Page } from 'playwright-core';

/**
 * Keyboard-only helpers: a journey built on these never clicks. Every landing of focus is checked
 * for a visible indicator (WCAG 2.4.7) and, where sticky bars are on the page, for not being
 * hidden under them (2.4.11).
 */

/** What the page says about the focused element. */
export type Focused = {
  tag: string;
  testId: string | null;
  name: string;
  /** A visible indicator: an outline, or a box-shadow ring drawn on focus. */
  indicator: boolean;
  /** Inside a dialog (drawn above the sticky bars, so they cannot cover it). */
  inDialog: boolean;
  rect: { top: number; bottom: number; left: number; right: number };
  /** The sticky and fixed bars that overlap the focused element, by test id. */
  coveredBy: string[];
};

/**
 * The bars that stay on screen while the page scrolls: the top bar, the phone's bottom bar and
 * the sports bet-slip bar. Test ids, so a renamed bar fails here instead of silently passing.
 */
export const STICKY_BARS = ['top-bar', 'bottom-bar', 'slip-open'] as const;

export async function focused(page: Page): Promise<Focused> {
  return page.evaluate(
    (bars) => {
      // biome-ignore lint/suspicious/noExplicitAny: the page's document (this file has no DOM types)
      const doc = (globalThis as any).document;
      // biome-ignore lint/suspicious/noExplicitAny: the page's window
      const win = globalThis as any;
      const el = doc.activeElement;
      if (!el || el === doc.body)
        return {
          tag: 'body',
          testId: null,
          name: '',
          indicator: false,
          inDialog: false,
          rect: { top: 0, bottom: 0, left: 0, right: 0 },
          coveredBy: [],
        };
      const style = win.getComputedStyle(el);
      const outline = style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) >= 1;
      const ring = style.boxShadow !== 'none' && style.boxShadow !== '';
      const r = el.getBoundingClientRect();
      // Covered where a bar is the topmost element at a point of the focused one (z-order counts:
      // the skip link is drawn above the top bar).
      const coveredBy = new Set<string>();
      // The centre and the middle of each edge: corners may be rounded off the element.
      const inset = 2;
      const cx = (r.left + r.right) / 2;
      const cy = (r.top + r.bottom) / 2;
      const points = [
        [cx, cy],
        [cx, r.top + inset],
        [cx, r.bottom - inset],
        [r.left + inset, cy],
        [r.right - inset, cy],
      ];
      for (const [x, y] of points) {
        const top = doc.elementFromPoint(x, y);
        if (!top || el.contains(top)) continue;
        for (const id of bars) {
          const bar = top.closest(`[data-testid="${id}"]`);
          if (bar && !bar.contains(el)) coveredBy.add(`${id} at ${Math.round(x)},${Math.round(y)}`);
        }
      }
      return {
        tag: el.tagName.toLowerCase(),
        testId: el.getAttribute('data-testid'),
        name: (
          el.getAttribute('aria-label') ||
          el.labels?.[0]?.textContent ||
          el.textContent ||
          el.getAttribute('name') ||
          ''
        )
          .trim()
          .slice(0, 60),
        indicator: outline || ring,
        inDialog: Boolean(el.closest('[role="dialog"]')),
        rect: { top: r.top, bottom: r.bottom, left: r.left, right: r.right },
        coveredBy: [...coveredBy],
      };
    },
    STICKY_BARS as unknown as string[],
  );
}

/** Fails unless the focused element shows an indicator and no sticky bar covers any of it. */
export async function expectFocusVisible(page: Page, where: string): Promise<Focused> {
  const now = await focused(page);
  if (now.tag === 'body') throw new Error(`${where}: focus fell to the page body`);
  if (!now.indicator)
    throw new Error(`${where}: no visible focus indicator on ${now.tag} "${now.name}"`);
  if (!now.inDialog && now.coveredBy.length > 0)
    throw new Error(
      `${where}: ${now.tag} "${now.name}" is under ${now.coveredBy.join(', ')} (${JSON.stringify(now.rect)})`,
    );
  return now;
}

/**
 * Presses Tab (or Shift+Tab) until the focused element has test id `testId` (or, when `testId`
 * starts with "name:", an accessible name containing the rest), checking every stop on the way.
 */
export async function tabTo(
  page: Page,
  testId: string,
  { back = false, max = 60 }: { back?: boolean; max?: number } = {},
): Promise<Focused> {
  const wanted = (f: Focused) =>
    testId.startsWith('name:') ? f.name.includes(testId.slice(5)) : f.testId === testId;
  const seen: string[] = [];
  for (let i = 0; i < max; i += 1) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    const now = await expectFocusVisible(page, `Tab stop ${i + 1} towards ${testId}`);
    if (wanted(now)) return now;
    seen.push(now.testId ?? `${now.tag}:${now.name}`);
  }
  throw new Error(`${testId} not reached in ${max} Tab presses; stops: ${seen.join(' | ')}`);
}

/** The test id of the focused element (or of its closest ancestor that has one). */
export async function focusedWithin(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    // biome-ignore lint/suspicious/noExplicitAny: the page's document
    const el = (globalThis as any).document.activeElement;
    return el?.closest('[data-testid]')?.getAttribute('data-testid') ?? null;
  });
}
