import http from 'node:http';
import net from 'node:net';

/** An upstream refusing connections is skipped for this long before it is tried again. */
export const PROXY_DEAD_MS = 2_000;
/** Request bodies are held (to try another instance) up to this size; larger ones get 413. */
export const PROXY_BODY_BYTES_MAX = 25 * 1024 * 1024;

export type Upstream = { name: string; port: number };

/**
 * A local HTTP + WebSocket proxy over several instances on this machine: round-robin, an
 * instance that refuses connections is skipped (and the request goes to the next one), and
 * every HTTP answer says which instance gave it in `x-instance`. Only a refused connection is
 * retried elsewhere: a request that reached an instance may have been served there, so a
 * broken answer is the client's to retry (bets carry idempotency keys for that).
 */
export function createClusterProxy(upstreams: Upstream[]) {
  const deadUntil = new Map<string, number>();
  let next = 0;

  /** The upstreams in the order to try for one request (live ones first, round-robin). */
  const order = (): Upstream[] => {
    const start = next++ % upstreams.length;
    const rotated = [...upstreams.slice(start), ...upstreams.slice(0, start)];
    const now = Date.now();
    const live = rotated.filter((u) => (deadUntil.get(u.name) ?? 0) <= now);
    return [...live, ...rotated.filter((u) => !live.includes(u))];
  };
  const refused = (error: NodeJS.ErrnoException) =>
    error.code === 'ECONNREFUSED' || error.code === 'EHOSTUNREACH';

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > PROXY_BODY_BYTES_MAX) {
        res.writeHead(413, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ status: 413, message: 'request body too large' }));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const candidates = order();
      const attempt = (i: number) => {
        const upstream = candidates[i];
        if (!upstream) {
          res.writeHead(502, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ status: 502, message: 'no instance is answering' }));
          return;
        }
        const forward = http.request(
          {
            host: '127.0.0.1',
            port: upstream.port,
            method: req.method,
            path: req.url,
            headers: { ...req.headers, 'x-forwarded-for': req.socket.remoteAddress ?? '' },
          },
          (answer) => {
            res.writeHead(answer.statusCode ?? 502, {
              ...answer.headers,
              'x-instance': upstream.name,
            });
            answer.pipe(res);
            answer.on('error', () => res.destroy());
          },
        );
        forward.on('error', (error: NodeJS.ErrnoException) => {
          if (refused(error)) {
            deadUntil.set(upstream.name, Date.now() + PROXY_DEAD_MS);
            attempt(i + 1);
          } else if (!res.headersSent) {
            res.writeHead(502, { 'content-type': 'application/json', 'x-instance': upstream.name });
            res.end(JSON.stringify({ status: 502, message: 'the instance failed mid-request' }));
          } else res.destroy();
        });
        forward.end(body);
      };
      attempt(0);
    });
  });

  // WebSockets: the upgrade request is replayed on a raw connection, then bytes flow both ways.
  server.on('upgrade', (req, socket, head) => {
    const candidates = order();
    socket.on('error', () => {});
    const attempt = (i: number) => {
      const upstream = candidates[i];
      if (!upstream) {
        socket.end('HTTP/1.1 502 Bad Gateway\r\nconnection: close\r\n\r\n');
        return;
      }
      const remote = net.connect(upstream.port, '127.0.0.1');
      remote.once('error', (error: NodeJS.ErrnoException) => {
        if (refused(error)) {
          deadUntil.set(upstream.name, Date.now() + PROXY_DEAD_MS);
          attempt(i + 1);
        } else socket.destroy();
      });
      remote.once('connect', () => {
        remote.on('error', () => socket.destroy());
        remote.on('close', () => socket.destroy());
        socket.on('close', () => remote.destroy());
        let lines = `${req.method} ${req.url} HTTP/${req.httpVersion}\r\n`;
        for (let k = 0; k < req.rawHeaders.length; k += 2)
          lines += `${req.rawHeaders[k]}: ${req.rawHeaders[k + 1]}\r\n`;
        remote.write(`${lines}\r\n`);
        if (head.length > 0) remote.write(head);
        remote.pipe(socket);
        socket.pipe(remote);
      });
    };
    attempt(0);
  });
  return server;
}
