import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { SERVER_NODE_FLAGS } from '../apps/server/src/platform/node-flags.ts';

export type ClusterInstance = { name: string; port: number; child: ChildProcess };

/**
 * Starts one server process (apps/server/src/main.ts) on an existing database: its own port
 * (PORT=0: a free one) and data directory `<dataDir>/instance-<n>`. Resolves once the server
 * says it listens (IPC `ready`); rejects if it exits before. Its output goes to `output`, each
 * line prefixed with its name. Shared by `npm run cluster` and `npm run bench:odds -- --instances`.
 */
export function startClusterInstance(options: {
  n: number;
  databaseUrl: string;
  dataDir: string;
  publicUrl: string;
  /** Extra environment over this process's (the caller's choice of NODE_ENV, LOG_LEVEL, …). */
  env?: NodeJS.ProcessEnv;
  output?: (line: string) => void;
  /** Called when the process exits after it was ready (not when it fails to start). */
  exited?: (code: number | null, signal: NodeJS.Signals | null) => void;
}): Promise<ClusterInstance> {
  const name = `instance-${options.n}`;
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [...SERVER_NODE_FLAGS, '--import', 'tsx', 'apps/server/src/main.ts'],
      {
        env: {
          LOG_LEVEL: 'warn',
          ...process.env,
          ...options.env,
          PORT: '0',
          DATABASE_URL: options.databaseUrl,
          DATA_DIR: path.join(options.dataDir, name),
          PUBLIC_URL: options.publicUrl,
        },
        stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
      },
    );
    const write = options.output ?? ((line: string) => process.stdout.write(line));
    const prefix = (chunk: Buffer) => {
      for (const line of String(chunk).split('\n')) if (line.trim()) write(`[${name}] ${line}\n`);
    };
    child.stdout?.on('data', prefix);
    child.stderr?.on('data', prefix);
    let ready = false;
    child.on('message', (message: { type?: string; port?: number }) => {
      if (message.type === 'ready' && message.port) {
        ready = true;
        resolve({ name, port: message.port, child });
      }
    });
    child.on('exit', (code, signal) => {
      if (ready) options.exited?.(code, signal);
      else reject(new Error(`${name} exited (${signal ?? code}) before it was ready`));
    });
  });
}

/** SIGTERM, then SIGKILL after `grace_ms`; resolves once the process is gone. */
export function stopClusterInstance({ child }: ClusterInstance, grace_ms: number): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const force = setTimeout(() => child.kill('SIGKILL'), grace_ms);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
