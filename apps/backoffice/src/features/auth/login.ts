import type { AdminLoginResult } from '@casino/contracts';
import { api } from '../../lib/api-client.ts';

/** POST /auth/login: without `code` the answer names the next step. */
export const login = async (input: { email: string; password: string; code?: string }) =>
  (await api<AdminLoginResult>('/auth/login', { json: input })).data;
