/**
 * Second step: the edge checks, before any route. The Host header must name
 * this proxy (server/host-check.ts: DNS rebinding), a preflight is answered
 * from the CORS policy and a method that writes is refused
 * (server/read-only-edge.ts, shared with the sandbox).
 */

import { hostAllowed } from '../../server/host-check.js';
import { readOnlyEdge } from '../../server/read-only-edge.js';
import type { RequestHead } from '../../server/request-head.js';
import { BoundedMemo } from '../../shared/bounded-memo.js';
import type { CorsHeaders } from '../../shared/http/edge.js';
import { jsonError } from '../responses.js';
import { type Answer, localAnswer } from './exchange.js';
import type { Target } from './target.js';

export type EdgeCheck = (request: RequestHead, target: Target) => Answer | undefined;

export function edgeCheck(allowedHosts: readonly string[], cors: CorsHeaders): EdgeCheck {
  // Host headers repeat (one or two names): checked once each.
  const hosts = new BoundedMemo<boolean>(64);
  const misdirected = `This proxy answers only requests addressed to ${allowedHosts.join(', ')}. If you reach it under another name, its operator must add that name to ALLOWED_HOSTS.`;
  return (request, target) => {
    const host = request.headers.get('Host') ?? target.host;
    if (!hosts.get(host, (name) => hostAllowed(name, allowedHosts))) {
      return localAnswer(jsonError(421, 'not_found', misdirected), target.path);
    }
    const edge = readOnlyEdge(request.method, request.headers.get('Origin'), cors);
    if (edge?.kind === 'preflight') {
      return localAnswer(
        new Response(null, { status: edge.status, headers: edge.headers }),
        target.path,
      );
    }
    if (edge?.kind === 'refused') {
      const { status, code, message, headers } = edge.refusal;
      return localAnswer(jsonError(status, code, message, {}, headers), target.path);
    }
    return undefined;
  };
}
