/**
 * `npm run bench:web`: Lighthouse (the npm package, performance category only) in Debian's
 * Chromium against the product as a new user meets it: the web apps built, the server started
 * like `npm start` on a fresh data directory (demo data loaded), nothing cached in the browser.
 *
 * Pages: `/`, `/casino/home`, `/sports` (guest) and the wallet modal open, signed in as the demo
 * player: `/?wallet=deposit`, the deep link the app honours (apps/web README, decision 0900).
 * Each page once with Lighthouse's mobile defaults (simulated Slow 4G, 4× CPU slowdown, Moto G
 * Power screen) and once with its desktop preset. Prints LCP, CLS, TBT, transferred bytes,
 * initial JS (scripts requested before the load event, as transferred, i.e. compressed) and the
 * performance score against the budgets of issue 20, and exits 1 when any mobile figure misses
 * its budget (desktop figures are printed and held to the same budgets except the score).
 *
 * Same-run baseline: the same Lighthouse settings on a static page with one heading and no
 * script, served from this process — the floor this machine and the throttling model give.
 *
 * BENCH_WEB_REPORTS=<dir> keeps every Lighthouse report (JSON) there.
 *
 * Options: --runs N (3; the median run per page is reported, by score), --no-build,
 * --only home,casino,sports,wallet, --form mobile|desktop. Not part of `npm test`.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import {
  chmodSync,
  createWriteStream,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import puppeteer, { type Browser } from 'puppeteer-core';
import { SERVER_NODE_FLAGS } from '../apps/server/src/platform/node-flags.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const BUDGET = {
  lcp_ms: 2_500,
  cls: 0.05,
  tbt_ms: 200,
  initial_js_kib: 150,
  mobile_score: 90,
} as const;

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    'no-build': { type: 'boolean', default: false },
    only: { type: 'string' },
    form: { type: 'string' },
  },
});
const RUNS = Math.max(1, Number(args.runs));

type PageSpec = { name: string; path: string; signedIn: boolean };
const PAGES: PageSpec[] = [
  { name: 'home', path: '/', signedIn: false },
  { name: 'casino', path: '/casino/home', signedIn: false },
  { name: 'sports', path: '/sports', signedIn: false },
  { name: 'wallet', path: '/?wallet=deposit', signedIn: true },
].filter((p) => !args.only || args.only.split(',').includes(p.name));
const FORMS = (['mobile', 'desktop'] as const).filter((f) => !args.form || args.form === f);
type Form = (typeof FORMS)[number];

type Figures = {
  score: number;
  lcp_ms: number;
  fcp_ms: number;
  cls: number;
  tbt_ms: number;
  bytes: number;
  initial_js_bytes: number;
  all_js_bytes: number;
  benchmark_index: number;
  lcp_element: string;
};

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function startProduct(): Promise<{ baseUrl: string; stop: () => Promise<void> }> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'casino-bench-web-'));
  // Embedded PostgreSQL runs as its own user when we are root: it must be able to enter.
  chmodSync(dataDir, 0o755);
  const logFile = path.join(dataDir, 'server.log');
  const log = createWriteStream(logFile);
  // As `npm start` runs it (development: demo data, the sportsbook feed ticking), without pretty logs.
  const child: ChildProcess = spawn(
    'node',
    [...SERVER_NODE_FLAGS, '--import', 'tsx', 'apps/server/src/main.ts'],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: path.join(dataDir, 'data'),
        PUBLIC_URL: baseUrl,
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  const stop = () =>
    new Promise<void>((resolve) => {
      const done = () => {
        log.end();
        rmSync(dataDir, { recursive: true, force: true });
        resolve();
      };
      if (child.exitCode !== null || child.signalCode !== null) return done();
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      child.once('exit', () => {
        clearTimeout(timer);
        done();
      });
      child.kill('SIGTERM');
    });
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline && child.exitCode === null) {
    try {
      const response = await fetch(`${baseUrl}/readyz`, { signal: AbortSignal.timeout(2_000) });
      if (response.status === 200) return { baseUrl, stop };
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  const tail = readFileSync(logFile, 'utf8').split('\n').slice(-30).join('\n');
  await stop();
  throw new Error(`The server did not become ready at ${baseUrl}:\n${tail}`);
}

/** The floor: one heading, no script, no font, served from memory. */
async function startBaseline(): Promise<{ url: string; close: () => void }> {
  const html =
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
    '<title>baseline</title><style>body{background:#0b1520;color:#e6edf3;font-family:sans-serif}</style></head>' +
    '<body><h1>Baseline page</h1><p>One heading, one paragraph, no script.</p></body></html>';
  const server = createHttpServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { url: `http://127.0.0.1:${port}/`, close: () => server.close() };
}

async function demoToken(baseUrl: string): Promise<{ data: string }> {
  const response = await fetch(`${baseUrl}/api/v1/customer/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'demo@example.com', password: 'demo-password-1' }),
  });
  const body = (await response.json()) as { status: number; data: string };
  if (body.status !== 200) throw new Error(`demo sign-in failed: ${JSON.stringify(body)}`);
  return body;
}

async function measure(
  browser: Browser,
  url: string,
  form: Form,
  signIn?: { origin: string; login: unknown },
): Promise<Figures> {
  const page = await browser.newPage();
  try {
    if (signIn) {
      // Signed in the way the app keeps it (localStorage `root`, apps/web/src/lib/root-store.ts),
      // written from a page of the origin that loads no asset, so the HTTP cache stays cold.
      await page.goto(`${signIn.origin}/healthz`);
      await page.evaluate((login) => {
        const response = login as { status: number; data: string; customer: unknown };
        const auth = {
          authUser: response,
          authUserToken: response.data,
          authUserCustomerData: response.customer,
          isAuthenticated: true,
          authUserCustomerMe: null,
        };
        // Runs in the page (the bench's tsconfig has no DOM types).
        (
          globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }
        ).localStorage.setItem(
          'root',
          JSON.stringify({
            auth: JSON.stringify(auth),
            additionalMenus: '[]',
            _persist: JSON.stringify({ version: -1, rehydrated: true }),
          }),
        );
      }, signIn.login);
      const cdp = await page.createCDPSession();
      await cdp.send('Network.clearBrowserCache');
      await cdp.detach();
    }
    const flags = {
      output: 'json' as const,
      logLevel: 'error' as const,
      onlyCategories: ['performance'],
      // A signed-in run keeps its localStorage; its cache was cleared above.
      disableStorageReset: Boolean(signIn),
    };
    const result = await lighthouse(
      url,
      flags,
      form === 'desktop' ? desktopConfig : undefined,
      page as never,
    );
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const lhr = result.lhr;
    if (process.env.BENCH_WEB_REPORTS) {
      const name = `${form}-${new URL(url).pathname.replace(/\W+/g, '_')}${new URL(url).search.replace(/\W+/g, '_')}-${Date.now()}.json`;
      mkdirSync(process.env.BENCH_WEB_REPORTS, { recursive: true });
      writeFileSync(path.join(process.env.BENCH_WEB_REPORTS, name), JSON.stringify(lhr));
    }
    if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
    const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    const loadMs =
      (lhr.audits.metrics?.details as { items?: Array<{ observedLoad?: number }> } | undefined)
        ?.items?.[0]?.observedLoad ?? Number.POSITIVE_INFINITY;
    const requests =
      (
        lhr.audits['network-requests']?.details as
          | {
              items?: Array<{
                resourceType?: string;
                transferSize?: number;
                rendererStartTime?: number;
              }>;
            }
          | undefined
      )?.items ?? [];
    const scripts = requests.filter((r) => r.resourceType === 'Script');
    const lcpElement = (
      lhr.audits['largest-contentful-paint-element']?.details as
        | { items?: Array<{ items?: Array<{ node?: { selector?: string; nodeLabel?: string } }> }> }
        | undefined
    )?.items?.[0]?.items?.[0]?.node;
    return {
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      lcp_ms: audit('largest-contentful-paint'),
      fcp_ms: audit('first-contentful-paint'),
      cls: audit('cumulative-layout-shift'),
      tbt_ms: audit('total-blocking-time'),
      bytes: audit('total-byte-weight'),
      initial_js_bytes: scripts
        .filter((r) => (r.rendererStartTime ?? 0) <= loadMs)
        .reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
      all_js_bytes: scripts.reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
      benchmark_index: lhr.environment.benchmarkIndex,
      lcp_element: (lcpElement?.nodeLabel ?? lcpElement?.selector ?? '').slice(0, 40),
    };
  } finally {
    await page.close();
  }
}

/**
 * Lighthouse sometimes loses the trace on a busy machine ("NO_NAVSTART … Please run Lighthouse
 * again"); such a run measured nothing, so it is run again (twice at most) rather than failing
 * the whole benchmark. A run that did measure is never repeated.
 */
async function retried(run: () => Promise<Figures>): Promise<Figures> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= 3 || !/run Lighthouse again/i.test(String(error))) throw error;
      console.log(
        `  (Lighthouse lost the trace; running the page again: ${String(error).slice(0, 120)})`,
      );
    }
  }
}

/** The run with the median score (ties: the median LCP), so one figure line is one real run. */
function median(runs: Figures[]): Figures {
  const sorted = [...runs].sort((a, b) => a.score - b.score || b.lcp_ms - a.lcp_ms);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

const kib = (bytes: number) => bytes / 1024;

function misses(f: Figures, form: Form): string[] {
  const missed: string[] = [];
  if (f.lcp_ms > BUDGET.lcp_ms) missed.push('LCP');
  if (f.cls > BUDGET.cls) missed.push('CLS');
  if (f.tbt_ms > BUDGET.tbt_ms) missed.push('TBT');
  if (kib(f.initial_js_bytes) > BUDGET.initial_js_kib) missed.push('JS');
  if (form === 'mobile' && f.score < BUDGET.mobile_score) missed.push('score');
  return missed;
}

function line(label: string, f: Figures, runs: Figures[], missed: string[] | null): string {
  const range = (pick: (r: Figures) => number, digits: number) => {
    if (runs.length < 2) return '';
    const values = runs.map(pick);
    return ` (${Math.min(...values).toFixed(digits)}–${Math.max(...values).toFixed(digits)})`;
  };
  return [
    label.padEnd(16),
    `score ${String(f.score).padStart(3)}${range((r) => r.score, 0)}`.padEnd(22),
    `LCP ${(f.lcp_ms / 1000).toFixed(2)} s${range((r) => r.lcp_ms / 1000, 2)}`.padEnd(26),
    `FCP ${(f.fcp_ms / 1000).toFixed(2)} s`.padEnd(11),
    `CLS ${f.cls.toFixed(3)}${range((r) => r.cls, 3)}`.padEnd(24),
    `TBT ${Math.round(f.tbt_ms)} ms${range((r) => r.tbt_ms, 0)}`.padEnd(22),
    `bytes ${kib(f.bytes).toFixed(0)} KiB`.padEnd(15),
    `initial JS ${kib(f.initial_js_bytes).toFixed(1)} KiB (all ${kib(f.all_js_bytes).toFixed(0)})`.padEnd(
      32,
    ),
    missed === null ? '' : missed.length ? `MISSED: ${missed.join(', ')}` : 'ok',
    f.lcp_element ? ` [LCP: ${f.lcp_element}]` : '',
  ].join(' ');
}

async function main() {
  if (!args['no-build']) {
    process.stdout.write('building the web apps… ');
    const build = spawnSync(
      'npm',
      ['run', 'build', '-w', '@casino/web', '-w', '@casino/backoffice'],
      {
        cwd: ROOT,
        encoding: 'utf8',
      },
    );
    if (build.status !== 0) throw new Error(`build failed:\n${build.stdout}\n${build.stderr}`);
    console.log('done');
  }
  const product = await startProduct();
  const baseline = await startBaseline();
  const browser = await puppeteer.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
    defaultViewport: null,
  });
  let failed = false;
  try {
    const login = await demoToken(product.baseUrl);
    console.log(
      `bench:web — Lighthouse ${lighthouseVersion()} in ${CHROMIUM} (${(await browser.version()).trim()}), ${RUNS} run(s) per page, median by score; ${os.cpus().length} cores, load ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    console.log(
      `budgets: LCP ≤ ${BUDGET.lcp_ms / 1000} s, CLS ≤ ${BUDGET.cls}, TBT ≤ ${BUDGET.tbt_ms} ms, initial JS ≤ ${BUDGET.initial_js_kib} KiB compressed, mobile score ≥ ${BUDGET.mobile_score}`,
    );
    for (const form of FORMS) {
      console.log(`\n${form}`);
      const baseRuns: Figures[] = [];
      for (let i = 0; i < RUNS; i++) {
        baseRuns.push(await retried(() => measure(browser, baseline.url, form)));
      }
      const base = median(baseRuns);
      console.log(
        `${line('baseline', base, baseRuns, null)} (benchmarkIndex ${Math.round(base.benchmark_index)})`,
      );
      for (const spec of PAGES) {
        const runs: Figures[] = [];
        for (let i = 0; i < RUNS; i++) {
          runs.push(
            await retried(() =>
              measure(
                browser,
                `${product.baseUrl}${spec.path}`,
                form,
                spec.signedIn ? { origin: product.baseUrl, login } : undefined,
              ),
            ),
          );
        }
        const figures = median(runs);
        const missed = misses(figures, form);
        if (missed.length && form === 'mobile') failed = true;
        console.log(line(spec.name, figures, runs, missed));
      }
    }
  } finally {
    await browser.close();
    baseline.close();
    await product.stop();
  }
  if (failed) {
    console.log('\nbench:web: a mobile budget was missed');
    process.exitCode = 1;
  }
}

function lighthouseVersion(): string {
  return (
    JSON.parse(readFileSync(path.join(ROOT, 'node_modules/lighthouse/package.json'), 'utf8')) as {
      version: string;
    }
  ).version;
}

await main();
