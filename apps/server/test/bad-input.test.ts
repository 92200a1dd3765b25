import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signedInPlayer, type TestApp, testApp } from './harness.ts';
import { sign } from './provider-support.ts';
import { RELAXED_STAFF_LIMITS, staffMember } from './staff-helpers.ts';

/**
 * The developers' guide: bad input gets a 4xx with a JSON `message`, never a 500. The hand-written
 * cases live next to each module; this file sends every API route the server registers (its own
 * route table, so a route added tomorrow is covered tomorrow) the malformed input we can name —
 * odd path ids, odd query values, broken and mistyped JSON bodies — shaped by the route's OpenAPI
 * schema, with a fresh, signed-in caller per route so one route's side effects (a logout, a
 * self-exclusion) cannot hide another route's answers.
 */

type Schema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  minimum?: number;
  minLength?: number;
};
type Parameter = { in: string; name: string; schema?: Schema };
type Operation = {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
};
type Route = { method: string; url: string; websocket: boolean };
type Probe = { label: string; url: string; body?: string; contentType?: string };
type Failure = { route: string; probe: string; status: number; body: string };

const ODD_IDS = [
  '0',
  '-1',
  'abc',
  '1.5',
  '99999999999999999999',
  '1e309',
  'x'.repeat(600),
  '%00',
  '%F0%9F%92%A9',
  "1'%20or%20'1'='1",
];
const ODD_QUERY_VALUES = ['', 'abc', '-1', '1.5', '99999999999999999999', 'x'.repeat(3000), '%00'];
const BROKEN_BODIES: Array<[string, string, string]> = [
  ['truncated JSON', '{"a":', 'application/json'],
  ['JSON null', 'null', 'application/json'],
  ['JSON array', '[1,2]', 'application/json'],
  ['JSON string', '"text"', 'application/json'],
  ['JSON number', '42', 'application/json'],
  ['empty object', '{}', 'application/json'],
  [
    'prototype key',
    '{"__proto__":{"polluted":true},"constructor":{"prototype":{}}}',
    'application/json',
  ],
  ['plain text', 'hello', 'text/plain'],
  ['a form', 'a=1&b=2', 'application/x-www-form-urlencoded'],
  [
    'multipart without its boundary',
    '--y\r\nContent-Disposition: form-data; name="a"\r\n\r\n1',
    'multipart/form-data; boundary=z',
  ],
  ['multipart with no boundary', 'a', 'multipart/form-data'],
  ['a body over the size limit', `{"a":"${'x'.repeat(70_000)}"}`, 'application/json'],
];

/** A value the schema accepts as far as we can tell without a validator. */
function sample(schema: Schema | undefined, depth = 0): unknown {
  if (!schema || depth > 6) return 'abc';
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  const alternative = schema.anyOf ?? schema.oneOf;
  if (alternative?.length) {
    const first = alternative.find((s) => s.type !== 'null') ?? alternative[0];
    return sample(first, depth + 1);
  }
  if (schema.allOf?.length) return sample(Object.assign({}, ...schema.allOf), depth + 1);
  const type = Array.isArray(schema.type) ? schema.type.find((x) => x !== 'null') : schema.type;
  switch (type) {
    case 'integer':
    case 'number':
      return Math.max(1, schema.minimum ?? 1);
    case 'boolean':
      return true;
    case 'array':
      return [sample(schema.items, depth + 1)];
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(schema.properties ?? {})) {
        out[key] = sample(value, depth + 1);
      }
      return out;
    }
    default:
      return sampleString(schema);
  }
}

function sampleString(schema: Schema): string {
  if (schema.format === 'email') return 'someone@example.com';
  if (schema.format === 'date') return '2000-01-01';
  if (schema.format === 'date-time') return '2030-01-01T00:00:00.000Z';
  if (schema.format === 'uuid') return '00000000-0000-4000-8000-000000000000';
  if (schema.format === 'uri') return 'https://example.com/';
  const candidates = ['abc', '1', '10.00', 'EUR', 'abc-def_1', 'A1b2C3d4E5', '2000-01-01', 'ab'];
  const pattern = schema.pattern ? new RegExp(schema.pattern, 'u') : null;
  const fits = (value: string) =>
    (!pattern || pattern.test(value)) && value.length >= (schema.minLength ?? 0);
  return candidates.find(fits) ?? 'a'.repeat(Math.max(3, schema.minLength ?? 0));
}

/** Values of the wrong type, and values of the right type at absurd sizes, for one property. */
function oddValues(schema: Schema): unknown[] {
  return [
    null,
    { nested: { deeper: [1] } },
    ['a', 1],
    'not-a-number',
    -1,
    1.5,
    '99999999999999999999',
    1e20,
    '-0.001',
    'x'.repeat(20_000),
    schema.type === 'string' ? '\u0000\u202e' : true,
  ];
}

/** The body's properties and, one level down, those of its object properties (limits, texts). */
function propertyPaths(schema: Schema): Array<[string[], Schema]> {
  const out: Array<[string[], Schema]> = [];
  for (const [key, property] of Object.entries(schema.properties ?? {})) {
    out.push([[key], property]);
    const inner = property.anyOf?.find((s) => s.properties) ?? property;
    for (const [child, value] of Object.entries(inner.properties ?? {})) {
      out.push([[key, child], value]);
    }
  }
  return out;
}

function withValue(body: Record<string, unknown>, path: string[], value: unknown) {
  const copy = structuredClone(body);
  let node = copy;
  for (const key of path.slice(0, -1)) {
    if (typeof node[key] !== 'object' || node[key] === null) node[key] = {};
    node = node[key] as Record<string, unknown>;
  }
  node[path[path.length - 1]!] = value;
  return copy;
}

function bodySchema(operation: Operation | undefined): Schema | undefined {
  const content = operation?.requestBody?.content;
  return content?.['application/json']?.schema;
}

function withParams(url: string, values: Record<string, string>): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => values[name] ?? '1');
}

function probesFor(route: Route, operation: Operation | undefined): Probe[] {
  const probes: Probe[] = [];
  const pathNames = [...route.url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1] ?? '');
  const base = withParams(route.url, {});
  for (const name of pathNames) {
    for (const value of ODD_IDS) {
      probes.push({
        label: `path ${name}=${value.slice(0, 24)}`,
        url: withParams(route.url, { [name]: value }),
      });
    }
  }
  const queryNames = (operation?.parameters ?? [])
    .filter((p) => p.in === 'query')
    .map((p) => p.name);
  for (const name of queryNames) {
    for (const value of ODD_QUERY_VALUES) {
      probes.push({
        label: `query ${name}=${value.slice(0, 24)}`,
        url: `${base}?${name}=${value}`,
      });
    }
    probes.push({ label: `query ${name} twice`, url: `${base}?${name}=1&${name}=2` });
  }
  if (route.method === 'GET' || route.method === 'DELETE') return probes;
  for (const [label, body, contentType] of BROKEN_BODIES) {
    probes.push({ label, url: base, body, contentType });
  }
  const schema = bodySchema(operation);
  if (schema?.properties) {
    const valid = sample(schema) as Record<string, unknown>;
    probes.push({ label: 'sampled body', url: base, body: JSON.stringify(valid) });
    for (const [path, property] of propertyPaths(schema)) {
      for (const value of oddValues(property)) {
        const body = JSON.stringify(withValue(valid, path, value));
        probes.push({
          label: `${path.join('.')}=${JSON.stringify(value).slice(0, 24)}`,
          url: base,
          body,
        });
      }
    }
  }
  return probes;
}

let t: TestApp;
let documented: Record<string, Record<string, Operation>>;

beforeAll(async () => {
  t = await testApp({ staffLimits: RELAXED_STAFF_LIMITS });
  documented = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json().paths;
});
afterAll(async () => {
  await t.close();
});

const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
const apiRoutes = () =>
  t.modules.routeTable.filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs'));

/** Sends each probe of each route in `area`; returns every answer that broke the rule. */
async function sweep(
  area: (url: string) => boolean,
  headersFor: () => Promise<Record<string, string>>,
) {
  const failures: Failure[] = [];
  let sent = 0;
  for (const route of apiRoutes().filter((r) => area(r.url) && !r.websocket)) {
    const operation = documented[openApiPath(route.url)]?.[route.method.toLowerCase()];
    const headers = await headersFor();
    for (const probe of probesFor(route, operation)) {
      const extra: Record<string, string> = {};
      if (probe.body !== undefined) extra['content-type'] = probe.contentType ?? 'application/json';
      if (route.url.startsWith('/api/provider/')) Object.assign(extra, sign(probe.body ?? ''));
      const response = await t.app.inject({
        method: route.method as 'GET',
        url: probe.url,
        headers: { ...headers, ...extra },
        ...(probe.body !== undefined ? { payload: probe.body } : {}),
      });
      sent += 1;
      const json = response.headers['content-type']?.toString().includes('json');
      const message = json ? (response.json() as { message?: unknown }).message : undefined;
      const clear =
        response.statusCode < 400 || (typeof message === 'string' && message.length > 0);
      // A 503 that names its cause (a provider this install has not configured) is an answer,
      // not a fault; only the catch-all INTERNAL 500 and unexplained 5xx are.
      const code = json ? (response.json() as { code?: unknown }).code : undefined;
      const explained =
        response.statusCode === 503 && typeof code === 'string' && code !== 'INTERNAL';
      if ((response.statusCode >= 500 && !explained) || !clear) {
        failures.push({
          route: `${route.method} ${route.url}`,
          probe: probe.label,
          status: response.statusCode,
          body: response.body.slice(0, 300),
        });
      }
    }
  }
  return { failures, sent };
}

describe('every API route answers bad input with a 4xx and a message', () => {
  it('documents every API route in the OpenAPI document', () => {
    // WebSocket routes are described in their modules' READMEs: OpenAPI has no words for them.
    const missing = apiRoutes()
      .filter((r) => !r.websocket)
      .filter((r) => !documented[openApiPath(r.url)]?.[r.method.toLowerCase()])
      .map((r) => `${r.method} ${r.url}`);
    expect(missing).toEqual([]);
  });

  it('the player API', { timeout: 300_000 }, async () => {
    const { failures, sent } = await sweep(
      (url) => url.startsWith('/api/v1/'),
      async () => bearer((await signedInPlayer(t)).token),
    );
    expect(sent).toBeGreaterThan(1_000);
    expect(failures).toEqual([]);
  });

  it('the back-office API, as the owner', { timeout: 300_000 }, async () => {
    const { failures, sent } = await sweep(
      (url) => url.startsWith('/api/admin/'),
      async () => (await staffMember(t, 'owner')).headers,
    );
    expect(sent).toBeGreaterThan(1_000);
    expect(failures).toEqual([]);
  });

  it('the provider API, signed as the demo studio', { timeout: 120_000 }, async () => {
    const { failures, sent } = await sweep(
      (url) => url.startsWith('/api/provider/'),
      async () => ({}),
    );
    expect(sent).toBeGreaterThan(100);
    expect(failures).toEqual([]);
  });
});
