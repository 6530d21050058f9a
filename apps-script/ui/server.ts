/**
 * google.script.run, typed from the server module itself (enuchi's habit):
 * `call('aivisSaveSettings', input)` only compiles when that function exists
 * in SERVER_API with those arguments, and the result has its return type.
 */
import type { ServerApi, ServerFunctionName } from '../src/server-api.js';

interface ScriptRun {
  withSuccessHandler(handler: (value: unknown) => void): ScriptRun;
  withFailureHandler(handler: (error: Error) => void): ScriptRun;
  [name: string]: unknown;
}

declare const google: { script: { run: ScriptRun; host: { close(): void } } };

export function call<K extends ServerFunctionName>(
  name: K,
  ...args: Parameters<ServerApi[K]>
): Promise<ReturnType<ServerApi[K]>> {
  return new Promise((resolve, reject) => {
    const runner = google.script.run
      .withSuccessHandler((value) => resolve(value as ReturnType<ServerApi[K]>))
      .withFailureHandler((error) => reject(error));
    (runner[name] as (...values: unknown[]) => void)(...args);
  });
}
