/**
 * `npm run test:e2e`: the browser journeys only (vitest project `e2e`).
 * The project's global setup builds the site and starts a server; see
 * e2e/global-setup.ts.
 */
import { spawnSync } from 'node:child_process';

const result = spawnSync('npx', ['vitest', 'run', '--project', 'e2e', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: process.env,
});
process.exit(result.status ?? 1);
