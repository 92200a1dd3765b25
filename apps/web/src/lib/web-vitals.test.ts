import { WEB_VITALS_ROUTES } from '@casino/contracts';
import { describe, expect, it } from 'vitest';
import { ROUTE_MODULES } from '../app/route-modules.ts';
import { routePattern, toReport } from './web-vitals-reporter.ts';

describe('Web Vitals reports (issue 20)', () => {
  it('names a page by its route pattern, never its path', () => {
    expect(routePattern('/')).toBe('/');
    expect(routePattern('/casino/home')).toBe('/casino/home');
    expect(routePattern('/casino/slots')).toBe('/casino/:category');
    expect(routePattern('/casino/originals/dice')).toBe('/casino/originals/dice');
    expect(routePattern('/sports/')).toBe('/sports');
    expect(routePattern('/reset-password')).toBe('/reset-password');
    expect(routePattern('/no/such/page/here')).toBe('other');
  });

  it('uses only patterns the server keeps (the contract list)', () => {
    const kept = new Set<string>(WEB_VITALS_ROUTES);
    for (const pattern of Object.keys(ROUTE_MODULES)) expect(kept.has(pattern), pattern).toBe(true);
  });

  it('rounds values to what the server takes, and sends nothing without a metric', () => {
    const metrics = new Map([
      ['LCP', 2345.67],
      ['CLS', 0.0123456],
      ['INP', 88.4],
    ] as const);
    expect(toReport('/casino/live', true, metrics)).toEqual({
      route: '/casino/:category',
      device: 'mobile',
      metrics: [
        { name: 'LCP', value: 2346 },
        { name: 'CLS', value: 0.0123 },
        { name: 'INP', value: 88 },
      ],
    });
    expect(toReport('/', false, new Map())).toBeNull();
  });
});
