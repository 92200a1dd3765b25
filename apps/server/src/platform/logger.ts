import type { FastifyServerOptions } from 'fastify';
import type { Config } from './config.ts';

/** Paths never written to logs: credentials, tokens, personal secrets. */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.token',
  '*.password_hash',
  '*.totp_secret',
  '*.secret',
  'body.password',
];

export function loggerOptions(config: Config): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    // People read a terminal; machines read JSON (production, pipes, files).
    ...(config.env === 'development' && process.stdout.isTTY
      ? {
          transport: {
            target: 'pino-pretty',
            options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname,reqId', singleLine: true },
          },
        }
      : {}),
  };
}
