/**
 * The Workers entry of the README, bundled by the workerd suite: one handler
 * per isolate, configured from the `env` bindings, with ctx.waitUntil for the
 * work that goes on after an answer.
 */
import type { ProxyHandler } from '../../proxy/handler.js';
import { startedProxy } from '../../proxy/start-up.js';

interface ExecutionContextLike {
  waitUntil(promise: Promise<unknown>): void;
}

let handler: ProxyHandler | undefined;

export default {
  fetch(request: Request, env: Record<string, string>, ctx: ExecutionContextLike) {
    // A wrong setting: one line naming it in the log, and 503 to every request (proxy/start-up.ts).
    handler ??= startedProxy(env);
    return handler(request, ctx);
  },
};
