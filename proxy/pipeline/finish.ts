/**
 * The finishing step for answers the proxy made itself or passed on from
 * upstream (a cached answer was finished when it was stored): CORS for the
 * requesting origin (a preflight has its own), the token scrubbed from
 * headers and body, and the security headers.
 */
import type { RequestHead } from '../../server/request-head.js';
import type { CorsHeaders } from '../../shared/http/edge.js';
import { withCors } from '../cors.js';
import { withSecurityHeaders } from '../responses.js';
import { scrubResponse } from '../scrub.js';
import type { Answer } from './exchange.js';

/** A cached answer is final as it is: handed back at once, with no promise to wait on. */
export function finishResponse(
  request: RequestHead,
  answer: Answer,
  cors: CorsHeaders,
  token: string,
): Response | Promise<Response> {
  if (answer.final) return answer.response;
  return finishMade(request, answer, cors, token);
}

async function finishMade(
  request: RequestHead,
  answer: Answer,
  cors: CorsHeaders,
  token: string,
): Promise<Response> {
  let response = answer.response;
  if (request.method !== 'OPTIONS') {
    response = withCors(response, cors.forAnswer(request.headers.get('Origin')));
  }
  return withSecurityHeaders(await scrubResponse(response, token));
}
