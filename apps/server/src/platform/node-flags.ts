/**
 * The V8 flags the server runs with (decision 0107). `npm start`, `npm run dev`,
 * `npm run bench:ledger`, the end-to-end tests and the start-up test all start Node with
 * them; `test/startup.test.ts` checks that the package scripts list every one, so the
 * benchmark measures the runtime the product runs.
 *
 * `--no-allocation-site-pretenuring`: V8 learns, per allocation site, whether its objects
 * tend to survive a young-generation collection, and then allocates them straight into the
 * old generation. A request's objects (a bet's closures, promises, ledger commands) are alive
 * at a collection whenever the request is in flight, which under load is most of the time,
 * so V8 pretenured them; they died soon after, and the old generation filled with ~35 MB/s of
 * garbage that only a full mark-compact (every ~1.7 s, up to ~12 ms of pause) gave back.
 * Without pretenuring they die young (docs/performance.md, round 13).
 */
export const SERVER_NODE_FLAGS = ['--no-allocation-site-pretenuring'] as const;
