/**
 * The Workers entry of the README, bundled by the workerd suite: one handler
 * per isolate, configured from the `env` bindings, with ctx.waitUntil for the
 * work that goes on after an answer.
 */
import { readProxyConfig } from '../../proxy/config.js';
import { createProxyHandler, type ProxyHandler } from '../../proxy/handler.js';

interface ExecutionContextLike {
  waitUntil(promise: Promise<unknown>): void;
}

let handler: ProxyHandler | undefined;

export default {
  fetch(request: Request, env: Record<string, string>, ctx: ExecutionContextLike) {
    handler ??= createProxyHandler(readProxyConfig(env));
    return handler(request, ctx);
  },
};
