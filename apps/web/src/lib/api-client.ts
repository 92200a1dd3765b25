import type { z } from 'zod';
import { whenIdle } from './idle.ts';
import { rootStore } from './root-store.ts';

export const API_BASE = '/api/v1';

/** A non-2xx answer, or a 2xx whose body `status` is not 200 (spec §8). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly fieldErrors: { path: string; message: string }[];
  constructor(
    status: number,
    message: string,
    code?: string,
    fieldErrors: { path: string; message: string }[] = [],
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fieldErrors = fieldErrors;
  }
}

export const REQUEST_TIMEOUT_MS = 20_000;

type RequestOptions = {
  method?: 'GET' | 'POST';
  json?: unknown;
  form?: FormData;
  query?: Record<string, string | number | undefined>;
  /** Overrides the stored token (e.g. to revoke a specific one). */
  token?: string | null;
};

function buildUrl(path: string, query: RequestOptions['query']): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) params.set(key, String(value));
  }
  const search = params.toString();
  return `${API_BASE}${path}${search ? `?${search}` : ''}`;
}

export async function request(path: string, options: RequestOptions = {}): Promise<unknown> {
  const token = options.token === undefined ? rootStore.get().auth.authUserToken : options.token;
  const headers: Record<string, string> = { Accept: 'application/json' };
  // Operator-written texts (gateway names, legal texts) answer in the language on screen, which
  // the page's lang attribute follows (i18n/index.ts); queries that read them key on it too.
  const language = typeof document === 'undefined' ? '' : document.documentElement.lang;
  if (language) headers['Accept-Language'] = language;
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (options.form) body = options.form;
  else if (options.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.json);
  }
  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method: options.method ?? (body ? 'POST' : 'GET'),
      headers,
      body,
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch {
    throw new ApiError(0, 'Network error. Please check your connection and try again.');
  }
  let payload: unknown = null;
  try {
    payload = await response.json();
  } catch {
    payload = null;
  }
  const record = (payload ?? {}) as {
    status?: unknown;
    message?: unknown;
    code?: unknown;
    errors?: unknown;
  };
  const bodyStatus = typeof record.status === 'number' ? record.status : response.status;
  if (!response.ok || bodyStatus !== 200) {
    const message =
      typeof record.message === 'string' && record.message
        ? record.message
        : `Request failed (${response.status})`;
    throw new ApiError(
      response.ok ? bodyStatus : response.status,
      message,
      typeof record.code === 'string' ? record.code : undefined,
      Array.isArray(record.errors) ? (record.errors as ApiError['fieldErrors']) : [],
    );
  }
  return payload;
}

/**
 * Validates an answer against its schema. A mismatch is logged loudly but the
 * raw payload is still used: a renamed optional field must not blank the page.
 */
export function parseResponse<S extends z.ZodType>(schema: S, payload: unknown, label: string) {
  const result = schema.safeParse(payload);
  if (result.success) return result.data as z.infer<S>;
  console.error(`Unexpected ${label} response`, result.error.issues);
  return payload as z.infer<S>;
}

/** A schema built on first use, from modules loaded on demand. */
export function lazySchema<S extends z.ZodType>(build: () => Promise<S>): () => Promise<S> {
  let built: Promise<S> | undefined;
  return () => {
    built ??= build();
    return built;
  };
}

/**
 * `parseResponse` for the calls of the first page (me, public settings, providers),
 * off the critical path: the payload is used at once and checked when the schema
 * (and zod, kept out of the initial chunk) has loaded, after the first render; a mismatch
 * is logged loudly.
 * The response schemas have no defaults or transforms, so the parsed value would be
 * the payload itself, less unknown keys.
 */
export function checkResponseLater<S extends z.ZodType>(
  schema: () => Promise<S>,
  payload: unknown,
  label: string,
): z.infer<S> {
  // Once the page is drawn: zod's download and set-up do not compete with the first render.
  whenIdle(() => {
    schema().then(
      (loaded) => {
        const result = loaded.safeParse(payload);
        if (!result.success) console.error(`Unexpected ${label} response`, result.error.issues);
      },
      (error: unknown) => console.warn(`The ${label} response was not checked`, error),
    );
  });
  return payload as z.infer<S>;
}

export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return 'Something went wrong';
}
