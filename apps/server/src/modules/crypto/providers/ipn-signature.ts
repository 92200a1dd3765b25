import { hmacHex, safeEqual } from '../../../platform/signing.ts';

/** JSON with every object's keys sorted, at every depth: what NOWPayments-style IPNs sign. */
export function sortedJson(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value as Record<string, unknown>)
        .sort()
        .map((key) => [key, sortKeys((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}

/** hex(HMAC-SHA512(secret, sortedJson(body))), the `x-nowpayments-sig` header. */
export function signIpn(secret: string, body: unknown): string {
  return hmacHex('sha512', secret, sortedJson(body));
}

export function verifyIpn(secret: string, body: unknown, signature: string): boolean {
  const expected = Buffer.from(signIpn(secret, body), 'hex');
  const given = Buffer.from(/^[0-9a-f]{128}$/i.test(signature) ? signature : '', 'hex');
  return safeEqual(given, expected);
}
