/**
 * Alert delivery against the built Code.js: the outbox within the property
 * store's limits across runs that cannot deliver, links a chat client would
 * form from API text, and the webhook addresses the add-on accepts.
 */
import { describe, expect, test } from 'vitest';
import { BUILT_SERVICE_URL } from '../../support/apps-script/harness.js';
import { PROPERTY_VALUE_LIMIT_BYTES } from '../../support/apps-script/services.js';
import { useSandbox } from './fakes/context.js';
import { shapedHttp, WEBHOOK_ROUTES } from './fakes/shaped-http.js';

const suite = useSandbox();

type Reshape = Parameters<typeof shapedHttp>[1];

function load(reshape?: Reshape) {
  const http = shapedHttp(suite.http, reshape);
  const addon = suite.load({
    http,
    routes: { [BUILT_SERVICE_URL]: suite.sandbox.baseUrl, ...WEBHOOK_ROUTES },
  });
  return { addon, http };
}

const SLACK = 'https://hooks.slack.com/services/T0/B0/deliverysecret';
const CHAT = 'https://chat.googleapis.com/v1/spaces/AAA/messages?key=k&token=chatdelivery';
const TEAMS = 'https://acme.webhook.office.com/webhookb2/teamsdelivery';
const QUIET_RULES = {
  score_or_share_change: 0,
  competitor_overtakes: false,
  flagged_answers: false,
  source_stale: false,
  run_failed: false,
};

/** The strings a person reads in each service's payload. */
function chatTexts(service: string, body: string): string[] {
  const payload = JSON.parse(body);
  if (service !== 'teams') return [payload.text];
  return payload.attachments[0].content.body.flatMap(
    (block: { inlines: Array<{ text: string }> }) => block.inlines.map((inline) => inline.text),
  );
}

describe('the outbox', () => {
  test('queues of a channel that stays down are sized in bytes: no run throws, and every alert is delivered once or counted as dropped', () => {
    let run = 1;
    // Four-byte characters: the longest title alert-figures keeps, in bytes.
    const title = (n: number) => `${'😀'.repeat(110)} ${n}`;
    const { addon, http } = load((path, body) =>
      path.endsWith('/1001/action-plan') && Array.isArray(body.actions)
        ? {
            ...body,
            actions: body.actions.map((row) => ({ ...(row as object), title: title(run) })),
          }
        : undefined,
    );
    addon.call('aivisSaveAlerts', [
      {
        project: 1001,
        email: true,
        webhooks: [SLACK],
        rules: { ...QUIET_RULES, top_action: true },
        digest: 'off',
      },
    ]);
    addon.mail.setQuota(1);
    http.webhookStatus = 500;
    for (run = 1; run <= 12; run += 1) addon.call('aivisCheckAlertsNow');
    for (const value of Object.values(addon.documentProperties.getProperties())) {
      expect(Buffer.byteLength(value)).toBeLessThanOrEqual(PROPERTY_VALUE_LIMIT_BYTES);
    }
    const failedPosts = http.posts.length;
    expect(failedPosts).toBe(11);

    run = 12; // Same title: nothing new, the queues go out.
    addon.mail.setQuota(50);
    http.webhookStatus = 200;
    addon.call('aivisCheckAlertsNow');
    expect(addon.mail.sent).toHaveLength(1);
    const posted = http.posts.slice(failedPosts);
    expect(posted).toHaveLength(1);
    for (const text of [addon.mail.sent[0]!.body, chatTexts('slack', posted[0]!.body)[0]!]) {
      const delivered = text.split('The top action of the plan changed').length - 1;
      const dropped = Number(/(\d+) older alerts? (?:was|were) dropped/.exec(text)?.[1] ?? 0);
      expect(dropped).toBeGreaterThan(0);
      expect(delivered + dropped).toBe(11); // Runs 2 to 12 each found one.
      expect(text).toContain(`Now: ${title(12)}`);
    }
    addon.call('aivisCheckAlertsNow');
    expect(addon.mail.sent).toHaveLength(1);
    expect(http.posts.length).toBe(failedPosts + 1);
  });
});

describe('a failing property store', () => {
  test('a check whose state cannot be stored finds its alert again on the next run, and it is sent once', async () => {
    await suite.sandbox.drift('baseline');
    const { addon } = load();
    addon.call('aivisSaveAlerts', [
      {
        project: 1001,
        email: true,
        webhooks: [],
        rules: { ...QUIET_RULES, score_or_share_change: 3 },
        digest: 'off',
      },
    ]);
    addon.call('aivisCheckAlertsNow');
    await suite.sandbox.drift('drop');
    const store = addon.documentProperties;
    const write = store.setProperties.bind(store);
    let failures = 1;
    store.setProperties = (values: Record<string, string>, deleteAllOthers?: boolean) => {
      if (failures > 0 && Object.keys(values).some((key) => key.startsWith('AIVIS_ALERT_STATE_'))) {
        failures -= 1;
        throw new Error('Exception: Service unavailable: Properties');
      }
      return write(values, deleteAllOthers);
    };
    try {
      expect(addon.call('aivisCheckAlertsNow')).toMatchObject({ sent: 0 });
      expect(addon.mail.sent).toEqual([]);
      addon.call('aivisCheckAlertsNow');
      addon.call('aivisCheckAlertsNow');
      expect(addon.mail.sent).toHaveLength(1);
      expect(addon.mail.sent[0]!.body).toMatch(/Visibility score fell/);
    } finally {
      await suite.sandbox.drift('baseline');
    }
  });
});

/**
 * What Slack, Google Chat and Teams turn into a link in plain message text,
 * as their documentation describes it: an address with a scheme, one that
 * starts with `www.`, and a bare host name ending in a top-level domain,
 * with or without a path. Word joiners are skipped, as some clients do.
 */
const LINKABLE = /[a-z][a-z0-9+.-]*:\/\/\S+|www\.\S+|(?:[\p{L}\p{N}-]+\.)+\p{L}{2,}(?:\/\S*)?/giu;

describe('links in chat', () => {
  test('domain-like API text forms no link in Slack, Google Chat or Teams', () => {
    let changed = false;
    const minuteAgo = new Date(Date.now() - 60_000).toISOString();
    const { addon, http } = load((path, body) => {
      if (!changed || !path.endsWith('/1001/answers') || !Array.isArray(body.answers)) {
        return undefined;
      }
      const quotes = [
        'Buy at www.evil.example instead',
        'Log in at evil.example/login to claim it',
        'See https://evil.example/x and evil.co.uk',
      ];
      return {
        ...body,
        answers: body.answers.slice(0, 3).map((row, index) => ({
          ...(row as object),
          checked_at: minuteAgo,
          brand_sentiment: 'negative',
          evidence_quote: quotes[index],
          brand_drawback: 'pricier than shop.evil.example',
        })),
      };
    });
    addon.call('aivisSaveAlerts', [
      {
        project: 1001,
        email: false,
        webhooks: [SLACK, CHAT, TEAMS],
        rules: { ...QUIET_RULES, flagged_answers: true },
        digest: 'off',
      },
    ]);
    addon.call('aivisCheckAlertsNow');
    changed = true;
    addon.call('aivisCheckAlertsNow');
    expect(http.posts.map((post) => post.service).sort()).toEqual(['chat', 'slack', 'teams']);
    for (const post of http.posts) {
      const texts = chatTexts(post.service, post.body).join('\n');
      expect(texts).toMatch(/evil\[\.\]example\/login/); // Still readable.
      expect(texts.replaceAll('\u2060', '').match(LINKABLE)).toBeNull();
    }
  });
});

describe('webhook addresses', () => {
  const HEX = '0123456789abcdef0123456789abcdef';
  const WORKFLOWS = `https://prod-12.westus.logic.azure.com:443/workflows/${HEX}/triggers/manual/paths/invoke?api-version=2016-06-01&sp=%2Ftriggers%2Fmanual%2Frun&sv=1.0&sig=AbC123`;
  const POWER_PLATFORM = `https://default0123abcd.45.environment.api.powerplatform.com:443/powerautomate/automations/direct/workflows/${HEX}/triggers/manual/paths/invoke?api-version=1&sp=%2Ftriggers%2Fmanual%2Frun&sv=1.0&sig=XyZ789`;

  test("Teams' Workflows addresses are accepted as Teams gives them; any other Logic Apps or Slack/Chat path is refused", () => {
    const { addon } = load();
    const view = addon.call('aivisSaveAlerts', [
      {
        project: 1001,
        email: false,
        webhooks: [WORKFLOWS, POWER_PLATFORM],
        rules: QUIET_RULES,
        digest: 'off',
      },
    ]) as { webhooks: Array<{ label: string }> };
    expect(view.webhooks.map((each) => each.label)).toEqual([
      'Microsoft Teams (prod-12.westus.logic.azure.com)',
      'Microsoft Teams (default0123abcd.45.environment.api.powerplatform.com)',
    ]);
    // Stored without the default port, so the whitelist's prefix matches what is called.
    expect(JSON.stringify(addon.userProperties().getProperties())).not.toContain(':443');
    for (const refused of [
      'https://anyone.logic.azure.com/anything/they/made',
      `https://evil.logic.azure.com/workflows/${HEX}/triggers/manual/paths/invoke?sig=x`,
      `https://prod-12.westus.logic.azure.com/workflows/${HEX}/triggers/manual/paths/invoke?api-version=1`,
      'https://hooks.slack.com/api/chat.postMessage',
      'https://chat.googleapis.com/v1/spaces/AAA/members?key=k',
      'https://acme.webhook.office.com/anything',
    ]) {
      expect(
        addon.errorOf('aivisSaveAlerts', [
          { project: 1001, email: false, webhooks: [refused], rules: QUIET_RULES, digest: 'off' },
        ]),
      ).toMatch(/entries\[0\]\.webhooks\[0\].*Microsoft Teams/);
    }
    const endless = `${WORKFLOWS}${'&x=1'.repeat(25_000)}`;
    expect(
      addon.errorOf('aivisSaveAlerts', [
        { project: 1001, email: false, webhooks: [endless], rules: QUIET_RULES, digest: 'off' },
      ]),
    ).toMatch(/entries\[0\]\.webhooks\[0\] must be at most 600 characters/);
  });
});
