/**
 * Close codes of the player socket (`GET /api/v1/ws`, see `wallet.ts`): 4401 not authenticated /
 * session over, 4429 too many sockets, 1012 the server restarts (a rolling restart): reconnect at
 * once, another instance answers. Plain constants, no zod: the player site imports them into its
 * first chunk (`@casino/contracts/socket`).
 */
export const WS_CLOSE_UNAUTHENTICATED = 4401;
/** RFC 6455's registered "Service Restart"; every socket of the API closes with it on shutdown. */
export const WS_CLOSE_SERVICE_RESTART = 1012;
export const WS_CLOSE_SERVICE_RESTART_REASON = 'server restarting: reconnect';
export const WS_CLOSE_TOO_MANY = 4429;
