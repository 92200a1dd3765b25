/**
 * The one HTTP client of the back office: staff bearer token, JSON in and out,
 * `{status, message, code, errors}` failures as ApiError. A 401 ends the local
 * session (idle timeout, revoked token) and sends the user to sign in.
 */
export const API_BASE = '/api/admin';
export const REQUEST_TIMEOUT_MS = 20_000;
const TOKEN_KEY = 'bo.token';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    readonly fieldErrors: { path: string; message: string }[] = [],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

// sessionStorage: a closed tab forgets the token; the server also ends it after 30 min idle.
export const tokenStore = {
  get: () => sessionStorage.getItem(TOKEN_KEY),
  set: (token: string) => sessionStorage.setItem(TOKEN_KEY, token),
  clear: () => sessionStorage.removeItem(TOKEN_KEY),
};

const unauthorisedListeners = new Set<(message: string) => void>();
export function onUnauthorised(listener: (message: string) => void) {
  unauthorisedListeners.add(listener);
  return () => unauthorisedListeners.delete(listener);
}

export type Query = Record<string, string | number | boolean | undefined | null>;

function buildUrl(path: string, query?: Query): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return `${API_BASE}${path}${search ? `?${search}` : ''}`;
}

export async function api<T>(
  path: string,
  options: { method?: 'GET' | 'POST' | 'PATCH' | 'PUT'; json?: unknown; query?: Query } = {},
): Promise<{ data: T; message: string }> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = tokenStore.get();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (options.json !== undefined) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method: options.method ?? (options.json === undefined ? 'GET' : 'POST'),
      headers,
      body: options.json === undefined ? undefined : JSON.stringify(options.json),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch {
    throw new ApiError(0, 'Network error: the server did not answer.');
  }
  const body = (await response.json().catch(() => null)) as {
    message?: string;
    code?: string;
    data?: T;
    errors?: { path: string; message: string }[];
  } | null;
  if (!response.ok) {
    const message = body?.message ?? `Request failed (${response.status})`;
    if (response.status === 401 && token) {
      tokenStore.clear();
      for (const listener of unauthorisedListeners) listener(message);
    }
    throw new ApiError(response.status, message, body?.code, body?.errors ?? []);
  }
  return { data: body?.data as T, message: body?.message ?? 'OK' };
}

export const errorMessage = (error: unknown) =>
  error instanceof Error ? error.message : 'Something went wrong';
