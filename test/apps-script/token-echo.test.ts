/**
 * A service (or something in between) that echoes the caller's token, verbatim
 * or encoded, in its answers: through the built Code.js, no form of the token
 * reaches a cell, a CacheService value, an error message, a log line, an
 * alert or digest (email and chat), the alert state or the history sheet.
 */
import { describe, expect, test } from 'vitest';
import { BUILT_SERVICE_URL } from '../../support/apps-script/harness.js';
import type { SyncHttp } from '../../support/apps-script/sync-http.js';
import { echoForms } from '../shared/token-echoes.js';
import { useSandbox } from './fakes/context.js';
import { shapedHttp, WEBHOOK_ROUTES } from './fakes/shaped-http.js';

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

/**
 * What a person reads, from any text the add-on wrote: chat escapes undone,
 * invisible word joiners and defanged dots removed, HTML entities decoded.
 */
function readable(text: string): string {
  return text
    .replaceAll('\u2060', '')
    .replaceAll('[.]', '.')
    .replaceAll('[:]', ':')
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&amp;', '&');
}

describe('token echoes in alerts, digests, the alert state and the history sheet', () => {
  test('reach no email, chat message, document property, history cell or run-log line', () => {
    let changed = false;
    const echo = (index: number) => ECHOES[index % ECHOES.length]![1];
    const minuteAgo = new Date(Date.now() - 60_000).toISOString();
    const http = shapedHttp(suite.http, (path, body) => {
      if (/\/projects\/1001$/.test(path) && body.profile) {
        return {
          ...body,
          profile: { ...(body.profile as object), brand_name: `Brand ${echo(0)}` },
        };
      }
      if (path.endsWith('/projects') && Array.isArray(body.projects)) {
        return {
          ...body,
          projects: body.projects.map((row) => ({ ...(row as object), brand_name: echo(1) })),
        };
      }
      if (path.endsWith('/1001/competitors') && Array.isArray(body.competitors)) {
        const rows = body.competitors.map((row, index) => ({
          ...(row as Record<string, unknown>),
          name: (row as { is_own_brand?: boolean }).is_own_brand
            ? `Brand ${echo(0)}`
            : `Rival ${echo(2 + index)}`,
        }));
        // The second check: every rival passes the own brand.
        if (changed) rows.reverse();
        return { ...body, competitors: rows.map((row, index) => ({ ...row, rank: index + 1 })) };
      }
      if (path.endsWith('/1001/answers') && Array.isArray(body.answers)) {
        if (!changed) return undefined;
        return {
          ...body,
          answers: body.answers.slice(0, 3).map((row, index) => ({
            ...(row as object),
            checked_at: minuteAgo,
            brand_sentiment: 'negative',
            evidence_quote: `Quote ${echo(12 + index)}`,
            brand_drawback: `drawback ${echo(15 + index)}`,
          })),
        };
      }
      if (path.endsWith('/1001/action-plan') && Array.isArray(body.actions)) {
        return {
          ...body,
          actions: body.actions.map((row, index) => ({
            ...(row as object),
            title: `Action ${echo(changed ? 18 + index : 9 + index)}`,
          })),
        };
      }
      return undefined;
    });
    const addon = suite.load({
      http,
      routes: { [BUILT_SERVICE_URL]: suite.sandbox.baseUrl, ...WEBHOOK_ROUTES },
    });
    addon.call('aivisSaveAlerts', [
      {
        project: 1001,
        email: true,
        webhooks: [
          'https://hooks.slack.com/services/T0/B0/echo',
          'https://chat.googleapis.com/v1/spaces/AAA/messages?key=k&token=t',
          'https://acme.webhook.office.com/webhookb2/echo',
        ],
        rules: {
          score_or_share_change: 0,
          competitor_overtakes: true,
          flagged_answers: true,
          source_stale: true,
          run_failed: true,
          top_action: true,
        },
        digest: 'off',
      },
    ]);
    addon.call('aivisCheckAlertsNow');
    changed = true;
    addon.call('aivisCheckAlertsNow');
    expect(addon.call('aivisSendDigestNow', 1001)).toMatch(/^Sent: /);
    addon.call('aivisSetSchedule', { frequency: 'daily', historyProjects: [1001] });
    addon.call('aivisScheduledRefresh');

    const mails = addon.mail.sent.map((mail) =>
      [mail.subject, mail.body, mail.htmlBody].join('\n'),
    );
    expect(mails).toHaveLength(2);
    expect(mails[0]).toMatch(/Rival \[redacted\] overtook Brand \[redacted\]/);
    expect(mails[0]).toMatch(/Quote \[redacted\]/);
    expect(http.posts.map((post) => post.service).sort()).toEqual(['chat', 'slack', 'teams']);
    const history = addon.spreadsheet.getSheetByName('AIVIS history')?.grid() ?? [];
    expect(history.flat().map(String)).toContain('Brand [redacted]');
    const everything = readable(
      [
        ...mails,
        ...http.posts.map((post) => JSON.stringify(JSON.parse(post.body))),
        ...http.posts.map((post) => post.body),
        JSON.stringify(addon.documentProperties.getProperties()),
        JSON.stringify(history),
        JSON.stringify(addon.spreadsheet.getSheetByName('AIVIS run log')?.grid() ?? []),
        ...addon.logs,
      ].join('\n'),
    );
    expect(leaks(everything)).toEqual([]);
    expect(everything.toLowerCase()).not.toContain(TOKEN);
  });
});
