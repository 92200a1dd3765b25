import { AppError, type CodesOf, defineErrors } from '../../platform/http/errors.ts';
import { REFUSALS, type RefusalCode } from './protection.messages.ts';

/**
 * The gate's refusals: each 403, with its English text as the default message. A refusal always
 * carries the text in the player's language (`protection.messages.ts`, filled in by the gate),
 * so the default is what a throw without one would say.
 */
export const PROTECTION_ERRORS = {
  JURISDICTION_DEMO_ONLY: { status: 403, message: REFUSALS.JURISDICTION_DEMO_ONLY.en },
  JURISDICTION_BLOCKED: { status: 403, message: REFUSALS.JURISDICTION_BLOCKED.en },
  COUNTRY_MISMATCH: { status: 403, message: REFUSALS.COUNTRY_MISMATCH.en },
  ANONYMISER: { status: 403, message: REFUSALS.ANONYMISER.en },
  SELF_EXCLUDED: { status: 403, message: REFUSALS.SELF_EXCLUDED.en },
  TIMED_OUT: { status: 403, message: REFUSALS.TIMED_OUT.en },
  DEPOSIT_LIMIT: { status: 403, message: REFUSALS.DEPOSIT_LIMIT.en },
  LOSS_LIMIT: { status: 403, message: REFUSALS.LOSS_LIMIT.en },
  WAGER_LIMIT: { status: 403, message: REFUSALS.WAGER_LIMIT.en },
  SESSION_LIMIT: { status: 403, message: REFUSALS.SESSION_LIMIT.en },
  WITHDRAWALS_FROZEN: { status: 403, message: REFUSALS.WITHDRAWALS_FROZEN.en },
} as const satisfies { [K in RefusalCode]: { status: 403; message: (typeof REFUSALS)[K]['en'] } };

declare module '../../platform/http/errors.ts' {
  interface ErrorCodes extends CodesOf<typeof PROTECTION_ERRORS> {}
}

export type ProtectionErrorCode = keyof typeof PROTECTION_ERRORS;

export const { error: protectionError, is: isProtectionError } = defineErrors(
  'protection',
  PROTECTION_ERRORS,
);

/** Why the gate said no: one of its refusals, or NOT_FOUND for a player it does not know. */
export type GateRefusal = { code: ProtectionErrorCode | 'NOT_FOUND'; message: string };

/**
 * The error a refused decision answers with, for whoever throws it (the gate's `admit`, the bet
 * path's `check`, a game launch): the code and the player's message as decided, the status
 * from the table.
 */
export const gateRefusal = ({ code, message }: GateRefusal) =>
  code === 'NOT_FOUND' ? new AppError('NOT_FOUND', message) : protectionError(code, message);
