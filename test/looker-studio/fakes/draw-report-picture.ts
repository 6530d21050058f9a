/**
 * docs/images/looker-report.png: the report of docs/looker-studio.md's
 * analyst steps, built from the BUILT connector's getSchema and getData
 * against the sandbox's showcase project, drawn in Chromium
 * (test/looker-studio/fakes/report-page.ts says how, and what is borrowed).
 * Run: npx tsx test/looker-studio/fakes/draw-report-picture.ts (after npm run build:looker-studio).
 */
import { resolve } from 'node:path';
import { skipSleep } from '../../../support/apps-script/services.js';
import {
  SHOWCASE_PROJECT,
  SHOWCASE_TOKEN,
  startPictureSession,
} from '../../apps-script/fakes/picture-session.js';
import { loadConnector } from './harness.js';
import { connectorAnswers, lastFourWeeks, reportPageHtml } from './report-page.js';

const OUT = resolve(import.meta.dirname, '../../../docs/images/looker-report.png');
const { sandbox, http, browser, close } = await startPictureSession();
try {
  const [answer] = http.send([
    {
      url: `${sandbox.baseUrl}/api/v1/projects/${SHOWCASE_PROJECT}/search-performance?dataset=daily&period=30d`,
      method: 'GET',
      headers: { Authorization: `Bearer ${SHOWCASE_TOKEN}` },
    },
  ]);
  if (!answer || 'error' in answer) throw new Error('the sandbox did not answer');
  const { period } = JSON.parse(answer.body) as { period: { end: string } };
  const range = lastFourWeeks(period.end);
  const connector = loadConnector({
    http,
    baseUrl: sandbox.baseUrl,
    token: SHOWCASE_TOKEN,
    sleep: skipSleep,
  });
  const page = await browser.newPage({ viewport: { width: 1000, height: 700 } });
  await page.setContent(
    reportPageHtml(
      'Northwind Outdoor: AI visibility',
      range,
      connectorAnswers(connector, SHOWCASE_PROJECT, range),
    ),
  );
  await page.screenshot({ path: OUT, fullPage: true });
  console.log(`draw-report-picture: wrote ${OUT}`);
} finally {
  await close();
}
