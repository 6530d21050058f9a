/**
 * The widgets' Task (widget/internal/task.ts) keeps @lit/task's semantics
 * that the elements rely on: runs when its arguments change before an update,
 * aborts and ignores the run it supersedes, keeps the last value while a new
 * run is pending, and goes back to INITIAL on initialState.
 */

import { initialState, Task, TaskStatus } from '@lit/task';
import { describe, expect, it } from 'vitest';

function fakeHost() {
  const controllers: Array<{ hostUpdate?: () => void }> = [];
  return {
    updates: 0,
    addController(controller: { hostUpdate?: () => void }) {
      controllers.push(controller);
    },
    removeController() {},
    requestUpdate() {
      this.updates += 1;
    },
    get updateComplete() {
      return Promise.resolve(true);
    },
    /** What a host update does first: each controller's hostUpdate. */
    update() {
      for (const controller of controllers) controller.hostUpdate?.();
    },
  };
}

/** A promise and the functions that settle it. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('Task (the part of @lit/task the widgets use)', () => {
  it('runs when its arguments change, not when they stay equal', async () => {
    const host = fakeHost();
    let key = 'a';
    const calls: string[] = [];
    const task = new Task(host, {
      args: () => [key] as const,
      task: async ([k]) => {
        calls.push(k);
        return k.toUpperCase();
      },
    });
    expect(task.status).toBe(TaskStatus.INITIAL);
    host.update();
    host.update();
    await Promise.resolve();
    await Promise.resolve();
    expect(calls).toEqual(['a']);
    expect(task.status).toBe(TaskStatus.COMPLETE);
    expect(task.value).toBe('A');
    key = 'b';
    host.update();
    await Promise.resolve();
    await Promise.resolve();
    expect(calls).toEqual(['a', 'b']);
    expect(task.render({ complete: (value) => `done ${value}` })).toBe('done B');
  });

  it('aborts the run it supersedes and ignores its answer; keeps the value while pending', async () => {
    const host = fakeHost();
    const runs: Array<{ signal: AbortSignal; answer: ReturnType<typeof deferred<string>> }> = [];
    const completed: string[] = [];
    const task = new Task<readonly [string], string>(host, {
      autoRun: false,
      task: (_args, { signal }) => {
        const answer = deferred<string>();
        runs.push({ signal, answer });
        return answer.promise;
      },
      onComplete: (value) => completed.push(value),
    });
    const first = task.run(['x']);
    runs[0]!.answer.resolve('first');
    await first;
    expect(task.value).toBe('first');
    const second = task.run(['y']);
    const third = task.run(['z']);
    expect(task.status).toBe(TaskStatus.PENDING);
    expect(task.value).toBe('first');
    expect(runs[1]!.signal.aborted).toBe(true);
    expect(runs[2]!.signal.aborted).toBe(false);
    runs[2]!.answer.resolve('third');
    runs[1]!.answer.resolve('second');
    await Promise.all([second, third]);
    expect(task.value).toBe('third');
    expect(completed).toEqual(['first', 'third']);
  });

  it('reports an error (and forgets the value), aborts on request, and returns to INITIAL', async () => {
    const host = fakeHost();
    let outcome: 'fail' | 'initial' | 'wait' = 'fail';
    const errors: unknown[] = [];
    let lastSignal: AbortSignal | undefined;
    const task = new Task<readonly [], string>(host, {
      autoRun: false,
      task: async (_args, { signal }) => {
        lastSignal = signal;
        if (outcome === 'fail') throw new Error('boom');
        if (outcome === 'initial') return initialState;
        return new Promise<string>(() => {});
      },
      onError: (error) => errors.push(error),
    });
    await task.run([]);
    expect(task.status).toBe(TaskStatus.ERROR);
    expect(task.value).toBeUndefined();
    expect((errors[0] as Error).message).toBe('boom');
    expect(task.render({ error: (error) => (error as Error).message })).toBe('boom');
    outcome = 'initial';
    await task.run([]);
    expect(task.status).toBe(TaskStatus.INITIAL);
    outcome = 'wait';
    void task.run([]);
    await Promise.resolve();
    task.abort('stop');
    expect(lastSignal?.aborted).toBe(true);
    expect(lastSignal?.reason).toBe('stop');
    expect(host.updates).toBeGreaterThan(0);
  });
});
