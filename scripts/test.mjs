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
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const outDir = mkdtempSync(path.join(os.tmpdir(), 'casino-test-report-'));
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const runs = [{ name: 'server', projects: ['unit', 'integration'] }];
if (existsSync(chromium)) {
  runs.push({ name: 'e2e', projects: ['e2e'] });
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
function run({ name, projects }) {
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
    ...process.argv.slice(2),
  ];
  const child = spawn('npx', args, { env: process.env, stdio: ['ignore', 'pipe', 'pipe'] });
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

const results = await Promise.all(runs.map(run));

const summary = { passed: 0, failed: 0, skipped: 0 };
let reports = 0;
for (const { report } of results) {
  if (!existsSync(report)) continue;
  reports += 1;
  const json = JSON.parse(readFileSync(report, 'utf8'));
  summary.passed += json.numPassedTests ?? 0;
  summary.failed += (json.numFailedTests ?? 0) + (json.numRuntimeErrorTestSuites ?? 0);
  summary.skipped += (json.numPendingTests ?? 0) + (json.numTodoTests ?? 0);
}
rmSync(outDir, { recursive: true, force: true });
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
