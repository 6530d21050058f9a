/**
 * Alerts and digests against the built Code.js in the vm harness: the
 * sandbox over HTTP moves its figures between runs (named drift steps), the
 * webhooks post over real HTTP to a receiver on loopback, MailApp is a fake
 * with a quota. Expected figures come from the sandbox's own answers and the
 * core's noise rule, never from the add-on.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { RUN_LOG_COLUMNS } from '../../apps-script/src/run-log.js';
import { FORMULA_BRAND, IMG_ONERROR, SCRIPT_TAG } from '../../sandbox/data/hostile.js';
import { formatters, sourceName } from '../../shared/display-format.js';
import { compareFigures, describeChange } from '../../shared/noise.js';
import { BUILT_SERVICE_URL } from '../../support/apps-script/harness.js';
import {
  startWebhookReceiver,
  type WebhookReceiver,
} from '../../support/apps-script/webhook-receiver.js';
import { useSandbox } from './fakes/context.js';

const suite = useSandbox();
let receiver: WebhookReceiver;
beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await receiver?.close();
});

const SLACK = 'https://hooks.slack.com/services/T000/B000/slacksecret1234';
const CHAT = 'https://chat.googleapis.com/v1/spaces/AAA/messages?key=k&token=chatsecret5678';
const TEAMS = 'https://acme.webhook.office.com/webhookb2/teamssecret9012';

function load() {
  return suite.load({
    routes: {
      [BUILT_SERVICE_URL]: suite.sandbox.baseUrl,
      'https://hooks.slack.com': `${receiver.url}/slack`,
      'https://chat.googleapis.com': `${receiver.url}/chat`,
      'https://acme.webhook.office.com': `${receiver.url}/teams`,
      // Nothing listens on port 9 of loopback: an unreachable webhook.
      'https://down.webhook.office.com': 'http://127.0.0.1:9',
    },
  });
}
type Addon = ReturnType<typeof load>;

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
  webhooks: [SLACK],
  rules: RULES,
  digest: 'off',
  ...overrides,
});

function summaryFigures() {
  const body = suite.api('/projects/1001?include=ai_visibility,answer_insights').body as {
    ai_visibility: { score: number; share_of_voice: number };
    answer_insights: { answers: number };
  };
  return {
    score: body.ai_visibility.score,
    sov: body.ai_visibility.share_of_voice,
    answers: body.answer_insights.answers,
  };
}

function runLog(addon: Addon): Array<Record<(typeof RUN_LOG_COLUMNS)[number], unknown>> {
  const sheet = addon.spreadsheet.getSheetByName('AIVIS run log');
  if (!sheet) return [];
  const [, ...lines] = sheet.grid();
  return lines.map(
    (line) =>
      Object.fromEntries(RUN_LOG_COLUMNS.map((name, index) => [name, line[index]])) as Record<
        (typeof RUN_LOG_COLUMNS)[number],
        unknown
      >,
  );
}

async function postsSince(mark: number) {
  return (await receiver.received()).slice(mark);
}

/** Everything the add-on wrote anywhere a person or a log can read. */
function everythingVisible(addon: Addon, posts: Array<{ body: string }>): string {
  return JSON.stringify([
    addon.mail.sent,
    posts.map((post) => post.body),
    addon.spreadsheet.getSheetByName('AIVIS run log')?.grid() ?? [],
    addon.documentProperties.getProperties(),
    addon.logs,
    addon.call('aivisAlertSettings'),
  ]);
}

const SECRETS = ['slacksecret1234', 'chatsecret5678', 'teamssecret9012', 'aivis_test_entry'];

/** The cards' formatting (shared/display-format.ts), which the messages share. */
const format = formatters('en');

describe('alert settings', () => {
  test('invalid settings are refused naming the field and what is allowed; nothing is stored', () => {
    const addon = load();
    const refused = (entries: unknown) => addon.errorOf('aivisSaveAlerts', entries);
    expect(refused([entry({ rules: { ...RULES, score_or_share_change: -1 } })])).toMatch(
      /entries\[0\]\.rules\.score_or_share_change.*from 0 to 100/,
    );
    expect(refused([entry(), entry({ webhooks: ['https://evil.example/hook'] })])).toMatch(
      /entries\[1\]\.webhooks\[0\].*Google Chat, Slack or Microsoft Teams.*https:\/\/hooks\.slack\.com\//,
    );
    expect(refused([entry({ webhooks: ['http://hooks.slack.com/services/x'] })])).toMatch(
      /entries\[0\]\.webhooks\[0\]/,
    );
    expect(refused([entry({ digest: 'hourly' })])).toMatch(
      /entries\[0\]\.digest.*off, daily, weekly/,
    );
    expect(refused([entry({ rules: { ...RULES, flagged_answers: 'yes' } })])).toMatch(
      /entries\[0\]\.rules\.flagged_answers.*true or false/,
    );
    expect(refused([entry({ project: 'x' })])).toMatch(/entries\[0\]\.project/);
    expect(refused([entry({ colour: 'red' })])).toMatch(/entries\[0\]\.colour.*not a setting/);
    expect(addon.documentProperties.getProperty('AIVIS_ALERTS')).toBeNull();
    expect(JSON.stringify(addon.userProperties().getProperties())).not.toContain('hooks.slack');
  });

  test('a webhook URL is kept in user properties only and never shown again; saved:<ref> keeps it', () => {
    const addon = load();
    const view = addon.call('aivisSaveAlerts', [entry({ webhooks: [SLACK, CHAT, TEAMS] })]) as {
      entries: Array<{ webhooks: string[] }>;
      webhooks: Array<{ ref: string; label: string }>;
    };
    expect(view.webhooks.map((each) => each.label)).toEqual([
      'Slack (hooks.slack.com)',
      'Google Chat (chat.googleapis.com)',
      'Microsoft Teams (acme.webhook.office.com)',
    ]);
    for (const secret of SECRETS.slice(0, 3)) {
      expect(JSON.stringify(view)).not.toContain(secret);
      expect(JSON.stringify(addon.documentProperties.getProperties())).not.toContain(secret);
    }
    expect(JSON.stringify(addon.userProperties().getProperties())).toContain('slacksecret1234');
    const again = addon.call('aivisSaveAlerts', [
      entry({ webhooks: [view.entries[0]!.webhooks[0]!] }),
    ]) as { webhooks: Array<{ label: string }> };
    expect(again.webhooks.map((each) => each.label)).toEqual(['Slack (hooks.slack.com)']);
    expect(
      addon.errorOf('aivisSaveAlerts', [entry({ webhooks: ['saved:AAAAAAAAAAAAAAAA'] })]),
    ).toMatch(/entries\[0\]\.webhooks\[0\].*no longer exists/);
  });
});

describe('alert checks', () => {
  test('the first check stores figures and sends nothing; a drop beyond noise alerts once, by email and webhook, and not again', async () => {
    await suite.sandbox.drift('baseline');
    const addon = load();
    addon.call('aivisSaveAlerts', [entry()]);
    const before = summaryFigures();
    const mark = (await receiver.received()).length;
    expect(addon.call('aivisCheckAlertsNow')).toEqual({ sent: 0, skipped: 0 });
    expect(addon.mail.sent).toEqual([]);
    expect(runLog(addon).map((line) => [line.what, line.status, line.error])).toEqual([
      ['alert', 'skipped', 'First check: figures stored, nothing to compare with yet.'],
    ]);

    await suite.sandbox.drift('drop');
    const after = summaryFigures();
    const change = compareFigures(
      { points: before.score, answers: before.answers },
      { points: after.score, answers: after.answers },
    );
    expect(change.beyondNoise).toBe(true);
    // The verb gives the direction: "fell 7.7 points", never "fell −7.7".
    const expected = `Visibility score fell ${describeChange(change).replace(/^\u2212/, '')}`;
    expect(expected).not.toMatch(/fell [+\u2212]/);
    const result = addon.call('aivisCheckAlertsNow') as { sent: number; skipped: number };
    expect(result.sent).toBeGreaterThan(0);
    expect(addon.mail.sent).toHaveLength(1);
    const [mail] = addon.mail.sent;
    expect(mail!.to).toBe('owner@example.com');
    expect(mail!.htmlBody).toContain(expected);
    expect(mail!.body).toContain(expected);
    expect(mail!.htmlBody).toContain(
      'https://docs.google.com/spreadsheets/d/fake-spreadsheet-id/edit',
    );
    const posts = await postsSince(mark);
    expect(posts).toHaveLength(1);
    expect(posts[0]!.path).toBe('/slack/services/T000/B000/slacksecret1234');
    expect(JSON.parse(posts[0]!.body).text).toContain(expected);
    const sentLines = runLog(addon).filter((line) => line.status === 'sent');
    expect(sentLines.map((line) => line.connection)).toEqual(
      expect.arrayContaining(['email', 'Slack (hooks.slack.com)']),
    );

    // The same figures on the next run: nothing new, nothing sent again (the share of
    // voice's smaller move, below the threshold, is logged as skipped each time).
    expect((addon.call('aivisCheckAlertsNow') as { sent: number }).sent).toBe(0);
    expect(addon.mail.sent).toHaveLength(1);
    expect(await postsSince(mark)).toHaveLength(1);
    for (const secret of SECRETS) expect(everythingVisible(addon, posts)).not.toContain(secret);
  });

  test('a change within noise does not alert, and the run log says why', async () => {
    await suite.sandbox.drift('baseline');
    const addon = load();
    addon.call('aivisSaveAlerts', [entry({ rules: { ...RULES, score_or_share_change: 0.5 } })]);
    addon.call('aivisCheckAlertsNow');
    await suite.sandbox.drift('dip');
    const result = addon.call('aivisCheckAlertsNow') as { sent: number; skipped: number };
    expect(result.sent).toBe(0);
    expect(addon.mail.sent).toEqual([]);
    const reasons = runLog(addon).map((line) => String(line.error));
    expect(
      reasons.some((line) =>
        /^Not alerted: Visibility score −0\.6 points \(noise ±2\.\d at 2,880 answers\): within noise\.$/.test(
          line,
        ),
      ),
    ).toBe(true);
  });

  test('an overtaking names the competitor and both figures; the hostile name stays plain text everywhere', async () => {
    await suite.sandbox.drift('baseline');
    const addon = load();
    addon.call('aivisSaveAlerts', [entry({ webhooks: [SLACK, CHAT, TEAMS] })]);
    addon.call('aivisCheckAlertsNow');
    const mark = (await receiver.received()).length;
    await suite.sandbox.drift('overtaken');
    const ranking = (
      suite.api('/projects/1001/competitors?limit=10').body as {
        competitors: Array<{ name: string; visibility: number; is_own_brand: boolean }>;
      }
    ).competitors;
    const rival = ranking[0]!;
    const own = ranking.find((each) => each.is_own_brand)!;
    expect(rival.name).toBe(FORMULA_BRAND);
    addon.call('aivisCheckAlertsNow');
    const [mail] = addon.mail.sent;
    const escaped = FORMULA_BRAND.replaceAll('"', '&quot;');
    expect(mail!.htmlBody).toContain(`${escaped} overtook Brightlane in the ranking`);
    expect(mail!.htmlBody).toContain(`visibility ${format.percent(rival.visibility)}`);
    expect(mail!.htmlBody).toContain(`Brightlane: ${format.percent(own.visibility)}`);
    expect(mail!.htmlBody).not.toContain(FORMULA_BRAND);
    expect(mail!.body).toContain(`${FORMULA_BRAND} overtook Brightlane`);
    const posts = await postsSince(mark);
    expect(posts.map((post) => post.path.split('/')[1]).sort()).toEqual(['chat', 'slack', 'teams']);
    for (const post of posts) {
      expect(post.contentType).toMatch(/^application\/json/);
      const text = JSON.stringify(JSON.parse(post.body));
      expect(text).toContain('overtook Brightlane');
      expect(text).not.toContain('http://evil.example'); // No bare link can form.
    }
  });

  test('newly flagged answers are quoted with their platforms; hostile text is inert in HTML and in every payload', async () => {
    await suite.sandbox.drift('baseline');
    const addon = load();
    addon.call('aivisSaveAlerts', [entry({ webhooks: [SLACK, CHAT, TEAMS] })]);
    addon.call('aivisCheckAlertsNow');
    const mark = (await receiver.received()).length;
    await suite.sandbox.drift('next_day');
    const newest = (
      suite.api('/projects/1001/answers?only_flagged=true&limit=3').body as {
        answers: Array<{ platform: string; evidence_quote: string; checked_at: string }>;
      }
    ).answers;
    expect(newest[0]!.evidence_quote).toContain(SCRIPT_TAG);
    addon.call('aivisCheckAlertsNow');
    const [mail] = addon.mail.sent;
    expect(mail!.htmlBody).toMatch(
      /\d+ newly flagged answers \(negative, naming a drawback or off topic\)/,
    );
    expect(mail!.htmlBody).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail!.htmlBody).not.toContain(SCRIPT_TAG);
    expect(mail!.htmlBody).not.toContain(IMG_ONERROR);
    expect(mail!.htmlBody.match(/<blockquote/g)).toHaveLength(3);
    expect(mail!.htmlBody).toContain(`${sourceName(newest[0]!.platform)} · negative`);
    const posts = await postsSince(mark);
    expect(posts).toHaveLength(3);
    for (const post of posts) {
      const payload = JSON.parse(post.body);
      const texts = JSON.stringify(payload);
      expect(texts).toContain('newly flagged');
      // No raw angle bracket from API text can reach a chat service.
      const strings: string[] = [];
      JSON.stringify(payload, (_key, value) => {
        if (typeof value === 'string') strings.push(value);
        return value;
      });
      for (const value of strings) {
        expect(value).not.toMatch(/[<>]/);
        expect(value).not.toMatch(/@(channel|here|everyone)/);
      }
    }
    const slack = JSON.parse(posts.find((post) => post.path.startsWith('/slack'))!.body);
    expect(slack.mrkdwn).toBe(false);
    expect(slack.text).toContain('&lt;script&gt;');
    const teams = JSON.parse(posts.find((post) => post.path.startsWith('/teams'))!.body);
    expect(teams.attachments[0].contentType).toBe('application/vnd.microsoft.card.adaptive');
    expect(JSON.stringify(teams)).not.toContain('"TextBlock"');
  });

  test('a failing webhook leaves the scheduled refresh green, is logged, and is retried on the next run', async () => {
    await suite.sandbox.drift('baseline');
    const addon = load();
    addon.call('aivisSaveAlerts', [entry({ email: false })]);
    addon.call('aivisScheduledRefresh');
    await suite.sandbox.drift('drop');
    await receiver.fail('/slack', 500);
    try {
      const mark = (await receiver.received()).length;
      addon.call('aivisScheduledRefresh');
      const status = JSON.parse(addon.documentProperties.getProperty('AIVIS_STATUS')!);
      expect(status.failed).toBe(0);
      expect(status.lastError).toBeNull();
      const failed = runLog(addon).filter((line) => line.status === 'failed');
      expect(failed.length).toBeGreaterThan(0);
      expect(String(failed[0]!.error)).toMatch(/HTTP 500; kept for the next run\./);
      expect(await postsSince(mark)).toHaveLength(1);
      await receiver.fail('/slack', 0);
      addon.call('aivisScheduledRefresh');
      const posts = await postsSince(mark);
      expect(posts).toHaveLength(2);
      expect(JSON.parse(posts[1]!.body).text).toMatch(/Visibility score fell/);
      addon.call('aivisScheduledRefresh');
      expect(await postsSince(mark)).toHaveLength(2);
      for (const secret of SECRETS) expect(everythingVisible(addon, posts)).not.toContain(secret);
    } finally {
      await receiver.fail('/slack', 0);
    }
  });

  test('an unreachable webhook is logged without its address and does not hold back the email', async () => {
    await suite.sandbox.drift('baseline');
    const addon = load();
    const down = 'https://down.webhook.office.com/webhookb2/downsecret3456';
    addon.call('aivisSaveAlerts', [entry({ webhooks: [down] })]);
    addon.call('aivisScheduledRefresh');
    await suite.sandbox.drift('drop');
    addon.call('aivisScheduledRefresh');
    expect(addon.mail.sent).toHaveLength(1);
    const failed = runLog(addon).filter((line) => line.status === 'failed');
    expect(failed.map((line) => line.connection)).toContain(
      'Microsoft Teams (down.webhook.office.com)',
    );
    expect(String(failed[0]!.error)).toBe(
      'The webhook could not be reached; kept for the next run.',
    );
    expect(everythingVisible(addon, [])).not.toContain('downsecret3456');
  });

  test('a spent mail quota skips the email and logs it; the alert goes out when quota is back', async () => {
    await suite.sandbox.drift('baseline');
    const addon = load();
    addon.call('aivisSaveAlerts', [entry({ webhooks: [] })]);
    addon.call('aivisCheckAlertsNow');
    await suite.sandbox.drift('drop');
    addon.mail.setQuota(1);
    const result = addon.call('aivisCheckAlertsNow') as { sent: number; skipped: number };
    expect(result.sent).toBe(0);
    expect(result.skipped).toBeGreaterThan(0);
    expect(addon.mail.sent).toEqual([]);
    expect(
      runLog(addon).some(
        (line) =>
          line.status === 'skipped' &&
          String(line.error).startsWith('Mail quota nearly spent (1 left today)'),
      ),
    ).toBe(true);
    addon.mail.setQuota(50);
    expect((addon.call('aivisCheckAlertsNow') as { sent: number }).sent).toBeGreaterThan(0);
    expect(addon.mail.sent).toHaveLength(1);
  });

  test('two failed scheduled runs in a row send one run-failed alert', async () => {
    await suite.sandbox.drift('baseline');
    const addon = load();
    addon.call('aivisSaveAlerts', [entry({ webhooks: [] })]);
    addon.call('aivisScheduledRefresh');
    addon.setToken('aivis_test_server_error');
    addon.call('aivisScheduledRefresh');
    expect(addon.mail.sent).toEqual([]);
    addon.call('aivisScheduledRefresh');
    expect(addon.mail.sent).toHaveLength(1);
    expect(addon.mail.sent[0]!.body).toContain('The scheduled refresh failed twice in a row');
    addon.call('aivisScheduledRefresh');
    expect(addon.mail.sent).toHaveLength(1);
  });
});

describe('digest', () => {
  test('carries the figures the API gives: score, share of voice, top five, flagged answers, top actions, sources', async () => {
    await suite.sandbox.drift('baseline');
    const addon = load();
    addon.call('aivisSaveAlerts', [entry({ digest: 'weekly' })]);
    expect(addon.call('aivisSendDigestNow', 1001)).toMatch(
      /^Sent: AI Visibility Weekly digest: Brightlane/,
    );
    const [mail] = addon.mail.sent;
    const figures = summaryFigures();
    const text = mail!.body;
    expect(text).toContain(`Visibility score: ${format.score(figures.score)}`);
    expect(text).toContain(`Share of voice: ${format.percent(figures.sov)}`);
    const ranking = (
      suite.api('/projects/1001/competitors?limit=5').body as {
        competitors: Array<{ name: string; rank: number; visibility: number }>;
      }
    ).competitors;
    for (const row of ranking) {
      // The ranking's figure with its unit, as the ranking card shows it.
      expect(text).toMatch(
        new RegExp(
          `${row.rank}\\. .*: visibility ${format.percent(row.visibility).replace('.', '\\.')}`,
        ),
      );
    }
    const plan = suite.api('/projects/1001/action-plan?limit=3').body as {
      actions: Array<{ title: string }>;
    };
    for (const action of plan.actions) expect(text).toContain(action.title);
    const projects = suite.api('/projects').body as {
      projects: Array<{ id: number; connected_data: Record<string, { is_stale: boolean } | null> }>;
    };
    const bing = projects.projects.find((each) => each.id === 1001)!.connected_data
      .bing_webmaster_tools!;
    expect(text).toContain(`Bing Webmaster Tools: ${bing.is_stale ? 'stale' : 'fresh'}`);
    expect(text).toMatch(/\d+ newly flagged answers? in the latest checks/);
    expect(mail!.htmlBody).not.toContain(SCRIPT_TAG);
    expect(mail!.htmlBody).not.toContain(FORMULA_BRAND);

    // The next digest compares with this one: the drop shows with its noise band.
    await suite.sandbox.drift('drop');
    addon.call('aivisSendDigestNow', 1001);
    const after = summaryFigures();
    const change = compareFigures(
      { points: figures.score, answers: figures.answers },
      { points: after.score, answers: after.answers },
    );
    expect(addon.mail.sent[1]!.body).toContain(
      `Visibility score: ${format.score(after.score)}, ${describeChange(change)}`,
    );
  });

  test('reads as the cards do: platform and source names, formatted dates, no ids or ISO timestamps', async () => {
    await suite.sandbox.drift('baseline');
    const addon = load();
    addon.call('aivisSaveAlerts', [entry({ digest: 'weekly' })]);
    addon.call('aivisSendDigestNow', 1001);
    const [mail] = addon.mail.sent;
    const { period } = suite.api('/projects/1001').body as {
      period: { start: string; end: string };
    };
    for (const body of [mail!.body, mail!.htmlBody]) {
      expect(body).toContain(format.dateRange(period.start, period.end));
      expect(body).not.toMatch(/\d{4}-\d{2}-\d{2}/);
      expect(body).toContain(`${sourceName('ga4')}: `);
    }
    // Each quoted platform by its name; the API's keys (grok, ai_overviews) nowhere.
    const quoted = [...mail!.body.matchAll(/” \(([^;]+);/g)].map((match) => match[1]!);
    expect(quoted.length).toBeGreaterThan(0);
    for (const platform of quoted) expect(platform).toMatch(/^[A-Z]/);
    expect(mail!.body).not.toMatch(/\((grok|ai_overviews|chatgpt|perplexity|gemini|claude);/);
  });

  test('a weekly digest goes out with the scheduled run once a week, not on every run', async () => {
    await suite.sandbox.drift('baseline');
    const addon = load();
    addon.call('aivisSaveAlerts', [entry({ digest: 'weekly', webhooks: [] })]);
    addon.call('aivisScheduledRefresh');
    addon.call('aivisScheduledRefresh');
    const digests = addon.mail.sent.filter((mail) => mail.subject.includes('digest'));
    expect(digests).toHaveLength(1);
  });
});
