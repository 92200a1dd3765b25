import type { Subscriber } from '../../platform/outbox/outbox.ts';
import type { LoyaltyService } from './loyalty.service.ts';

/**
 * Settled bets feed the VIP volume and the rakeback, off the bet path: delivered at least once
 * after the bet committed, counted once per bet reference (`loyalty_bets`), so a redelivery, a
 * replay out of order or a re-settled sports bet counts nothing more.
 */
export function loyaltySubscribers(service: LoyaltyService): Subscriber[] {
  const volume: Subscriber<'BetSettled'> = {
    name: 'loyalty.volume',
    types: ['BetSettled'],
    async handle(events) {
      await service.countSettled(events.map((event) => event.payload));
    },
  };
  return [volume as Subscriber];
}
