/**
 * The Node proxy's daily snapshot (LEDGER_SNAPSHOT_AT, docs/ledger.md): at a
 * time of day (UTC) it runs the ledger's snapshot through its own upstream
 * pacer, so the snapshot spends from the budget and share its viewers do.
 * Timers are injected: tests move a fake clock, never wait.
 */
const DAY_MS = 86_400_000;

/** Milliseconds from `nowMs` to the next `HH:MM` UTC (a full day when it is that minute now). */
export function nextRunDelayMs(at: string, nowMs: number): number {
  const [hours, minutes] = at.split(':').map(Number) as [number, number];
  const today = Math.floor(nowMs / DAY_MS) * DAY_MS;
  let next = today + (hours * 60 + minutes) * 60_000;
  if (next <= nowMs) next += DAY_MS;
  return next - nowMs;
}

export interface DailyTimers {
  now: () => number;
  setTimer: (run: () => void, ms: number) => unknown;
  clearTimer: (timer: unknown) => void;
}

/** Runs `job` every day at `at`; one run at a time; returns the stop. */
export function scheduleDaily(
  at: string,
  timers: DailyTimers,
  job: () => Promise<void>,
): () => void {
  let timer: unknown;
  let stopped = false;
  const arm = () => {
    if (stopped) return;
    timer = timers.setTimer(
      () => {
        void job()
          .catch(() => undefined)
          .finally(arm);
      },
      nextRunDelayMs(at, timers.now()),
    );
  };
  arm();
  return () => {
    stopped = true;
    timers.clearTimer(timer);
  };
}
