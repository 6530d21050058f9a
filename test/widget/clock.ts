/**
 * Sleeps to hand to configure({ sleep }), so no widget suite waits on the
 * wall clock: the retry backoff and the 429 countdown pass when the test says.
 */
import type { GlobalSettings } from '../../widget/index.js';

type Sleep = NonNullable<GlobalSettings['sleep']>;

/** Every wait ends at once (the retry backoff is not what the test is about). */
export const noWait: Sleep = () => Promise.resolve();

export interface ManualSleep {
  sleep: Sleep;
  /** The length of every wait asked for so far, in milliseconds. */
  asked: number[];
  /** Ends every wait begun so far (as if that much time passed), then lets the widgets react. */
  elapse(): Promise<void>;
}

export function manualSleep(): ManualSleep {
  const waiting: Array<() => void> = [];
  const asked: number[] = [];
  return {
    asked,
    sleep: (ms, signal) =>
      new Promise<void>((resolve, reject) => {
        asked.push(ms);
        waiting.push(resolve);
        signal?.addEventListener('abort', () => reject(signal.reason));
      }),
    async elapse() {
      for (const end of waiting.splice(0)) end();
      await new Promise((resolve) => setTimeout(resolve, 0));
    },
  };
}
