/**
 * `npm run cluster`: the platform as a cluster on one machine. One embedded PostgreSQL, N server
 * instances on it (each its own process and port, `DATABASE_URL` pointing at that database) and
 * a local HTTP + WebSocket proxy on one port in front of them (scripts/cluster-proxy.ts).
 *
 *   npm run cluster -- --instances 3 --port 3000 --data-dir ./.data
 *
 * The first instance starts alone (it migrates and seeds), the others after it. An instance
 * that dies stays dead (the proxy skips it) so what a failure does can be watched; Ctrl-C stops
 * everything. Run under a parent with IPC (tests), it reports `{type: 'ready', port, instances}`.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startEmbeddedPostgres } from '../apps/server/src/platform/db/embedded.ts';
import { developmentKey } from '../apps/server/src/platform/secrets.ts';
import {
  type ClusterInstance,
  startClusterInstance,
  stopClusterInstance,
} from './cluster-instance.ts';
import { createClusterProxy, type Upstream } from './cluster-proxy.ts';

const INSTANCES_MAX = 9;
const STOP_GRACE_MS = 10_000;

const { values } = parseArgs({
  options: {
    instances: { type: 'string', default: '3' },
    port: { type: 'string', default: process.env.PORT ?? '3000' },
    'data-dir': { type: 'string', default: process.env.DATA_DIR ?? './.data' },
  },
});
const count = Number(values.instances);
const port = Number(values.port);
if (!Number.isInteger(count) || count < 1 || count > INSTANCES_MAX) {
  console.error(`--instances: a whole number from 1 to ${INSTANCES_MAX}`);
  process.exit(2);
}
if (!Number.isInteger(port) || port < 0 || port > 65_535) {
  console.error('--port: a port number (0 picks a free one)');
  process.exit(2);
}
const dataDir = path.resolve(values['data-dir']);

type Instance = ClusterInstance;
const instances: Instance[] = [];
const upstreams: Upstream[] = [];
let stopping = false;

const database = await startEmbeddedPostgres(dataDir, (line) => {
  if (/error|fatal/i.test(line)) console.log(`[db] ${line}`);
});
const proxy = createClusterProxy(upstreams);
await new Promise<void>((resolve) => proxy.listen(port, '127.0.0.1', resolve));
const address = proxy.address();
const proxyPort = typeof address === 'object' && address ? address.port : port;

// Every instance seals and opens secrets with one key: SECRETS_KEY, else the cluster's own
// development key in the data directory (each instance's DATA_DIR is a subdirectory of it).
const secretsKey = process.env.SECRETS_KEY ?? (await developmentKey(dataDir)).toString('base64');

function startInstance(n: number): Promise<Instance> {
  return startClusterInstance({
    n,
    databaseUrl: database.url,
    dataDir,
    publicUrl: `http://localhost:${proxyPort}`,
    env: { SECRETS_KEY: secretsKey },
    exited: (code, signal) => {
      if (!stopping)
        console.error(`[cluster] instance-${n} exited (${signal ?? code}); the proxy skips it`);
    },
  }).then((instance) => {
    instances.push(instance);
    upstreams.push({ name: instance.name, port: instance.port });
    return instance;
  });
}

async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`[cluster] ${signal}: stopping ${instances.length} instances`);
  proxy.close();
  await Promise.all(instances.map((instance) => stopClusterInstance(instance, STOP_GRACE_MS)));
  await database.stop();
  process.exit(0);
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
process.on('disconnect', () => void stop('parent gone'));

try {
  await startInstance(1);
  await Promise.all(Array.from({ length: count - 1 }, (_, i) => startInstance(i + 2)));
} catch (error) {
  console.error(`[cluster] ${(error as Error).message}`);
  await stop('start failed');
}

console.log(
  `[cluster] ${count} instances on one PostgreSQL behind http://localhost:${proxyPort}` +
    ` (each answer names its instance in x-instance): ${instances
      .map((i) => `${i.name} on :${i.port} (pid ${i.child.pid})`)
      .join(', ')}`,
);
process.send?.({
  type: 'ready',
  port: proxyPort,
  database_url: database.url,
  instances: instances.map((i) => ({ name: i.name, port: i.port, pid: i.child.pid })),
});
