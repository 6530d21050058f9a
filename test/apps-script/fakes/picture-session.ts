/**
 * What a picture script (docs/images) runs on: the sandbox on its own thread
 * (the vm's UrlFetchApp blocks the main one), the synchronous HTTP that
 * UrlFetchApp's fake sends through, and Chromium to draw in; closed together.
 */
import { startSandboxThread } from '../../../support/apps-script/sandbox-thread.js';
import { createSyncHttp } from '../../../support/apps-script/sync-http.js';
import { launchChromium } from '../../../support/browser/harness.js';

/**
 * Every picture shows the showcase account (docs/sandbox.md): clean data a
 * customer would recognise. The demo account's hostile text is for the tests and
 * the gallery's "rendered inert" section, never for a picture.
 */
export const SHOWCASE_PROJECT = 3001;
export const SHOWCASE_TOKEN = 'aivis_test_showcase';

export async function startPictureSession() {
  const sandbox = await startSandboxThread({ rateLimit: false });
  const http = createSyncHttp();
  const browser = await launchChromium();
  return {
    sandbox,
    http,
    browser,
    async close() {
      await browser.close();
      await http.close();
      await sandbox.close();
    },
  };
}
