/**
 * docs/alerts.md's pictures, drawn from what the add-on really sent: the
 * built Code.js in the vm harness against the sandbox, moved between two
 * checks by a drift step; the HTML bodies MailApp received, rendered in
 * Chromium:
 * - docs/images/alert-email.png: an alert email (a drop beyond noise);
 * - docs/images/digest-email.png: a weekly digest of the showcase project
 *   3001 a day later (the score back, newly flagged answers quoted);
 * - docs/images/alerts-sidebar.png: the Alerts sidebar with that entry saved,
 *   as its owner sees it, beside a colleague's entry.
 * It also prints one message of each kind as sent (email text, Slack,
 * Google Chat and Teams JSON, the digest) for the docs and reviews.
 * Run: npx tsx test/apps-script/fakes/draw-alert-pictures.ts (after npm run build:apps-script).
 */
import { resolve } from 'node:path';
import { BUILT_SERVICE_URL, loadAddon } from '../../../support/apps-script/harness.js';
import { skipSleep } from '../../../support/apps-script/services.js';
import { startWebhookReceiver } from '../../../support/apps-script/webhook-receiver.js';
import { openWithProjects } from './browser-pages.js';
import { SHOWCASE_PROJECT, SHOWCASE_TOKEN, startPictureSession } from './picture-session.js';

const OUT = resolve(import.meta.dirname, '../../../docs/images');
const { sandbox, http, browser, close } = await startPictureSession();
const receiver = await startWebhookReceiver();
try {
  const addon = loadAddon({
    http,
    baseUrl: sandbox.baseUrl,
    token: SHOWCASE_TOKEN,
    sleep: skipSleep,
    routes: {
      [BUILT_SERVICE_URL]: sandbox.baseUrl,
      'https://hooks.slack.com': `${receiver.url}/slack`,
      'https://chat.googleapis.com': `${receiver.url}/chat`,
      'https://acme.webhook.office.com': `${receiver.url}/teams`,
    },
  });
  addon.call('aivisSaveAlerts', [
    {
      project: SHOWCASE_PROJECT,
      connection: 'Default',
      email: true,
      webhooks: [
        'https://hooks.slack.com/services/T000/B000/example',
        'https://chat.googleapis.com/v1/spaces/AAA/messages?key=k&token=t',
        'https://acme.webhook.office.com/webhookb2/example',
      ],
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
  await sandbox.drift('baseline');
  addon.call('aivisCheckAlertsNow');
  await sandbox.drift('drop');
  addon.call('aivisCheckAlertsNow');
  addon.call('aivisSendDigestNow', SHOWCASE_PROJECT);
  // A day later the brand is back and new checks flagged answers: the digest compares.
  await sandbox.drift('next_day');
  addon.call('aivisSendDigestNow', SHOWCASE_PROJECT);
  const alert = addon.mail.sent.find((mail) => mail.subject.includes('alert'))!;
  const digest = addon.mail.sent.filter((mail) => mail.subject.includes('digest')).pop()!;
  for (const [mail, file] of [
    [alert, 'alert-email.png'],
    [digest, 'digest-email.png'],
  ] as const) {
    const page = await browser.newPage({ viewport: { width: 640, height: 400 } });
    await page.setContent(
      `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>${mail.subject.replaceAll('<', '&lt;')}</title></head><body style="margin:16px;background:#fff">${mail.htmlBody}</body></html>`,
    );
    await page.screenshot({ path: `${OUT}/${file}`, fullPage: true });
    await page.close();
  }
  // A colleague's entry, shown to the owner as theirs (docs/alerts.md, "Who owns an alert").
  addon.setUser('colleague@example.com');
  addon.setToken(SHOWCASE_TOKEN);
  addon.call('aivisSaveAlerts', [
    {
      project: SHOWCASE_PROJECT,
      email: true,
      webhooks: [],
      rules: {
        score_or_share_change: 5,
        competitor_overtakes: true,
        flagged_answers: false,
        source_stale: false,
        run_failed: true,
      },
      digest: 'daily',
    },
  ]);
  addon.setUser('owner@example.com');
  const { page: sidebar } = await openWithProjects(browser, addon, 'Alerts', SHOWCASE_PROJECT);
  await sidebar.setViewportSize({ width: 300, height: 1100 });
  await sidebar.locator('#entries li').first().waitFor();
  await sidebar.locator('#others li').first().waitFor();
  await sidebar.screenshot({ path: `${OUT}/alerts-sidebar.png`, fullPage: true });
  console.log('==== alert email (subject, text body) ====');
  console.log(alert.subject);
  console.log(alert.body);
  for (const post of await receiver.received()) {
    console.log(`==== webhook ${post.path.split('/')[1]} ====`);
    console.log(JSON.stringify(JSON.parse(post.body), null, 1));
  }
  console.log('==== digest (subject, text body) ====');
  console.log(digest.subject);
  console.log(digest.body);
  console.log('==== run log ====');
  for (const line of addon.spreadsheet.getSheetByName('AIVIS run log')!.grid().slice(1)) {
    console.log(line.slice(1).join(' | '));
  }
} finally {
  await receiver.close();
  await close();
}
