import { type WagersDeps, WagersService } from './wagers.service.ts';

export {
  isWagersError,
  WAGERS_ERRORS,
  type WagersErrorCode,
  wagersError,
} from './wagers.errors.ts';
export {
  type Admission,
  type AdmitRequest,
  FREE_BET_HOUSE,
  type StakeResult,
  type Wager,
  WRITE_OFF_HOUSE,
} from './wagers.service.ts';
export type { WagersService };

/**
 * The one bet path every product calls (README.md): admission (gate, bonus max bet, whose
 * money), stakes and returns through the ledger, settlement with its domain events.
 */
export function createWagersModule(deps: WagersDeps) {
  return { service: new WagersService(deps) };
}
