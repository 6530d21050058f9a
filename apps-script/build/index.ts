/**
 * Builds dist/apps-script/: Code.js (the bundled add-on plus generated entry
 * points), appsscript.json and the sidebar / dialog pages.
 */
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleIife } from './bundle.js';
import { BUNDLE_GLOBAL, entrySection } from './entry.js';
import { PAGE_SOURCES, pageHtml } from './html.js';
import { manifest } from './manifest.js';
import { type BuildResult, buildCode, writeProject } from './project.js';
import { serviceSetting } from './settings.js';

const here = dirname(fileURLToPath(import.meta.url));
export const ROOT = resolve(here, '../..');
export const OUT_DIR = join(ROOT, 'dist/apps-script');

export async function buildAppsScript(outDir = OUT_DIR): Promise<BuildResult> {
  const service = serviceSetting();
  const code = await buildCode(
    {
      entry: join(ROOT, 'apps-script/src/main.ts'),
      globalName: BUNDLE_GLOBAL,
      title: 'AI Visibility add-on for Google Sheets (apps-script/build.ts)',
      entrySection: entrySection(),
    },
    service,
  );
  const pages: Record<string, string> = {};
  for (const page of PAGE_SOURCES) {
    const script = await bundleIife(join(ROOT, 'apps-script/ui', page.entry), 'AivisPage');
    pages[`${page.file}.html`] = pageHtml(page, script);
  }
  return writeProject(outDir, service, code, manifest(service), pages);
}
