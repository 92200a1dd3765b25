import { describe, expect, it } from 'vitest';
import { passwordHasher } from './auth.crypto.ts';

describe('password hashing', () => {
  it('uses OWASP argon2id outside tests and the cheapest argon2id only under NODE_ENV=test', async () => {
    for (const env of ['production', 'development']) {
      expect(await passwordHasher(env).hash('correct horse')).toMatch(
        /^\$argon2id\$v=19\$m=19456,t=2,p=1\$/,
      );
    }
    expect(await passwordHasher('test').hash('correct horse')).toMatch(
      /^\$argon2id\$v=19\$m=1024,t=1,p=1\$/,
    );
  });

  it('verifies a hash whatever cost made it, and refuses a wrong password or no account', async () => {
    const strong = passwordHasher('production');
    const cheap = passwordHasher('test');
    const made = await strong.hash('correct horse');
    expect(await cheap.verify(made, 'correct horse')).toBe(true);
    expect(await strong.verify(await cheap.hash('battery'), 'battery')).toBe(true);
    expect(await strong.verify(made, 'wrong horse')).toBe(false);
    expect(await strong.verify(null, 'correct horse')).toBe(false);
    expect(await strong.verify('not a hash', 'correct horse')).toBe(false);
  });
});
