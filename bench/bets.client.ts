/**
 * A load generator for bets.bench.ts, run as a child process so that its CPU is not the
 * server's. It receives the server's address, its own players' tokens and each run's plan over
 * IPC, and answers each run with counts, a latency histogram and its own CPU time.
 *
 * Requests go out over node:http with a keep-alive agent: against a bare node:http server on
 * the 2-vCPU VM it cost this process 33–47 µs of CPU per request, the global fetch (undici,
 * web streams; BENCH_HTTP=fetch) 360–390 µs. No promise or sample is kept per request: a
 * closed loop's slots chain callbacks, an open loop counts what is in flight, and latencies
 * go into a fixed-size histogram.
 */
import http from 'node:http';
import {
  type ClientCommand,
  type ClientMessage,
  type ClientReport,
  emptyHistogram,
  type Leg,
  record,
  type Workload,
} from './bets.protocol.ts';

/** An open loop's stragglers are given this long after its last send, then counted unanswered. */
const DRAIN_MS_MAX = 30_000;
/** A refused answer's body is kept this long, once per status, to tell why. */
const REFUSAL_BODY_CHARS_MAX = 300;
/** Sockets per generator: an open loop that outruns the server queues beyond this (and that wait counts). */
const SOCKETS_MAX = 1_024;

type Answer = (status: number, body?: string) => void;
type Post = (path: string, headers: http.OutgoingHttpHeaders, body: string, done: Answer) => void;

const PATHS: Record<Workload, string> = {
  dice: '/customer/casino/originals/dice/bet',
  multiple: '/customer/sportsbook/bets',
};

let base: URL;
let post: Post;
/** Per player: the request headers, built once (node:http copies them per request). */
let playerHeaders: http.OutgoingHttpHeaders[] = [];
let legsJson = '[]';
let keyPrefix = '';
/** Where in each interval this generator's open-loop sends fall: the generators take turns. */
let phase = 0;
let sequence = 0;

function reply(message: ClientMessage): void {
  process.send!(message);
}

/** A fresh idempotency key per request: every bet is a new bet, never a replay. */
function body(workload: Workload): string {
  sequence += 1;
  const key = `${keyPrefix}${sequence}`;
  return workload === 'dice'
    ? `{"amount":"1","target":"50","direction":"over","idempotency_key":"${key}"}`
    : `{"kind":"multiple","selections":${legsJson},"stake":"1","accept_odds":"any","idempotency_key":"${key}"}`;
}

function postWithHttp(): Post {
  const agent = new http.Agent({ keepAlive: true, maxSockets: SOCKETS_MAX });
  const hostname = base.hostname;
  const port = Number(base.port);
  const prefix = base.pathname;
  return (path, headers, text, done) => {
    let answered = false;
    const answer: Answer = (status, refusal) => {
      if (answered) return;
      answered = true;
      done(status, refusal);
    };
    const request = http.request(
      { agent, hostname, port, path: prefix + path, method: 'POST', headers },
      (response) => {
        const status = response.statusCode ?? 0;
        if (status === 200) {
          response.on('end', () => answer(200));
          response.resume();
          return;
        }
        let refusal = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          if (refusal.length < REFUSAL_BODY_CHARS_MAX) refusal += chunk;
        });
        response.on('end', () => answer(status, refusal));
      },
    );
    request.on('error', (error) => answer(0, error.message));
    request.end(text);
  };
}

function postWithFetch(): Post {
  return (path, headers, text, done) => {
    fetch(base.href + path, {
      method: 'POST',
      headers: headers as Record<string, string>,
      body: text,
    }).then(
      async (response) => {
        if (response.status === 200) {
          await response.arrayBuffer();
          done(200);
        } else {
          done(response.status, await response.text());
        }
      },
      (error: Error) => done(0, error.message),
    );
  };
}

type Tally = Omit<ClientReport, 'type' | 'id'>;

function newTally(): Tally {
  return {
    ok: 0,
    offered: 0,
    refused: {},
    refusal_bodies: {},
    latency: emptyHistogram(),
    send_lag: emptyHistogram(),
    cpu_ms: 0,
    unanswered: 0,
  };
}

function count(tally: Tally, status: number, latency_ms: number, refusal?: string): void {
  record(tally.latency, latency_ms);
  if (status === 200) {
    tally.ok += 1;
    return;
  }
  const key = String(status);
  tally.refused[key] = (tally.refused[key] ?? 0) + 1;
  if (tally.refusal_bodies[key] === undefined) {
    tally.refusal_bodies[key] = (refusal ?? '').slice(0, REFUSAL_BODY_CHARS_MAX);
  }
}

const cpuMs = (usage: NodeJS.CpuUsage) => (usage.user + usage.system) / 1000;

/**
 * `in_flight` slots, each sending its next bet when its last one is answered. Slot j bets for
 * the players j, j + in_flight, j + 2 × in_flight … in turn, so two slots never bet for the
 * same player at once while there are at least as many players as slots (a player's bets are
 * serialised by the ledger; contention there is not what this measures). Counts what is
 * answered inside the window after the warm-up.
 */
function closedLoop(
  workload: Workload,
  start: number,
  warm_ms: number,
  seconds: number,
  in_flight: number,
): Promise<Tally> {
  const tally = newTally();
  const from = start + warm_ms;
  const until = from + seconds * 1000;
  const path = PATHS[workload];
  let cpuFrom: NodeJS.CpuUsage | undefined;
  setTimeout(() => (cpuFrom = process.cpuUsage()), Math.max(0, from - performance.now()));
  setTimeout(
    () => (tally.cpu_ms = cpuMs(process.cpuUsage(cpuFrom))),
    Math.max(0, until - performance.now()),
  );
  return new Promise((resolve) => {
    let running = in_flight;
    const players = playerHeaders.length;
    for (let slot = 0; slot < in_flight; slot += 1) {
      const mine: http.OutgoingHttpHeaders[] = [];
      for (let i = slot; i < players; i += in_flight) mine.push(playerHeaders[i]!);
      if (mine.length === 0) mine.push(playerHeaders[slot % players]!);
      let turn = 0;
      const next = () => {
        const begin = performance.now();
        if (begin >= until) {
          running -= 1;
          // After the window's end timer, which was due no later than this.
          if (running === 0) setTimeout(() => resolve(tally), 0);
          return;
        }
        turn += 1;
        post(path, mine[turn % mine.length]!, body(workload), (status, refusal) => {
          const end = performance.now();
          if (end >= from && end <= until) count(tally, status, end - begin, refusal);
          next();
        });
      };
      setTimeout(next, Math.max(0, start - performance.now()));
    }
  });
}

/**
 * Sends on a fixed schedule, `rate_per_s` for `seconds`, whether or not earlier bets were
 * answered; each latency counts from the send's scheduled time, so a stalled server shows as
 * latency instead of as fewer sends (no coordinated omission). Players in turn.
 */
function openLoop(
  workload: Workload,
  start: number,
  seconds: number,
  rate_per_s: number,
): Promise<Tally> {
  const tally = newTally();
  const interval_ms = 1000 / rate_per_s;
  const first = start + phase * interval_ms;
  const total = Math.floor(rate_per_s * seconds);
  tally.offered = total;
  const path = PATHS[workload];
  const players = playerHeaders.length;
  let cpuFrom: NodeJS.CpuUsage | undefined;
  let sent = 0;
  let pending = 0;
  return new Promise((resolve) => {
    let finished = false;
    const finish = () => {
      if (finished) return;
      finished = true;
      tally.unanswered = pending;
      tally.cpu_ms = cpuMs(process.cpuUsage(cpuFrom));
      resolve(tally);
    };
    const tick = () => {
      const now = performance.now();
      while (sent < total && first + sent * interval_ms <= now) {
        const scheduled = first + sent * interval_ms;
        record(tally.send_lag, now - scheduled);
        pending += 1;
        post(path, playerHeaders[sent % players]!, body(workload), (status, refusal) => {
          if (finished) return;
          count(tally, status, performance.now() - scheduled, refusal);
          pending -= 1;
          if (pending === 0 && sent === total) finish();
        });
        sent += 1;
      }
      if (sent < total) {
        setTimeout(tick, first + sent * interval_ms - performance.now());
      } else {
        if (pending === 0) finish();
        setTimeout(finish, DRAIN_MS_MAX).unref();
      }
    };
    setTimeout(
      () => {
        cpuFrom = process.cpuUsage();
        tick();
      },
      Math.max(0, first - performance.now()),
    );
  });
}

process.on('message', async (command: ClientCommand) => {
  if (command.type === 'init') {
    base = new URL(command.base_url);
    post = process.env.BENCH_HTTP === 'fetch' ? postWithFetch() : postWithHttp();
    playerHeaders = command.tokens.map((token) => ({
      'content-type': 'application/json',
      authorization: `Bearer ${token}`,
    }));
    legsJson = JSON.stringify(command.legs satisfies Leg[]);
    keyPrefix = `bench-${command.client}-`;
    phase = command.client / command.clients;
    reply({ type: 'ready' });
  } else if (command.type === 'run') {
    // The parent's wall-clock start, on this process's monotonic clock.
    const start = command.start_at_ms - performance.timeOrigin;
    const tally =
      command.loop.kind === 'closed'
        ? await closedLoop(
            command.workload,
            start,
            command.warm_ms,
            command.seconds,
            command.loop.in_flight,
          )
        : await openLoop(command.workload, start, command.seconds, command.loop.rate_per_s);
    reply({ type: 'report', id: command.id, ...tally });
  } else {
    // Its keep-alive sockets would otherwise keep it running until the server closes them.
    process.exit(0);
  }
});
