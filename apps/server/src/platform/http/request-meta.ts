/** Who sent a request, as sessions, audit entries and the AML rules record it. */
export type RequestMeta = {
  ip: string;
  user_agent: string | null;
  /** Set at sign-in: the device cookie and whether the address is an anonymising network. */
  device_id?: string | null;
  anonymiser?: boolean;
};

/** The request's address (after the trusted proxy hops) and user agent. */
export function metaOf(request: { ip: string; headers: Record<string, unknown> }): RequestMeta {
  const agent = request.headers['user-agent'];
  return { ip: request.ip, user_agent: typeof agent === 'string' ? agent : null };
}
