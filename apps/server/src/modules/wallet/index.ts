import type { FastifyPluginAsync } from 'fastify';
import type { EventBus } from '../../platform/events/event-bus.ts';
import type { PlayerAuth } from '../../platform/http/guards.ts';
import type { CurrenciesService } from '../currencies/index.ts';
import type { LedgerService } from '../ledger/index.ts';
import type { PlayersService } from '../players/index.ts';
import { walletRoutes } from './wallet.routes.ts';
import { type WageringPolicy, WalletService } from './wallet.service.ts';
import { WalletHub, walletSocketRoutes } from './wallet.socket.ts';

export type {
  AdjustInput,
  MovementsQuery,
  WageringPolicy,
  WalletActor,
  WalletSnapshot,
} from './wallet.service.ts';
export { TYPE_BY_REASON } from './wallet.service.ts';
export {
  SOCKET_AUTH_TIMEOUT_MS,
  SOCKETS_PER_PLAYER_MAX,
  WalletHub,
} from './wallet.socket.ts';
export type { WalletService };

export function createWalletModule(deps: {
  ledger: LedgerService;
  players: PlayersService;
  currencies: CurrenciesService;
  /** Cash a running bonus locks (the bonus module). */
  wagering: WageringPolicy;
  auth: PlayerAuth;
  events: EventBus;
  log: (message: string, error: unknown) => void;
}) {
  const service = new WalletService(deps.ledger, deps.players, deps.currencies, deps.wagering);
  const hub = new WalletHub(service, deps.events, deps.log);
  const routes: FastifyPluginAsync = async (app) => {
    await app.register(walletRoutes(service, deps.auth));
    await app.register(walletSocketRoutes(hub, deps.auth));
  };
  return { service, hub, routes, close: () => hub.close() };
}
