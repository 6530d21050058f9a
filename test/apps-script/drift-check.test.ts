/**
 * Settings' "Check the service's answers" (docs/service-drift.md): the
 * server function of the built Code.js, through UrlFetchApp, against the
 * sandbox over HTTP and against a reshaped service. It reports what the CLI
 * reports, in the CLI's words, and never the token.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { DRIFT_REQUESTS } from '../../shared/drift.js';
import { BUILT_SERVICE_URL } from '../../support/apps-script/harness.js';
import type { ReshapeVariant } from '../../support/reshape/reshape.js';
import { useSandbox } from './fakes/context.js';

const suite = useSandbox();
let reshapers: Record<ReshapeVariant, string>;
beforeAll(async () => {
  reshapers = await suite.sandbox.reshapers();
});

interface DriftView {
  exitCode: number;
  lines: string[];
}

describe("Check the service's answers", () => {
  test('the plain sandbox: every answer OK, "nothing differs", within the check\'s request budget', () => {
    const addon = suite.load();
    const view = addon.call('aivisCheckService') as DriftView;
    expect(view.exitCode).toBe(0);
    expect(view.lines[0]).toBe('Nothing differs from what this client expects.');
    expect(view.lines[1]).toBe(
      `Sent ${DRIFT_REQUESTS} requests for project 1001: ${DRIFT_REQUESTS} answers as expected.`,
    );
    expect(view.lines.filter((line) => line.startsWith('OK  GET /projects'))).toHaveLength(
      DRIFT_REQUESTS,
    );
    expect(addon.urlFetch.calls.length).toBe(DRIFT_REQUESTS);
  });

  test('the old names: each renamed field on its own line, nothing to send, the token nowhere', () => {
    const addon = suite.load({ token: 'aivis_test_old_names' });
    const view = addon.call('aivisCheckService') as DriftView;
    expect(view.exitCode).toBe(0);
    expect(view.lines[0]).toMatch(/^Nothing to send: /);
    const text = view.lines.join('\n');
    expect(text).toMatch(/^READ AS EXPECTED {2}GET \/projects\/1001$/m);
    expect(text).toMatch(/ai_visibility\.performance_comparison.*change/);
    expect(text).toMatch(/search_queries.*web_searches/);
    expect(text).not.toContain('aivis_test_old_names');
    expect(addon.logs.join('\n')).not.toContain('aivis_test_old_names');
  });

  test('a reshaped service: the period of another shape is named by its path', () => {
    const base = reshapers['period-shape'];
    const addon = suite.load({ baseUrl: base, routes: { [BUILT_SERVICE_URL]: base } });
    const view = addon.call('aivisCheckService') as DriftView;
    expect(view.exitCode).toBe(1);
    expect(view.lines).toContain('  - period.used: missing');
  });

  test('a refused token: the reason in words, exit code 2', () => {
    const addon = suite.load({ token: 'aivis_test_revoked' });
    const view = addon.call('aivisCheckService') as DriftView;
    expect(view.exitCode).toBe(2);
    expect(view.lines[0]).toMatch(/^The check could not run: The token was refused \(HTTP 401\)/);
    expect(view.lines.join('\n')).not.toContain('aivis_test_revoked');
  });
});
