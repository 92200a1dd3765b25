import { expect } from 'vitest';
import { MoneyError, type MoneyErrorCode } from './errors.ts';

/** Runs `action` and expects it to throw a MoneyError with `code`. */
export function expectMoneyError(action: () => unknown, code: MoneyErrorCode): void {
  let thrown: unknown;
  try {
    action();
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toBeInstanceOf(MoneyError);
  expect((thrown as MoneyError).code).toBe(code);
}
