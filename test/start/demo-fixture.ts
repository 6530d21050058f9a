/** The `npm start` demo as the start suites run it: ephemeral ports, quiet, the bundle `npm test` built. */
import { type Browser, chromium } from 'playwright-core';
import { type DemoOptions, type RunningDemo, startDemo } from '../../start/demo.js';
import { CHROMIUM_ARGS } from '../../support/browser/harness.js';

export function startTestDemo(options: DemoOptions = {}): Promise<RunningDemo> {
  return startDemo({ port: 0, sandboxPort: 0, quiet: true, buildWidgets: false, ...options });
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
}
