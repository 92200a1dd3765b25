import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { isKycError, kycError } from './modules/kyc/index.ts';
import { isLedgerError, LedgerError } from './modules/ledger/index.ts';
import { isWagersError, wagersError } from './modules/wagers/index.ts';
import {
  AppError,
  defineErrors,
  type ErrorCode,
  errorTables,
  frameworkRefusal,
  recordedRefusal,
} from './platform/http/errors.ts';

const src = path.dirname(fileURLToPath(import.meta.url));
const modulesDir = path.join(src, 'modules');

/**
 * Codes more than one table holds on purpose, with the tables that hold them: the provider API
 * documents every code it answers, including those the bet path, the ledger and free spins
 * raise; a module may name a generic code in its own table when its API documents it.
 */
const SHARED: Record<string, string[]> = {
  CALLBACK_REJECTED: ['crypto', 'kyc'],
  DUPLICATE_TRANSACTION: ['bonus', 'casino'],
  FOUR_EYES: ['backoffice', 'cashier'],
  FREE_ROUNDS_FINISHED: ['bonus', 'casino'],
  FREE_ROUNDS_NOT_FOUND: ['bonus', 'casino'],
  IDEMPOTENCY_CONFLICT: ['ledger', 'platform'],
  INSUFFICIENT_FUNDS: ['casino', 'ledger', 'wagers'],
  INVALID_AMOUNT: ['casino', 'ledger'],
  KYC_REQUIRED: ['cashier', 'crypto'],
  PAYOUT_OVER_LIMIT: ['casino', 'sportsbook'],
  PROVIDER_UNAVAILABLE: ['cashier', 'crypto'],
  VALIDATION_FAILED: ['casino', 'platform'],
  WITHDRAWAL_STATE: ['cashier', 'crypto'],
};

/**
 * Entries that answer with a known code at a status of their own, by `table.KEY`: clients know
 * these codes at both statuses, and a code of their own would change the API.
 */
const ALIASES: Record<string, string> = {
  'auth.CURRENT_PASSWORD_WRONG': 'INVALID_CREDENTIALS',
  'auth.RESET_LINK_INVALID': 'TOKEN_INVALID',
  'crypto.CALLBACK_MISMATCH': 'CALLBACK_REJECTED',
  'kyc.FILE_SIZE_REFUSED': 'VALIDATION_FAILED',
  'kyc.FILE_TYPE_REFUSED': 'VALIDATION_FAILED',
};

const errorFiles = readdirSync(modulesDir).flatMap((name) =>
  readdirSync(path.join(modulesDir, name))
    .filter((file) => file.endsWith('.errors.ts'))
    .map((file) => ({ module: name, file: path.join(modulesDir, name, file) })),
);

beforeAll(async () => {
  for (const { file } of errorFiles) await import(file);
});

describe('error tables', () => {
  it('has one table per module errors file, besides the platform', () => {
    expect([...errorTables().keys()].sort()).toEqual(
      ['platform', ...errorFiles.map((entry) => entry.module)].sort(),
    );
  });

  it('gives every code an error status and a message a player can read', () => {
    for (const [owner, table] of errorTables()) {
      for (const [code, { status, message }] of Object.entries(table)) {
        const where = `${owner}.${code}`;
        expect(code, where).toMatch(/^[A-Z][A-Z0-9_]*$/);
        expect(Number.isInteger(status) && status >= 400 && status <= 599, where).toBe(true);
        expect(message.trim().length, where).toBeGreaterThan(0);
        expect(message, where).toBe(message.trim());
      }
    }
  });

  it('keeps codes unique across tables, except those shared on purpose (with one status)', () => {
    const owners = new Map<string, string[]>();
    const statuses = new Map<string, Set<number>>();
    for (const [owner, table] of errorTables()) {
      for (const [code, { status, code: answers }] of Object.entries(table)) {
        if (answers !== undefined) continue;
        owners.set(code, [...(owners.get(code) ?? []), owner].sort());
        statuses.set(code, (statuses.get(code) ?? new Set()).add(status));
      }
    }
    const shared = Object.fromEntries([...owners].filter(([, by]) => by.length > 1));
    expect(shared).toEqual(SHARED);
    for (const [code, set] of statuses) expect(set.size, code).toBe(1);
  });

  it('answers with a known code at another status only in the entries listed', () => {
    const own = new Map<string, number>();
    for (const table of errorTables().values())
      for (const [code, entry] of Object.entries(table))
        if (entry.code === undefined) own.set(code, entry.status);
    const aliases: Record<string, string> = {};
    for (const [owner, table] of errorTables()) {
      for (const [key, { status, code }] of Object.entries(table)) {
        if (code === undefined) continue;
        aliases[`${owner}.${key}`] = code;
        expect(own.has(key), `${owner}.${key} is another table's code`).toBe(false);
        expect(own.get(code), `${owner}.${key}: ${code} is no table's own code`).toBeDefined();
        expect(own.get(code), `${owner}.${key} takes the status ${code} has`).not.toBe(status);
      }
    }
    expect(aliases).toEqual(ALIASES);
  });

  it('refuses a table whose code takes another status than where it is already known', () => {
    expect(() =>
      defineErrors('conflicting', { NOT_FOUND: { status: 410, message: 'Gone' } }),
    ).toThrow(/NOT_FOUND is 404 in platform but 410 in conflicting/);
    expect(errorTables().has('conflicting')).toBe(false);
  });
});

describe('AppError', () => {
  it('takes a platform code with its status and default message', () => {
    const error = new AppError('NOT_FOUND');
    expect(error).toMatchObject({ code: 'NOT_FOUND', status: 404, message: 'Not found' });
    expect(new AppError('RATE_LIMITED', 'Slow down', { retryAfterSeconds: 3 })).toMatchObject({
      status: 429,
      message: 'Slow down',
      retryAfterSeconds: 3,
    });
  });

  it('never gives a code outside every table a status of its own choosing', () => {
    // The types refuse this; a cast must still fail loudly (a logged 500), not answer 400.
    expect(() => new AppError('NOT_IN_ANY_TABLE' as never)).toThrow(/in no error table/);
  });

  it('tells whose error it is when two tables share a code', () => {
    const ledger = new LedgerError('INSUFFICIENT_FUNDS');
    const wagers = wagersError('INSUFFICIENT_FUNDS', undefined, 'amount');
    expect(ledger).toMatchObject({ status: 409, message: 'Insufficient balance' });
    expect(wagers).toMatchObject({
      status: 409,
      message: 'Your balance is too low for this bet.',
      errors: [{ path: 'amount', message: 'Your balance is too low for this bet.' }],
    });
    expect(isLedgerError(ledger, 'INSUFFICIENT_FUNDS')).toBe(true);
    expect(isLedgerError(wagers)).toBe(false);
    expect(isWagersError(wagers, 'INSUFFICIENT_FUNDS')).toBe(true);
    expect(isWagersError(ledger)).toBe(false);
  });

  it('answers an entry named for its failure with the code clients know, at its own status', () => {
    const error = kycError('FILE_TYPE_REFUSED', 'The selfie must be a photo.', 'selfie');
    expect(error).toMatchObject({
      code: 'VALIDATION_FAILED',
      key: 'FILE_TYPE_REFUSED',
      status: 415,
      errors: [{ path: 'selfie', message: 'The selfie must be a photo.' }],
    });
    expect(isKycError(error, 'FILE_TYPE_REFUSED')).toBe(true);
    expect(isKycError(error, 'FILE_SIZE_REFUSED')).toBe(false);
  });

  it('answers a recorded refusal again at 409, and a framework 4xx at its own status', () => {
    expect(recordedRefusal('MARKET_CLOSED', 'The market is closed')).toMatchObject({
      code: 'MARKET_CLOSED',
      status: 409,
      message: 'The market is closed',
    });
    expect(frameworkRefusal(405, 'Method not allowed')).toMatchObject({
      code: 'BAD_REQUEST',
      status: 405,
    });
    expect(() => frameworkRefusal(500, 'Boom')).toThrow(/not a 4xx/);
  });

  it('accepts only known codes (checked by the type checker)', () => {
    const known: ErrorCode[] = ['NOT_FOUND', 'BONUS_NOT_ACTIVE', 'INSUFFICIENT_FUNDS'];
    // @ts-expect-error: no table has this code
    const typo: ErrorCode = 'NOT_FUOND';
    // @ts-expect-error: an unknown code without a status
    const unknown = () => new AppError('TYPO', 'A typo');
    // @ts-expect-error: a module's code comes from its table's helper, which knows its status
    const moduleCode = () => new AppError('BONUS_NOT_ACTIVE', 'This bonus has already ended.');
    // @ts-expect-error: a helper builds only its own table's codes
    const foreign = () => wagersError('BONUS_NOT_ACTIVE');
    // @ts-expect-error: an entry may answer only with a known code
    const alias = () => defineErrors('aliased', { A: { status: 400, code: 'NOPE', message: 'A' } });
    expect([known, typo, unknown, moduleCode, foreign, alias]).toHaveLength(6);
  });
});

describe('statuses come from tables', () => {
  /** `new AppError(…, { status })`: a status named at the throw rather than taken from a table. */
  function statusesIn(file: string): string[] {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
    const found: string[] = [];
    const visit = (node: ts.Node) => {
      if (
        ts.isNewExpression(node) &&
        node.expression.getText(source) === 'AppError' &&
        node.arguments?.[2] &&
        ts.isObjectLiteralExpression(node.arguments[2]) &&
        node.arguments[2].properties.some((p) => p.name?.getText(source) === 'status')
      ) {
        const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
        found.push(`${path.relative(src, file)}:${line + 1}`);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
    return found;
  }

  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory()
        ? files(path.join(dir, entry.name))
        : entry.name.endsWith('.ts')
          ? [path.join(dir, entry.name)]
          : [],
    );

  it('names a status at the throw nowhere', () => {
    // Services, routes, errors files, the platform and the integration tests alike.
    const checked = [...files(src), ...files(path.join(src, '..', 'test'))];
    expect(checked.length).toBeGreaterThan(200);
    expect(checked.flatMap(statusesIn)).toEqual([]);
    // Reads every source file: seconds on a busy 2-core machine.
  }, 60_000);
});
