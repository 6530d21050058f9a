import { describe, expect, test } from 'vitest';
import {
  axeViolations,
  openWithProjects,
  pageErrors,
  textOf,
  useChromium,
} from './fakes/browser-pages.js';
import { useSandbox } from './fakes/context.js';

const suite = useSandbox();
const chromium = useChromium();

const SLACK = 'https://hooks.slack.com/services/T000/B000/pagesecret4321';

const alertsPage = () => openWithProjects(chromium(), suite.load(), 'Alerts');

describe('Alerts sidebar', () => {
  test('saves a project with a webhook; the address is never shown again, only its service', async () => {
    const { addon, page } = await alertsPage();
    await page.fill('#rule-score_or_share_change', '2.5');
    await page.check('#rule-top_action');
    await page.fill('#webhooks', SLACK);
    await page.selectOption('#digest', 'weekly');
    await page.click('#save');
    await expect.poll(() => textOf(page, '#result')).toBe('Saved 1 alert setting(s).');
    const saved = addon.call('aivisAlertSettings') as {
      entries: Array<{
        project: number;
        rules: { score_or_share_change: number; top_action: boolean };
        digest: string;
      }>;
    };
    expect(saved.entries[0]).toMatchObject({
      project: 1001,
      rules: { score_or_share_change: 2.5, top_action: true },
      digest: 'weekly',
    });
    expect(await page.inputValue('#webhooks')).toBe('');
    expect(await textOf(page, '#saved-webhooks')).toBe('Keep Slack (hooks.slack.com)');
    expect(await textOf(page, '#entries')).toMatch(
      /^Project 1001 \[Default\]: score or share change ±2\.5, .*→ email, Slack \(hooks\.slack\.com\); digest weekly/,
    );
    expect(await page.content()).not.toContain('pagesecret4321');

    // Unticking Keep and saving drops the webhook.
    await page.uncheck('#keep-0');
    await page.click('#save');
    await expect.poll(() => textOf(page, '#entries')).toMatch(/→ email; digest weekly/);
    expect(pageErrors(page)).toEqual([]);
  });

  test('an address outside the three services is refused in words, naming the field', async () => {
    const { addon, page } = await alertsPage();
    await page.fill('#webhooks', 'https://evil.example/hook');
    await page.click('#save');
    await expect
      .poll(() => textOf(page, '#error'))
      .toMatch(/webhooks\[0\].*Google Chat, Slack or Microsoft Teams/);
    expect(addon.documentProperties.getProperty('AIVIS_ALERTS')).toBeNull();
  });

  test("another editor sees the owner's alerts as the owner's, and saving their own leaves them", async () => {
    const addon = suite.load();
    addon.call('aivisSaveAlerts', [
      {
        project: 1001,
        email: true,
        webhooks: [SLACK],
        rules: {
          score_or_share_change: 3,
          competitor_overtakes: true,
          flagged_answers: true,
          source_stale: true,
          run_failed: true,
        },
        digest: 'weekly',
      },
    ]);
    addon.setUser('editor@example.com');
    addon.setToken('aivis_test_entry');
    const { page } = await openWithProjects(chromium(), addon, 'Alerts');
    await expect.poll(() => textOf(page, '#others')).toBe('Project 1001: owner@example.com');
    expect(await page.isVisible('#others-section')).toBe(true);
    expect(await textOf(page, '#entries')).toBe('');
    expect(await textOf(page, '#saved-webhooks')).toBe('');
    await page.click('#save');
    await expect.poll(() => textOf(page, '#result')).toBe('Saved 1 alert setting(s).');
    addon.setUser('owner@example.com');
    const own = addon.call('aivisAlertSettings') as { entries: Array<{ digest: string }> };
    expect(own.entries.map((each) => each.digest)).toEqual(['weekly']);
    expect(await axeViolations(page)).toEqual([]);
    expect(pageErrors(page)).toEqual([]);
  });

  test('works from the keyboard and axe finds nothing, before and after saving', async () => {
    const { page } = await alertsPage();
    expect(await axeViolations(page)).toEqual([]);
    await page.focus('#rule-score_or_share_change');
    for (let step = 0; step < 30; step++) {
      if ((await page.evaluate(() => document.activeElement?.id)) === 'save') break;
      await page.keyboard.press('Tab');
    }
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('save');
    await page.keyboard.press('Enter');
    await expect.poll(() => textOf(page, '#result')).toBe('Saved 1 alert setting(s).');
    expect(await axeViolations(page)).toEqual([]);
  });
});
