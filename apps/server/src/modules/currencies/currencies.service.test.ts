import { describe, expect, it } from 'vitest';
import type { AuditService } from '../audit/index.ts';
import type { CurrenciesRepository, CurrencyRow } from './currencies.repository.ts';
import { CURRENCY_CACHE_MS, CurrenciesService } from './currencies.service.ts';

const EUR: CurrencyRow = {
  id: 1,
  code: 'EUR',
  name: 'Euro',
  prefix: '€',
  icon: '',
  scale: 2,
  is_crypto: false,
  rate_to_eur: '1',
  enabled: true,
  sort_order: 0,
};
const INR: CurrencyRow = { ...EUR, id: 3, code: 'INR', name: 'Rupee', rate_to_eur: '90.25' };
const ACTOR = { type: 'system', id: 'test' } as const;

/** The table in memory, counting reads; `hold()` keeps the next read pending until released. */
function fixture() {
  let rows = [EUR, INR].map((row) => ({ ...row }));
  let clock_ms = 1_000_000;
  let reads = 0;
  let held: { release: () => void } | null = null;
  let failing = false;
  const audits: unknown[] = [];
  const repository = {
    async all() {
      reads += 1;
      if (failing) {
        failing = false;
        throw new Error('connection lost');
      }
      const snapshot = rows.map((row) => ({ ...row }));
      if (held) await new Promise<void>((resolve) => (held = { release: resolve }));
      return snapshot;
    },
    async byId(id: number) {
      return rows.find((row) => row.id === id);
    },
    async update(id: number, patch: Partial<CurrencyRow>) {
      rows = rows.map((row) => (row.id === id ? { ...row, ...patch } : row));
      return rows.find((row) => row.id === id);
    },
    async insertIfMissing(row: CurrencyRow) {
      if (!rows.some((known) => known.id === row.id)) rows = [...rows, row];
    },
  } as unknown as CurrenciesRepository;
  const audit = {
    record: async (entry: unknown) => void audits.push(entry),
  } as unknown as AuditService;
  const service = new CurrenciesService(repository, audit, () => clock_ms);
  return {
    service,
    audits,
    reads: () => reads,
    failNextRead: () => {
      failing = true;
    },
    advance: (ms: number) => {
      clock_ms += ms;
    },
    hold: () => {
      held = { release: () => {} };
      return () => {
        const pending = held;
        held = null;
        pending?.release();
      };
    },
    /** A change another instance made: straight to the table. */
    elsewhere: (id: number, patch: Partial<CurrencyRow>) => {
      rows = rows.map((row) => (row.id === id ? { ...row, ...patch } : row));
    },
  };
}

describe('the currency catalogue cache', () => {
  it('answers from memory for CURRENCY_CACHE_MS, then reads again', async () => {
    const f = fixture();
    expect((await f.service.byCode('INR'))?.rate_to_eur).toBe('90.25');
    expect((await f.service.byId(1))?.code).toBe('EUR');
    expect(await f.service.all()).toHaveLength(2);
    expect(f.reads()).toBe(1);

    f.elsewhere(3, { rate_to_eur: '91' });
    f.advance(CURRENCY_CACHE_MS - 1);
    expect((await f.service.byCode('INR'))?.rate_to_eur).toBe('90.25');
    f.advance(1);
    expect((await f.service.byCode('INR'))?.rate_to_eur).toBe('91');
    expect(f.reads()).toBe(2);
  });

  it('shows a change made through this instance at once, audited', async () => {
    const f = fixture();
    await f.service.all();
    await f.service.update(3, { rate_to_eur: '91.5', enabled: false }, ACTOR);
    expect((await f.service.byId(3))?.rate_to_eur).toBe('91.5');
    expect((await f.service.enabled()).map((row) => row.code)).toEqual(['EUR']);
    expect(f.audits).toHaveLength(1);
  });

  it('never keeps a read that started before a change', async () => {
    const f = fixture();
    const release = f.hold();
    const before = f.service.byCode('INR');
    await f.service.update(3, { rate_to_eur: '92' }, ACTOR);
    release();
    expect((await before)?.rate_to_eur).toBe('90.25');
    expect((await f.service.byCode('INR'))?.rate_to_eur).toBe('92');
  });

  it('shares one read among concurrent callers, and does not keep a failed one', async () => {
    const f = fixture();
    await Promise.all([f.service.all(), f.service.byId(1), f.service.byCode('EUR')]);
    expect(f.reads()).toBe(1);

    const g = fixture();
    g.failNextRead();
    await expect(g.service.all()).rejects.toThrow('connection lost');
    expect(await g.service.all()).toHaveLength(2);
  });

  it('hands out frozen rows, so no caller can change what the others read', async () => {
    const f = fixture();
    const eur = (await f.service.byId(1))!;
    expect(() => {
      (eur as { scale: number }).scale = 8;
    }).toThrow(TypeError);
  });

  it('refuses a rate that is not a positive decimal, and an unknown currency', async () => {
    const f = fixture();
    await expect(f.service.update(3, { rate_to_eur: '0' }, ACTOR)).rejects.toThrow(
      'rate_to_eur must be a positive decimal',
    );
    await expect(f.service.update(42, { enabled: true }, ACTOR)).rejects.toThrow(
      'Currency 42 does not exist',
    );
    expect(f.audits).toHaveLength(0);
  });

  it("names a wallet's currency, and the reference currency for none or one that is gone", async () => {
    const { service } = fixture();
    expect(await service.walletCode(3)).toBe('INR');
    expect(await service.walletCode(null)).toBe('EUR');
    expect(await service.walletCode(99)).toBe('EUR');
  });
});
