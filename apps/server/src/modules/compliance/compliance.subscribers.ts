import type { Subscriber } from '../../platform/outbox/outbox.ts';
import type { ComplianceService } from './compliance.service.ts';

/**
 * The AML rules run when money moves in or out (domain events, at least once after commit):
 * each player named in a batch is evaluated once. Evaluating again raises nothing new (alerts
 * are fingerprinted), so a redelivery is harmless. The periodic sweep still covers sign-ins.
 */
export function complianceSubscribers(service: ComplianceService): Subscriber[] {
  const aml: Subscriber<'DepositCredited' | 'WithdrawalRequested'> = {
    name: 'compliance.aml',
    types: ['DepositCredited', 'WithdrawalRequested'],
    async handle(events) {
      for (const player_id of new Set(events.map((event) => event.payload.player_id)))
        await service.evaluate(player_id);
    },
  };
  return [aml as Subscriber];
}
