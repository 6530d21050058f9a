/**
 * Builds dist/looker-studio/: Code.js (the bundled connector plus its
 * generated entry points) and appsscript.json, with the machinery every
 * Apps Script project here shares (scripts/apps-script-bundle/) and its one
 * build setting.
 */
import { join } from 'node:path';
import { buildCode, ROOT, writeProject } from '../apps-script-bundle/project.js';
import { serviceSetting } from '../apps-script-bundle/settings.js';
import { BUNDLE_GLOBAL, entrySection } from './entry.js';
import { connectorManifest } from './manifest.js';

export const OUT_DIR = join(ROOT, 'dist/looker-studio');

export async function buildLookerStudio(outDir = OUT_DIR) {
  const service = serviceSetting();
  const code = await buildCode(
    {
      entry: join(ROOT, 'looker-studio/src/main.ts'),
      globalName: BUNDLE_GLOBAL,
      title: 'AI Visibility community connector for Looker Studio (scripts/looker-studio/build.ts)',
      entrySection: entrySection(),
    },
    service,
  );
  return writeProject(outDir, service, code, connectorManifest(service));
}
