/**
 * The alert rule table (apps-script/src/alert-rules.ts) as users meet it:
 * the docs table is the generator's output, settings saved by earlier
 * versions (under the former key `score_change`, or before a rule existed)
 * keep alerting through the built Code.js, and a rule left out takes its
 * default from the table (docs/alerts.md, "What each setting does").
 */
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { ALERT_RULES, defaultRules } from '../../apps-script/src/alert-rules.js';
import { ALERTS_DOC_PATH, withRulesTable } from '../../scripts/sheets/alert-rules-table.js';
import { BUILT_SERVICE_URL } from '../../support/apps-script/harness.js';
import { useSandbox } from './fakes/context.js';

const suite = useSandbox();
const load = () =>
  suite.load({ http: suite.http, routes: { [BUILT_SERVICE_URL]: suite.sandbox.baseUrl } });

interface View {
  entries: Array<{ rules: Record<string, unknown> }>;
}

describe('alert rules table', () => {
  test('docs/alerts.md shows the table as it is (npx tsx scripts/sheets/alert-rules-table.ts rewrites it)', () => {
    const doc = readFileSync(ALERTS_DOC_PATH, 'utf8');
    expect(withRulesTable(doc)).toBe(doc);
    for (const rule of ALERT_RULES) expect(doc).toContain(`\`${rule.key}\``);
  });

  test('settings saved in the old form (score_change, no top_action) are read and still alert on the score', async () => {
    await suite.sandbox.drift('baseline');
    const addon = load();
    addon.call('aivisSaveAlerts', [
      { project: 1001, email: true, webhooks: [], rules: {}, digest: 'off' },
    ]);
    // The document property as an earlier version wrote it.
    const saved = JSON.parse(addon.documentProperties.getProperty('AIVIS_ALERTS')!) as Array<
      Record<string, unknown>
    >;
    const old = {
      score_change: 2,
      competitor_overtakes: false,
      flagged_answers: false,
      source_stale: false,
      run_failed: false,
    };
    addon.documentProperties.setProperty(
      'AIVIS_ALERTS',
      JSON.stringify(saved.map((each) => ({ ...each, rules: old }))),
    );
    const view = addon.call('aivisAlertSettings') as View;
    expect(view.entries[0]!.rules).toEqual({
      ...defaultRules(),
      score_or_share_change: 2,
      competitor_overtakes: false,
      flagged_answers: false,
      source_stale: false,
      run_failed: false,
    });
    addon.call('aivisCheckAlertsNow');
    await suite.sandbox.drift('drop');
    addon.call('aivisCheckAlertsNow');
    expect(addon.mail.sent).toHaveLength(1);
    expect(addon.mail.sent[0]!.body).toMatch(/Visibility score fell/);
  });

  test('a save without a rule takes its default; the former key is read, saved under the new one', () => {
    const addon = load();
    const base = { project: 1001, email: true, webhooks: [], digest: 'off' };
    const view = addon.call('aivisSaveAlerts', [
      { ...base, rules: { score_change: 7, top_action: true } },
    ]) as View;
    expect(view.entries[0]!.rules).toEqual({
      ...defaultRules(),
      score_or_share_change: 7,
      top_action: true,
    });
    expect(addon.documentProperties.getProperty('AIVIS_ALERTS')).not.toMatch(/score_change/);
    expect(
      addon.errorOf('aivisSaveAlerts', [{ ...base, rules: { score_change: 'lots' } }]),
    ).toMatch(/entries\[0\]\.rules\.score_change must be a number of points from 0 to 100/);
    expect(addon.errorOf('aivisSaveAlerts', [{ ...base, rules: { louder: true } }])).toMatch(
      /entries\[0\]\.rules\.louder is not a rule; the rules are score_or_share_change, /,
    );
  });

  test('a stored setting of the wrong type reads as its default, never as a switched-on rule', () => {
    const addon = load();
    addon.call('aivisSaveAlerts', [
      { project: 1001, email: true, webhooks: [], rules: {}, digest: 'off' },
    ]);
    const saved = JSON.parse(addon.documentProperties.getProperty('AIVIS_ALERTS')!) as Array<
      Record<string, unknown>
    >;
    const hostile = { score_or_share_change: 1e9, top_action: 'yes', __proto__: { run_failed: 1 } };
    addon.documentProperties.setProperty(
      'AIVIS_ALERTS',
      JSON.stringify(saved.map((each) => ({ ...each, rules: hostile }))),
    );
    expect((addon.call('aivisAlertSettings') as View).entries[0]!.rules).toEqual(defaultRules());
  });
});
