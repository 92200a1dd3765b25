/**
 * A background task every instance runs on a timer (sweeps, monthly jobs): once at start,
 * then every `interval_ms`; a run never overlaps the previous one; failures go to `log`; the
 * timer does not keep the process alive.
 */
export function periodic(
  name: string,
  task: () => Promise<unknown>,
  log: (message: string, error: unknown) => void,
) {
  let timer: NodeJS.Timeout | null = null;
  let running = false;
  const run = () => {
    if (running) return;
    running = true;
    task()
      .catch((error) => log(name, error))
      .finally(() => {
        running = false;
      });
  };
  return {
    start(interval_ms: number) {
      if (timer) return;
      run();
      timer = setInterval(run, interval_ms);
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = null;
    },
  };
}
