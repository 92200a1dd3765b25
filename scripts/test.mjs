#!/usr/bin/env node
// `npm test`: unit, integration (real PostgreSQL) and browser journeys (Chromium),
// then one closing line "Tests: N passed, N failed, N skipped" for CI to read.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const outDir = mkdtempSync(path.join(os.tmpdir(), 'casino-test-report-'));
const report = path.join(outDir, 'vitest.json');
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const projects = ['unit', 'integration', 'e2e'];
if (!existsSync(chromium)) {
  if (process.env.CI === 'true') {
    console.error(
      `Chromium is required in CI for the browser journeys but ${chromium} is missing.`,
    );
    process.exit(1);
  }
  console.warn(
    `\n!! ${chromium} not found: skipping browser journeys (install Debian's chromium to run them).\n`,
  );
  projects.pop();
}

const args = [
  'vitest',
  'run',
  ...projects.flatMap((name) => ['--project', name]),
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${report}`,
  ...process.argv.slice(2),
];
const result = spawnSync('npx', args, { stdio: 'inherit', env: process.env });

let summary = null;
if (existsSync(report)) {
  const json = JSON.parse(readFileSync(report, 'utf8'));
  summary = {
    passed: json.numPassedTests ?? 0,
    failed: (json.numFailedTests ?? 0) + (json.numRuntimeErrorTestSuites ?? 0),
    skipped: (json.numPendingTests ?? 0) + (json.numTodoTests ?? 0),
  };
}
rmSync(outDir, { recursive: true, force: true });
if (summary) {
  console.log(
    `\nTests: ${summary.passed} passed, ${summary.failed} failed, ${summary.skipped} skipped`,
  );
}
const failed = result.status !== 0 || !summary || summary.failed > 0 || summary.passed === 0;
process.exit(failed ? 1 : 0);
