import { profileUpdateRequest } from '@casino/contracts';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { makePasswordChangeSchema } from './change-password.ts';
import { makeProfileSchema, PHONE_PATTERN, profilePatch } from './update-profile.ts';

/** Returns the key, so assertions name the message that would show. */
const t = ((key: string) => key) as unknown as TFunction;

const issues = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]);

describe('profile form schema', () => {
  const schema = makeProfileSchema(t);

  it('accepts a name with an empty phone (phone left unchanged)', () => {
    expect(schema.safeParse({ name: ' Ada ', phone: '' })).toMatchObject({
      success: true,
      data: { name: 'Ada', phone: '' },
    });
  });

  it('requires a name and caps it at 100', () => {
    expect(issues(schema.safeParse({ name: '   ', phone: '' }))).toEqual([
      ['name', 'auth.validation.nameRequired'],
    ]);
    expect(issues(schema.safeParse({ name: 'x'.repeat(101), phone: '' }))).toEqual([
      ['name', 'account.validation.nameMax'],
    ]);
  });

  it.each(['+44 20 7946 0000', '0123456', '(555) 123-4567', '+351912345678'])(
    'accepts the phone %s, as the server does',
    (phone) => {
      expect(schema.safeParse({ name: 'Ada', phone }).success).toBe(true);
      expect(profileUpdateRequest.safeParse({ phone }).success).toBe(true);
    },
  );

  it.each(['12345', 'call me', '+44 20 7946 0000 ext 12', '1'.repeat(25), '++4412345678'])(
    'rejects the phone %s, as the server does',
    (phone) => {
      expect(issues(schema.safeParse({ name: 'Ada', phone }))).toEqual([
        ['phone', 'account.validation.phone'],
      ]);
      expect(profileUpdateRequest.safeParse({ phone }).success).toBe(false);
    },
  );

  it('uses the server pattern', () => {
    expect(PHONE_PATTERN.source).toBe('^\\+?[0-9 ()-]{6,24}$');
  });
});

describe('profilePatch', () => {
  const saved = { name: 'Ada', phone: '' };

  it('sends only what changed', () => {
    expect(profilePatch({ name: 'Ada Lovelace', phone: '' }, saved)).toEqual({
      name: 'Ada Lovelace',
    });
    expect(profilePatch({ name: 'Ada', phone: ' +44 1 ' }, saved)).toEqual({ phone: '+44 1' });
    expect(profilePatch({ name: ' Ada ', phone: '' }, saved)).toEqual({});
  });

  it('never sends an empty phone (the server cannot clear it)', () => {
    expect(profilePatch({ name: 'Ada', phone: '' }, { name: 'Ada', phone: '+44 1234567' })).toEqual(
      {},
    );
  });
});

describe('password change form schema', () => {
  const schema = makePasswordChangeSchema(t);
  const valid = { current: 'old-pass', next: 'new-pass-1', confirm: 'new-pass-1' };

  it('accepts a valid change', () => {
    expect(schema.safeParse(valid).success).toBe(true);
  });

  it('requires the current password', () => {
    expect(issues(schema.safeParse({ ...valid, current: '' }))).toEqual([
      ['current', 'account.validation.currentRequired'],
    ]);
  });

  it('mirrors the server length rule: 8 to 128', () => {
    expect(issues(schema.safeParse({ ...valid, next: '1234567', confirm: '1234567' }))).toEqual([
      ['next', 'auth.validation.passwordMin'],
    ]);
    expect(schema.safeParse({ ...valid, next: '12345678', confirm: '12345678' }).success).toBe(
      true,
    );
    const long = 'x'.repeat(129);
    expect(issues(schema.safeParse({ ...valid, next: long, confirm: long }))).toEqual([
      ['next', 'auth.validation.passwordMax'],
    ]);
  });

  it('needs the confirmation to match', () => {
    expect(issues(schema.safeParse({ ...valid, confirm: 'new-pass-2' }))).toEqual([
      ['confirm', 'auth.validation.passwordsMismatch'],
    ]);
  });
});
