/**
 * Builds dist/apps-script/: Code.js (the bundled add-on plus generated entry
 * points), appsscript.json and the sidebar / dialog pages.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Script } from 'node:vm';
import { bundleIife } from './bundle.js';
import { BUNDLE_GLOBAL, entrySection } from './entry.js';
import { PAGE_SOURCES, pageHtml } from './html.js';
import { manifest } from './manifest.js';
import { serviceSetting } from './settings.js';

const here = dirname(fileURLToPath(import.meta.url));
export const ROOT = resolve(here, '../..');
export const OUT_DIR = join(ROOT, 'dist/apps-script');

export interface BuildResult {
  outDir: string;
  serviceUrl: string;
  isPlaceholder: boolean;
  codeBytes: number;
}

/** Apps Script rejects modules; a leftover import/export would fail at push time, so fail here. */
function checkScript(code: string): void {
  const leftover = /^\s*(import|export)\s[^;]*?(from\s|{|\*)/m.exec(code);
  if (leftover) throw new Error(`Code.js still contains a module statement: ${leftover[0].trim()}`);
  new Script(code, { filename: 'Code.js' });
}

export async function buildAppsScript(outDir = OUT_DIR): Promise<BuildResult> {
  const service = serviceSetting();
  const bundle = await bundleIife(join(ROOT, 'apps-script/src/main.ts'), BUNDLE_GLOBAL, {
    __AIVIS_SERVICE_URL__: JSON.stringify(service.baseUrl),
  });
  const header = `// AI Visibility add-on for Google Sheets. Built by apps-script/build.ts for ${service.baseUrl}.\n`;
  const code = `${header}${bundle}\n${entrySection()}`;
  checkScript(code);

  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  writeFileSync(join(outDir, 'Code.js'), code);
  writeFileSync(join(outDir, 'appsscript.json'), `${JSON.stringify(manifest(service), null, 2)}\n`);
  for (const page of PAGE_SOURCES) {
    const script = await bundleIife(join(ROOT, 'apps-script/ui', page.entry), 'AivisPage');
    writeFileSync(join(outDir, `${page.file}.html`), pageHtml(page, script));
  }
  return {
    outDir,
    serviceUrl: service.baseUrl,
    isPlaceholder: service.isPlaceholder,
    codeBytes: Buffer.byteLength(code),
  };
}
