import type { Subscriber } from '../../platform/outbox/outbox.ts';
import type { BonusService } from './bonus.service.ts';

/**
 * What the bonus engine does when something happens elsewhere (domain events, delivered at
 * least once after the change committed; each handler is idempotent on the event's reference):
 * - a settled real-money bet advances the wagering of the player's running bonus (once per bet:
 *   `bonus_wagers` is unique per bet reference, so a redelivery or a re-settlement counts once);
 * - a credited deposit grants its coupon's or the first-deposit offer (once per deposit: the
 *   grant is unique per source).
 */
export function bonusSubscribers(service: BonusService): Subscriber[] {
  const wagering: Subscriber<'BetSettled'> = {
    name: 'bonus.wagering',
    types: ['BetSettled'],
    async handle(events) {
      // A reopened bet (a corrected result) already counted; an operator's stake wagers nothing.
      const bets = events
        .map((event) => event.payload)
        .filter(
          (bet) =>
            bet.status === 'settled' &&
            bet.stake_minor > 0n &&
            bet.funding !== 'free_bet' &&
            bet.funding !== 'free_round',
        );
      // Most players have no running bonus: one query for the whole batch finds who has.
      const running = await service.playersWithRunningBonus([
        ...new Set(bets.map((bet) => bet.player_id)),
      ]);
      for (const bet of bets) {
        if (!running.has(bet.player_id)) continue;
        await service.onBetSettled({
          player_id: bet.player_id,
          bet_ref: bet.bet_ref,
          product: bet.product === 'sports' ? 'sports' : 'casino',
          category: bet.category,
          stake_minor: bet.stake_minor,
          currency: bet.currency,
          selections: bet.selections,
        });
      }
    },
  };
  const deposits: Subscriber<'DepositCredited'> = {
    name: 'bonus.deposits',
    types: ['DepositCredited'],
    async handle(events) {
      for (const { payload: deposit } of events) {
        await service.onDepositCredited({
          player_id: deposit.player_id,
          deposit_ref: deposit.deposit_ref,
          amount_minor: deposit.amount_minor,
          currency: deposit.currency,
          coupon: deposit.coupon,
          first_deposit: deposit.first_deposit,
        });
      }
    },
  };
  return [wagering as Subscriber, deposits as Subscriber];
}
