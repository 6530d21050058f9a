/**
 * The finishing step for answers the proxy made itself or passed on from
 * upstream (a cached answer was finished when it was stored): CORS for the
 * requesting origin (a preflight has its own), the token scrubbed from
 * headers and body, and the security headers.
 */
import type { CorsHeaders } from '../../shared/http/edge.js';
import { withCors } from '../cors.js';
import { withSecurityHeaders } from '../responses.js';
import { scrubResponse } from '../scrub.js';
import type { Answer } from './exchange.js';

export async function finishResponse(
  request: Request,
  answer: Answer,
  cors: CorsHeaders,
  token: string,
): Promise<Response> {
  if (answer.final) return answer.response;
  let response = answer.response;
  if (request.method !== 'OPTIONS') {
    response = withCors(response, cors.forAnswer(request.headers.get('Origin')));
  }
  return withSecurityHeaders(await scrubResponse(response, token));
}
