/**
 * Alerts in a spreadsheet several people edit (docs/alerts.md, "Who owns an
 * alert"), against the built Code.js with two users in the harness: the
 * owner (who saved the alerts, holds the token and set the schedule) and an
 * editor. Also the limits of the property stores the alerts live in.
 */
import { describe, expect, test } from 'vitest';
import { BUILT_SERVICE_URL } from '../../support/apps-script/harness.js';
import { useSandbox } from './fakes/context.js';
import { shapedHttp, WEBHOOK_ROUTES } from './fakes/shaped-http.js';

const suite = useSandbox();
const OWNER = 'owner@example.com';
const EDITOR = 'editor@example.com';

type Reshape = Parameters<typeof shapedHttp>[1];

function load(reshape?: Reshape, beforeRequest?: (path: string) => void) {
  const http = shapedHttp(suite.http, reshape, beforeRequest);
  const addon = suite.load({
    http,
    routes: { [BUILT_SERVICE_URL]: suite.sandbox.baseUrl, ...WEBHOOK_ROUTES },
  });
  return { addon, http };
}

const RULES = {
  score_or_share_change: 3,
  competitor_overtakes: true,
  flagged_answers: true,
  source_stale: true,
  run_failed: true,
};
const entry = (overrides: Record<string, unknown> = {}) => ({
  project: 1001,
  email: true,
  webhooks: [] as string[],
  rules: RULES,
  digest: 'off',
  ...overrides,
});

interface View {
  entries: Array<{ owner?: string; email: boolean; webhooks: string[]; rules: typeof RULES }>;
  others: Array<{ owner: string; project: number }>;
  webhooks: unknown[];
}

const alertMails = <Mail extends { subject: string }>(mails: Mail[]) =>
  mails.filter((mail) => !mail.subject.includes('digest'));

describe('who owns an alert', () => {
  test("queued alerts are the owner's: another editor's Check alerts now neither receives nor empties them", async () => {
    await suite.sandbox.drift('baseline');
    const { addon } = load();
    addon.call('aivisSaveAlerts', [entry()]);
    addon.call('aivisCheckAlertsNow');
    await suite.sandbox.drift('drop');
    addon.mail.setQuota(1); // The owner's alert waits in the queue.
    addon.call('aivisCheckAlertsNow');
    expect(addon.mail.sent).toEqual([]);
    addon.mail.setQuota(50);

    addon.setUser(EDITOR); // No token, no alerts of their own.
    const pressed = addon.call('aivisCheckAlertsNow') as { sent: number; note?: string };
    expect(addon.mail.sent).toEqual([]);
    expect(pressed.sent).toBe(0);
    expect(pressed.note).toMatch(/You have no alerts in this spreadsheet.*owner@example\.com/);
    expect(addon.spreadsheet.toasts.at(-1)).toBe(pressed.note);

    // An editor with alerts of their own checks those only.
    addon.setToken('aivis_test_entry');
    addon.call('aivisSaveAlerts', [entry({ project: 1002 })]);
    addon.call('aivisCheckAlertsNow');
    expect(addon.mail.sent).toEqual([]);

    addon.setUser(OWNER);
    addon.call('aivisCheckAlertsNow');
    expect(addon.mail.sent.map((mail) => mail.to)).toEqual([OWNER]);
    expect(addon.mail.sent[0]!.body).toMatch(/Visibility score fell/);
    addon.call('aivisCheckAlertsNow');
    expect(addon.mail.sent).toHaveLength(1);
  });

  test('an entry belongs to whoever saved it: others see that it exists and whose, and cannot change or remove it', () => {
    const { addon } = load();
    addon.call('aivisSaveAlerts', [
      entry({ webhooks: ['https://hooks.slack.com/services/T1/B1/ownersecret77'] }),
    ]);
    addon.setUser(EDITOR);
    const seen = addon.call('aivisAlertSettings') as View;
    expect(seen.entries).toEqual([]);
    expect(seen.others).toEqual([{ owner: OWNER, project: 1001 }]);
    expect(seen.webhooks).toEqual([]);
    expect(JSON.stringify(seen)).not.toMatch(/ownersecret|T1\/B1/);
    // Saving an empty list removes only the editor's own entries (none).
    addon.call('aivisSaveAlerts', []);
    expect(
      addon.errorOf('aivisSaveAlerts', [{ ...entry({ email: false }), owner: OWNER }]),
    ).toMatch(/entries\[0\]\.owner is owner@example\.com: only the person who saved an alert/);
    // The editor's own entry for the same project stands beside the owner's.
    addon.call('aivisSaveAlerts', [
      entry({ email: false, rules: { ...RULES, score_or_share_change: 0 } }),
    ]);

    addon.setUser(OWNER);
    const own = addon.call('aivisAlertSettings') as View;
    expect(own.entries).toHaveLength(1);
    expect(own.entries[0]).toMatchObject({ owner: OWNER, email: true, rules: RULES });
    expect(own.entries[0]!.webhooks).toHaveLength(1);
    expect(own.others).toEqual([{ owner: EDITOR, project: 1001 }]);
  });

  test('a digest sent while a scheduled check runs does not put back what the check stored: the drop alerts once', async () => {
    await suite.sandbox.drift('baseline');
    let overlap: (() => void) | undefined;
    const { addon } = load(undefined, (path) => {
      // The second execution starts while the first is reading its figures.
      if (overlap && path.endsWith('/competitors')) {
        const run = overlap;
        overlap = undefined;
        run();
      }
    });
    addon.call('aivisSaveAlerts', [entry()]);
    addon.call('aivisScheduledRefresh');
    await suite.sandbox.drift('drop');
    let nested = '';
    overlap = () => {
      try {
        addon.call('aivisScheduledRefresh');
      } catch (error) {
        nested = (error as Error).message;
      }
      // An editor's press during the owner's run waits for it, like a second execution.
      addon.setUser(EDITOR);
      expect(addon.errorOf('aivisCheckAlertsNow')).toMatch(/running; check alerts again/);
      addon.setUser(OWNER);
    };
    expect(addon.call('aivisSendDigestNow', 1001)).toMatch(/^Sent: /);
    expect(nested).toBe('');
    addon.call('aivisScheduledRefresh');
    addon.call('aivisScheduledRefresh');
    expect(alertMails(addon.mail.sent)).toHaveLength(1);
    expect(alertMails(addon.mail.sent)[0]!.subject).toMatch(/Visibility score fell/);
  });
});

describe('settings saved before owners were kept', () => {
  test("are checked by the schedule's owner only, who also takes over the old shared queue", () => {
    const { addon } = load();
    const legacy = { ...entry(), webhooks: [] };
    addon.documentProperties.setProperty('AIVIS_ALERTS', JSON.stringify([legacy]));
    const queued = {
      kind: 'score_change',
      project: 1001,
      brand: 'Brightlane',
      headline: 'Visibility score fell (queued by the earlier version)',
      details: [],
      quotes: [],
    };
    addon.documentProperties.setProperty('AIVIS_ALERT_OUTBOX', JSON.stringify({ email: [queued] }));
    addon.setUser(EDITOR);
    expect(addon.call('aivisCheckAlertsNow')).toMatchObject({
      sent: 0,
      note: expect.stringMatching(/saved before each alert had an owner/),
    });
    expect(addon.mail.sent).toEqual([]);
    addon.setUser(OWNER);
    addon.call('aivisScheduledRefresh');
    expect(addon.mail.sent.map((mail) => [mail.to, mail.subject])).toEqual([
      [OWNER, expect.stringMatching(/queued by the earlier version/)],
    ]);
    expect(addon.documentProperties.getProperty('AIVIS_ALERT_OUTBOX')).toBeNull();
  });
});

describe('alert state', () => {
  test('a checked_at from the future neither silences flagged-answer alerts nor outlives removing the entry', async () => {
    await suite.sandbox.drift('baseline');
    const { addon } = load((path, body) => {
      if (!path.endsWith('/answers') || !Array.isArray(body.answers)) return undefined;
      const future = {
        ...(body.answers[0] as Record<string, unknown>),
        checked_at: '9999-12-31T23:59:59Z',
        evidence_quote: 'A quote from the year 9999',
      };
      return { ...body, answers: [future, ...body.answers] };
    });
    addon.call('aivisSaveAlerts', [entry({ rules: { ...RULES, score_or_share_change: 0 } })]);
    addon.call('aivisCheckAlertsNow');
    await suite.sandbox.drift('next_day');
    addon.call('aivisCheckAlertsNow');
    expect(alertMails(addon.mail.sent)).toHaveLength(1);
    expect(addon.mail.sent[0]!.body).toMatch(/newly flagged answer/);
    expect(addon.mail.sent[0]!.body).not.toContain('year 9999');
    const states = () =>
      addon.documentProperties.getKeys().filter((key) => key.startsWith('AIVIS_ALERT_STATE_'));
    expect(states()).toHaveLength(1);
    for (const key of states()) {
      expect(addon.documentProperties.getProperty(key)).not.toContain('9999');
    }
    addon.call('aivisSaveAlerts', []);
    expect(states()).toEqual([]);
  });

  test('one oversized brand, rival or action title fails no line of another project and is stored clipped', async () => {
    await suite.sandbox.drift('baseline');
    const huge = (what: string) => `${what} ${'x'.repeat(10_000)}`;
    const { addon } = load((path, body) => {
      if (!path.includes('/projects/1002')) return undefined;
      if (path.endsWith('/1002') && body.profile) {
        return { ...body, profile: { ...(body.profile as object), brand_name: huge('Brand') } };
      }
      if (path.endsWith('/competitors') && Array.isArray(body.competitors)) {
        return {
          ...body,
          competitors: body.competitors.map((row, index) => ({
            ...(row as object),
            name: huge(`Rival ${index}`),
          })),
        };
      }
      if (path.endsWith('/action-plan') && Array.isArray(body.actions)) {
        return {
          ...body,
          actions: body.actions.map((row) => ({ ...(row as object), title: huge('Action') })),
        };
      }
      return undefined;
    });
    addon.call('aivisSaveAlerts', [
      entry(),
      entry({ project: 1002, rules: { ...RULES, top_action: true } }),
    ]);
    addon.call('aivisCheckAlertsNow');
    await suite.sandbox.drift('drop');
    addon.call('aivisCheckAlertsNow');
    const [mail] = alertMails(addon.mail.sent);
    expect(mail?.body).toMatch(/Brightlane \(project 1001\)\nVisibility score fell/);
    for (const value of Object.values(addon.documentProperties.getProperties())) {
      expect(value.length).toBeLessThan(9 * 1024);
    }
  });
});

describe('the property stores', () => {
  const slack = (round: number, index: number, pad = 20) =>
    `https://hooks.slack.com/services/T${round}/B${index}/${'s'.repeat(pad)}${round}x${index}`;

  test('webhook URLs removed from the settings are deleted from the user store', () => {
    const { addon } = load();
    for (let round = 0; round < 15; round += 1) {
      addon.call('aivisSaveAlerts', [entry({ webhooks: [0, 1, 2].map((i) => slack(round, i)) })]);
    }
    const webhookKeys = () =>
      addon
        .userProperties()
        .getKeys()
        .filter((key) => key.startsWith('AIVIS_WEBHOOK_'));
    expect(webhookKeys()).toHaveLength(3);
    expect(JSON.stringify(addon.userProperties().getProperties())).not.toContain('T13/');
    addon.call('aivisSaveAlerts', []);
    expect(webhookKeys()).toEqual([]);
  });

  test('a save that would overflow the 500 KB user store is refused with a message, and changes nothing', () => {
    const { addon } = load();
    addon.call('aivisSaveAlerts', [entry({ webhooks: [slack(0, 0)] })]);
    const before = addon.documentProperties.getProperty('AIVIS_ALERTS');
    // Other settings of this person (tokens, connections, other add-on data) fill most of it.
    for (let index = 0; index < 62; index += 1) {
      addon.userProperties().setProperty(`OTHER_${index}`, 'x'.repeat(8_000));
    }
    const many = Array.from({ length: 20 }, (_, index) =>
      entry({ project: 2000 + index, webhooks: [0, 1, 2].map((i) => slack(index, i, 520)) }),
    );
    expect(addon.errorOf('aivisSaveAlerts', many)).toMatch(
      /entries\.webhooks would not fit: .* over the 500 KB Apps Script keeps per person/,
    );
    expect(addon.documentProperties.getProperty('AIVIS_ALERTS')).toBe(before);
    expect(
      addon
        .userProperties()
        .getKeys()
        .filter((key) => key.startsWith('AIVIS_WEBHOOK_')),
    ).toHaveLength(1);
  });
});
