import type { Db } from '../../platform/db/database.ts';
import type { EventBus } from '../../platform/events/event-bus.ts';
import type { AuditService } from '../audit/index.ts';
import type { CurrenciesService } from '../currencies/index.ts';
import { PlayersRepository } from './players.repository.ts';
import { PlayersService } from './players.service.ts';

export type { KycStatus, NewPlayer, PlayerRow, PlayerStatus } from './players.repository.ts';
export { playersRoutes } from './players.routes.ts';
export type { WalletSummary, WalletSummaryProvider } from './players.service.ts';
export type { PlayersService };

export function createPlayersModule(deps: {
  db: Db;
  currencies: CurrenciesService;
  audit: AuditService;
  events: EventBus;
}) {
  return {
    service: new PlayersService(
      new PlayersRepository(deps.db),
      deps.currencies,
      deps.audit,
      deps.events,
    ),
  };
}
