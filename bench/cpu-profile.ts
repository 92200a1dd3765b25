/**
 * A V8 CPU profile of this process's main thread (node:inspector, no restart) and its self
 * time per cost: what `--cpu-prof` would record, summed the way a reader asks "what costs the
 * most per bet". Profiles only the code loaded here, and maps it through the source maps of
 * this process, so analyse a profile in the process that took it.
 */
import { writeFile } from 'node:fs/promises';
import { type Profiler, Session } from 'node:inspector/promises';
import { findSourceMap } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Fine enough for functions of a few µs per bet over a few seconds, coarse enough that the
 * profiled window's throughput stays near the unprofiled one.
 */
const SAMPLING_INTERVAL_US = 500;

/** Starts V8's sampling profiler on this process's main thread; the result stops it. */
export async function startCpuProfile(): Promise<() => Promise<Profiler.Profile>> {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: SAMPLING_INTERVAL_US });
  await session.post('Profiler.start');
  return async () => {
    const { profile } = await session.post('Profiler.stop');
    await session.post('Profiler.disable');
    session.disconnect();
    return profile;
  };
}

export async function saveCpuProfile(file: string, profile: Profiler.Profile): Promise<void> {
  await writeFile(file, JSON.stringify(profile));
}

/** Self time (µs) per cost, keyed as `costKey` names it; `busy_us` is everything but idle. */
export type SelfTimes = { by_cost: Map<string, number>; busy_us: number };

/**
 * Who a sample's time belongs to: our code by function and the file:line of its source (tsx
 * runs each file as one line; its source map, registered in this process, says where a
 * function starts), a dependency by its package, Node's own JavaScript by module, native
 * functions by name and the JavaScript that called them (`writev` is every socket write; its
 * caller tells which). Grouping a dependency's or Node's many small functions keeps them from
 * hiding behind each other.
 */
export function costKey(frame: Profiler.ProfileNode['callFrame']): string {
  const { functionName, url, lineNumber } = frame;
  const name = functionName || '(anonymous)';
  // V8's own entries: (program), (garbage collector), (idle), (root).
  if (url === '') return functionName.startsWith('(') ? functionName : `${name} (native)`;
  const modules = url.lastIndexOf('/node_modules/');
  if (modules >= 0) {
    const parts = url.slice(modules + '/node_modules/'.length).split('/');
    const pkg = parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!;
    return `${pkg} (npm)`;
  }
  if (url.startsWith('node:')) return url;
  const entry = findSourceMap(url)?.findEntry(lineNumber, frame.columnNumber);
  const source = entry && 'originalSource' in entry ? entry.originalSource : url;
  const line = entry && 'originalLine' in entry ? entry.originalLine : lineNumber;
  const file = source.startsWith('file:') ? path.relative(ROOT, fileURLToPath(source)) : source;
  return `${name} ${file}:${line + 1}`;
}

/**
 * Self time per cost: each sample is charged the time until the next one. V8 samples on the
 * wall clock, so on a crowded machine a thread the OS has put aside is charged to the function
 * it was in: shares hold, sums run above the process's CPU time.
 */
export function selfTimes(profile: Profiler.Profile): SelfTimes {
  const parentOf = new Map<number, Profiler.ProfileNode>();
  for (const node of profile.nodes) {
    for (const child of node.children ?? []) parentOf.set(child, node);
  }
  const keyOf = new Map<number, string>();
  for (const node of profile.nodes) {
    const key = costKey(node.callFrame);
    const caller = parentOf.get(node.id);
    keyOf.set(
      node.id,
      key.endsWith(' (native)') && caller ? `${key} ← ${costKey(caller.callFrame)}` : key,
    );
  }
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  const by_cost = new Map<string, number>();
  let busy_us = 0;
  for (let i = 0; i < samples.length; i += 1) {
    const key = keyOf.get(samples[i]!)!;
    const us = deltas[i + 1] ?? SAMPLING_INTERVAL_US;
    if (key === '(idle)' || key === '(root)') continue;
    by_cost.set(key, (by_cost.get(key) ?? 0) + us);
    busy_us += us;
  }
  return { by_cost, busy_us };
}

export function addSelfTimes(into: SelfTimes, from: SelfTimes): void {
  for (const [key, us] of from.by_cost) into.by_cost.set(key, (into.by_cost.get(key) ?? 0) + us);
  into.busy_us += from.busy_us;
}

/** The `n` largest costs: share of the main thread's busy time, and µs per op. */
export function topCosts(times: SelfTimes, ops: number, n = 5) {
  return [...times.by_cost]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([cost, us]) => ({ cost, share: us / times.busy_us, us_per_op: us / ops }));
}
