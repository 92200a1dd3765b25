import { registerBetRenderer } from '../features/bets/renderers/registry.ts';
import { registerSeedVerifier } from '../features/bets/verify.ts';
import {
  tableVerifier,
  verifyBlackjackBet,
  verifyHiloBet,
} from '../features/originals/card-verifiers.ts';
import { BlackjackOutcome, HiloOutcome } from '../features/originals/components/card-recall.tsx';
import {
  AndarBaharOutcome,
  BaccaratOutcome,
  DragonTigerOutcome,
  TeenPattiOutcome,
} from '../features/originals/components/table-recall.tsx';

/**
 * The games whose drawing and check live in their own feature, registered with the bet page
 * (features may not import one another; the app joins them). Loaded with the bet page.
 */
registerBetRenderer('hilo', HiloOutcome);
registerBetRenderer('blackjack', BlackjackOutcome);
registerSeedVerifier('hilo', verifyHiloBet);
registerSeedVerifier('blackjack', verifyBlackjackBet);
registerBetRenderer('baccarat', BaccaratOutcome);
registerBetRenderer('dragon-tiger', DragonTigerOutcome);
registerBetRenderer('teen-patti', TeenPattiOutcome);
registerBetRenderer('andar-bahar', AndarBaharOutcome);
for (const game of ['baccarat', 'dragon-tiger', 'teen-patti', 'andar-bahar'] as const) {
  registerSeedVerifier(game, tableVerifier(game));
}
