/**
 * A service (or something in between) that echoes the caller's token, verbatim
 * or encoded, in its answers: through the built Code.js, no form of the token
 * reaches a cell, a CacheService value, an error message or a log line.
 */
import { describe, expect, test } from 'vitest';
import type { SyncHttp } from '../../support/apps-script/sync-http.js';
import { echoForms } from '../shared/token-echoes.js';
import { useSandbox } from './fakes/context.js';

const suite = useSandbox({ rateLimit: false });
const TOKEN = 'aivis_test_entry';
const ECHOES = echoForms(TOKEN);

/** The sandbox, with every project named after one echo form and errors that quote another. */
function echoingHttp(): SyncHttp {
  return {
    send(requests) {
      return suite.http.send(requests).map((answer, index) => {
        if ('error' in answer) return answer;
        const url = new URL(requests[index]!.url);
        if (url.pathname.endsWith('/projects') && answer.status === 200) {
          const body = JSON.parse(answer.body) as { projects: Array<{ brand_name: string }> };
          body.projects.forEach((project, at) => {
            project.brand_name = `Brand ${ECHOES.map(([, echo]) => echo)
              .slice(at * 5, at * 5 + 5)
              .join(' / ')}`;
          });
          return { ...answer, body: JSON.stringify(body) };
        }
        if (url.pathname.endsWith('/1001')) {
          return {
            status: 422,
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({
              error: {
                code: 'validation_failed',
                status: 422,
                message: `token ${ECHOES[2]![1]} / ${ECHOES[8]![1]} is not valid here`,
                errors: { period: [`${ECHOES[1]![1]} is not a period`] },
              },
            }),
          };
        }
        return answer;
      });
    },
    close: async () => 0,
  };
}

const leaks = (text: string) =>
  ECHOES.filter(([, echo]) => text.includes(echo)).map(([form]) => form);

describe('token echoes in answers', () => {
  test('reach no cell and no CacheService value', () => {
    const addon = suite.load({ http: echoingHttp() });
    const grid = addon.call('AIVIS_PROJECTS') as unknown[][];
    const cells = grid.flat().map(String).join('\n');
    expect(grid.length).toBeGreaterThan(3);
    expect(cells).toContain('Brand ');
    expect(leaks(cells)).toEqual([]);
    expect(cells.toLowerCase()).not.toContain(TOKEN);
    const cached = [...addon.scriptCache.entries.values()].map((entry) => entry.value).join('\n');
    expect(cached.length).toBeGreaterThan(100);
    expect(leaks(cached)).toEqual([]);
    // A second call is answered from the cache, still clean.
    expect((addon.call('AIVIS_PROJECTS') as unknown[][]).flat().map(String).join('\n')).toBe(cells);
  });

  test('reach no error message and no log line', () => {
    const addon = suite.load({ http: echoingHttp() });
    const error = addon.errorOf('AIVIS_SUMMARY', 1001);
    expect(error).toMatch(/^AIVIS_SUMMARY: /);
    expect(leaks(error)).toEqual([]);
    expect(leaks(addon.logs.join('\n'))).toEqual([]);
  });
});
