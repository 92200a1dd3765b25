import type { Subscriber } from '../../platform/outbox/outbox.ts';
import type { RacesService } from './races.service.ts';

/**
 * Settled bets score in the races they fall in, off the bet path: delivered at least once after
 * the bet committed, counted once per race and bet reference (`race_bets`).
 */
export function racesSubscribers(service: RacesService): Subscriber[] {
  const scores: Subscriber<'BetSettled'> = {
    name: 'races.scores',
    types: ['BetSettled'],
    async handle(events) {
      await service.countSettled(events.map((event) => event.payload));
    },
  };
  return [scores as Subscriber];
}
