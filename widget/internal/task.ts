/**
 * The part of @lit/task's Task the widgets use, with its semantics: a
 * reactive controller that runs an async task when its arguments change
 * (checked before each host update), aborts the run it supersedes, ignores
 * the answers of superseded runs, and renders by status. Left out, because no
 * widget uses them: taskComplete, initialValue, autoRun 'afterUpdate' and a
 * custom argsEqual. Its own copy is about 0.5 KB gzip less in every element.
 */
import { notEqual, type ReactiveController, type ReactiveControllerHost } from 'lit';

export const TaskStatus = { INITIAL: 0, PENDING: 1, COMPLETE: 2, ERROR: 3 } as const;
export type TaskStatus = (typeof TaskStatus)[keyof typeof TaskStatus];

/** Returned by a task: back to INITIAL (nothing to load yet), without a value or an error. */
export const initialState: unique symbol = Symbol();

export interface TaskConfig<A extends readonly unknown[], R> {
  task: (
    args: A,
    options: { signal: AbortSignal },
  ) => R | typeof initialState | Promise<R | typeof initialState>;
  /** The arguments; a change (shallow, as Lit compares properties) runs the task again. */
  args?: () => A;
  /** false: only run() starts it. */
  autoRun?: boolean;
  onComplete?: (value: R) => unknown;
  onError?: (error: unknown) => unknown;
}

export interface TaskRenderer<R> {
  initial?: () => unknown;
  pending?: () => unknown;
  complete?: (value: R) => unknown;
  error?: (error: unknown) => unknown;
}

const changed = (previous: readonly unknown[] | undefined, args: readonly unknown[]) =>
  !previous ||
  previous.length !== args.length ||
  args.some((arg, index) => notEqual(arg, previous[index]));

export class Task<A extends readonly unknown[], R> implements ReactiveController {
  #status: TaskStatus = TaskStatus.INITIAL;
  #value?: R;
  #error?: unknown;
  #previousArgs?: A;
  #calls = 0;
  #abort?: AbortController;
  readonly #host: ReactiveControllerHost;
  readonly #config: TaskConfig<A, R>;

  constructor(host: ReactiveControllerHost, config: TaskConfig<A, R>) {
    this.#host = host;
    this.#config = config;
    host.addController(this);
  }

  get status(): TaskStatus {
    return this.#status;
  }

  /** The last completed run's value; kept while a new run is pending. */
  get value(): R | undefined {
    return this.#value;
  }

  get error(): unknown {
    return this.#error;
  }

  hostUpdate(): void {
    if (this.#config.autoRun === false) return;
    const args = this.#config.args?.();
    const previous = this.#previousArgs;
    this.#previousArgs = args;
    if (args && args !== previous && changed(previous, args)) void this.run(args);
  }

  async run(args: A | undefined = this.#config.args?.()): Promise<void> {
    this.#previousArgs = args;
    if (this.#status === TaskStatus.PENDING) this.#abort?.abort();
    this.#status = TaskStatus.PENDING;
    this.#host.requestUpdate();
    const call = ++this.#calls;
    this.#abort = new AbortController();
    let result: R | typeof initialState | undefined;
    let error: unknown;
    let failed = false;
    try {
      result = await this.#config.task(args as A, { signal: this.#abort.signal });
    } catch (thrown) {
      failed = true;
      error = thrown;
    }
    // A run superseded by a newer one says nothing.
    if (call !== this.#calls) return;
    if (result === initialState) {
      this.#status = TaskStatus.INITIAL;
    } else {
      try {
        if (failed) this.#config.onError?.(error);
        else this.#config.onComplete?.(result as R);
      } catch {
        // As @lit/task: a failing callback does not change the outcome.
      }
      this.#status = failed ? TaskStatus.ERROR : TaskStatus.COMPLETE;
      this.#value = result;
      this.#error = error;
    }
    this.#host.requestUpdate();
  }

  abort(reason?: unknown): void {
    if (this.#status === TaskStatus.PENDING) this.#abort?.abort(reason);
  }

  render(renderer: TaskRenderer<R>): unknown {
    switch (this.#status) {
      case TaskStatus.INITIAL:
        return renderer.initial?.();
      case TaskStatus.PENDING:
        return renderer.pending?.();
      case TaskStatus.COMPLETE:
        return renderer.complete?.(this.#value as R);
      default:
        return renderer.error?.(this.#error);
    }
  }
}
