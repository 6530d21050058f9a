/**
 * The last step: one log entry per answered request, as LOG_LEVEL asks
 * (every one, or only failures and stale copies). Its texts are scrubbed and
 * bounded (proxy/log.ts); a failing sink never costs the viewer the answer.
 */
import type { RequestHead } from '../../server/request-head.js';
import type { LogLevel } from '../config.js';
import { LogSafeTexts, type ProxyLogEntry } from '../log.js';
import type { Answer } from './exchange.js';

/** `started`: the clock when the request arrived. */
export type LogAnswer = (
  request: RequestHead,
  answer: Answer,
  status: number,
  started: number,
) => void;

export function answerLogger(
  sink: ((entry: ProxyLogEntry) => void) | undefined,
  level: LogLevel,
  token: string,
  now: () => number,
): LogAnswer {
  if (!sink || level === 'off') return () => undefined;
  const texts = new LogSafeTexts(token);
  return (request, answer, status, started) => {
    if (level !== 'info' && status < 400 && answer.cache !== 'STALE') return;
    try {
      sink({
        method: texts.get(request.method),
        path: texts.get(answer.path),
        status,
        cache: answer.cache,
        ms: Math.max(0, now() - started),
        ...(answer.note ? { note: answer.note } : {}),
      });
    } catch {
      // A failing log sink must not cost the viewer the answer.
    }
  };
}
