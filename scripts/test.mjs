#!/usr/bin/env node
// `npm test`: unit, integration (real PostgreSQL) and browser journeys (Chromium),
// then one closing line "Tests: N passed, N failed, N skipped" for CI to read.
//
// Two vitest processes run side by side: unit + integration, and the browser journeys.
// Inside one process vitest runs a project whose files must not run in parallel (the journeys
// share one server) only after every other project has finished, and on a 2-core machine it
// gives the others one worker: everything ran one file after another, mostly waiting on
// PostgreSQL, the server and Chromium. Side by side, the server tests finish while the
// journeys run (each process keeps its own PostgreSQL).
//
// The journeys themselves run in E2E_GROUPS processes (default 2), each with its own server and
// database: a journey spends most of its time waiting (on animations, bet delays, rounds, the
// server), so two groups overlap those waits. Files go to groups by their rough duration
// (E2E_SECONDS, measured; a file not listed counts as 30 s) so the groups end together; a wrong
// figure only unbalances them. The web apps are built once here, not by each group's setup.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const outDir = mkdtempSync(path.join(os.tmpdir(), 'casino-test-report-'));
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Seconds each journey file took in a full run on the 2-core machine, for balancing only. */
const E2E_SECONDS = {
  'originals.e2e.ts': 150,
  'lobby.e2e.ts': 80,
  'cluster.e2e.ts': 80,
  'sportsbook.e2e.ts': 150,
  'cashier.e2e.ts': 63,
  'layout-stability.e2e.ts': 150,
  'compliance.e2e.ts': 52,
  'promotions.e2e.ts': 51,
  'casino-tables.e2e.ts': 50,
  'backoffice.e2e.ts': 42,
  'kyc.e2e.ts': 32,
  'responsible-gaming.e2e.ts': 31,
  'protection.e2e.ts': 28,
  'auth-language.e2e.ts': 27,
  'account-settings.e2e.ts': 27,
  'bonus-first.e2e.ts': 26,
  'card-tables.e2e.ts': 25,
  'forgot-password.e2e.ts': 17,
  'affiliate.e2e.ts': 15,
  'casino.e2e.ts': 14,
  'crypto.e2e.ts': 13,
  'keyboard.e2e.ts': 47,
  'session-expiry.e2e.ts': 26,
  'mobile-bottom-bar.e2e.ts': 11,
  'web-vitals.e2e.ts': 7,
};

/** The journey files in E2E_GROUPS groups of about equal duration (longest first, to the lightest). */
function e2eGroups() {
  const count = Math.max(1, Number.parseInt(process.env.E2E_GROUPS ?? '2', 10) || 1);
  const files = readdirSync('e2e').filter((file) => file.endsWith('.e2e.ts'));
  const seconds = (file) => E2E_SECONDS[file] ?? 30;
  const groups = Array.from({ length: count }, (_, i) => ({
    name: `e2e-${i + 1}`,
    files: [],
    total: 0,
  }));
  for (const file of files.sort((a, b) => seconds(b) - seconds(a))) {
    const lightest = groups.reduce((a, b) => (b.total < a.total ? b : a));
    lightest.files.push(`e2e/${file}`);
    lightest.total += seconds(file);
  }
  return groups
    .filter((group) => group.files.length > 0)
    .map(({ name, files: groupFiles }) => ({
      name: count === 1 ? 'e2e' : name,
      projects: ['e2e'],
      files: groupFiles,
    }));
}

/** Builds the player site and the back office once for every journey group; false if it failed. */
function buildWebApps() {
  return new Promise((resolve) => {
    const build = spawn('npm', ['run', 'build', '-w', '@casino/web', '-w', '@casino/backoffice'], {
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    build.on('close', (status) => resolve(status === 0));
  });
}

const runs = [{ name: 'server', projects: ['unit', 'integration'] }];
if (existsSync(chromium)) {
  // A file filter given to `npm test` keeps the journeys in one group (filters and a group's
  // file list would add up, not narrow).
  runs.push(...(process.argv.length > 2 ? [{ name: 'e2e', projects: ['e2e'] }] : e2eGroups()));
} else {
  if (process.env.CI === 'true') {
    console.error(
      `Chromium is required in CI for the browser journeys but ${chromium} is missing.`,
    );
    process.exit(1);
  }
  console.warn(
    `\n!! ${chromium} not found: skipping browser journeys (install Debian's chromium to run them).\n`,
  );
}

/** Runs one vitest process; its output lines carry the run's name when another runs beside it. */
function run({ name, projects, files = [] }) {
  const report = path.join(outDir, `${name}.json`);
  const args = [
    'vitest',
    'run',
    ...projects.flatMap((project) => ['--project', project]),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
    // A file filter given to `npm test` may match only one of the two runs.
    '--passWithNoTests',
    ...files,
    ...process.argv.slice(2),
  ];
  const env = projects.includes('e2e') ? { ...process.env, E2E_PREBUILT: '1' } : process.env;
  const child = spawn('npx', args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const prefix = runs.length > 1 ? `[${name}] ` : '';
  for (const [stream, out] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ]) {
    let pending = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk) => {
      const lines = (pending + chunk).split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) out.write(`${prefix}${line}\n`);
    });
    stream.on('end', () => {
      if (pending) out.write(`${prefix}${pending}\n`);
    });
  }
  return new Promise((resolve) => {
    child.on('close', (status) => resolve({ status, report }));
  });
}

const [serverRun, ...e2eRuns] = runs;
const journeys = e2eRuns.length > 0 ? buildWebApps() : Promise.resolve(true);
const results = await Promise.all([
  run(serverRun),
  ...e2eRuns.map(async (group) =>
    (await journeys) ? run(group) : { status: 1, report: path.join(outDir, 'none.json') },
  ),
]);

const summary = { passed: 0, failed: 0, skipped: 0 };
// Named again at the very end: a CI log is often read from its tail, where the two processes'
// interleaved output would otherwise hide which test failed.
const failures = [];
let reports = 0;
for (const { report } of results) {
  if (!existsSync(report)) continue;
  reports += 1;
  const json = JSON.parse(readFileSync(report, 'utf8'));
  summary.passed += json.numPassedTests ?? 0;
  summary.failed += (json.numFailedTests ?? 0) + (json.numRuntimeErrorTestSuites ?? 0);
  summary.skipped += (json.numPendingTests ?? 0) + (json.numTodoTests ?? 0);
  for (const file of json.testResults ?? []) {
    const name = path.relative(process.cwd(), file.name ?? '');
    if (file.status === 'failed' && (file.assertionResults ?? []).length === 0)
      failures.push(`${name}: ${(file.message ?? 'failed to run').split('\n')[0]}`);
    for (const test of file.assertionResults ?? []) {
      if (test.status !== 'failed') continue;
      const why = (test.failureMessages?.[0] ?? '').split('\n')[0].slice(0, 300);
      failures.push(`${name} › ${test.fullName ?? test.title}\n    ${why}`);
    }
  }
}
rmSync(outDir, { recursive: true, force: true });
if (failures.length > 0) console.log(`\nFailed:\n${failures.map((f) => `  ${f}`).join('\n')}`);
if (reports > 0) {
  console.log(
    `\nTests: ${summary.passed} passed, ${summary.failed} failed, ${summary.skipped} skipped`,
  );
}
const failed =
  results.some(({ status }) => status !== 0) ||
  reports < results.length ||
  summary.failed > 0 ||
  summary.passed === 0;
process.exit(failed ? 1 : 0);
