/**
 * What a picture script (docs/images) runs on: the sandbox on its own thread
 * (the vm's UrlFetchApp blocks the main one), the synchronous HTTP that
 * UrlFetchApp's fake sends through, and Chromium to draw in; closed together.
 */
import { startSandboxThread } from '../../../support/apps-script/sandbox-thread.js';
import { createSyncHttp } from '../../../support/apps-script/sync-http.js';
import { launchChromium } from '../../../support/browser/harness.js';

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
