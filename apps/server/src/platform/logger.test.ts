import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { REDACTED_PATHS } from './logger.ts';

describe('log redaction', () => {
  it('never writes credentials, tokens or secrets', () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const log = pino({ redact: { paths: REDACTED_PATHS, censor: '[redacted]' } }, sink);
    log.info({ req: { headers: { authorization: 'Bearer pt_secret-token' } } }, 'request');
    log.info(
      {
        body: { password: 'hunter22' },
        staff: { totp_secret: 'JBSWY3DP' },
        reset: { token: 'pr_abc' },
      },
      'x',
    );
    const output = lines.join('');
    for (const secret of ['pt_secret-token', 'hunter22', 'JBSWY3DP', 'pr_abc'])
      expect(output).not.toContain(secret);
    expect(output).toContain('[redacted]');
  });
});
