/**
 * The paste-install pair (docs/sheets.md, Paste install) for any service
 * address, from one build: AIVIS.gs names the address it was built for in its
 * first line and holds it once more as a JSON string (the add-on's default
 * base URL); the manifest's urlFetchWhitelist is written from the address.
 * Nothing else differs between two builds, so a server can hand an analyst the
 * files for their service without building again (start/sheets-download.ts).
 */
import { checkScript } from '../apps-script-bundle/project.js';
import { type ServiceSetting, serviceSetting } from '../apps-script-bundle/settings.js';
import { manifest } from './manifest.js';

export interface PasteFiles {
  /** AIVIS.gs */
  script: string;
  /** appsscript.json */
  manifest: string;
}

const BUILT_FOR = /^\/\/ [^\n]*\. Built for (https:\/\/[^\s]+)\.\n/;

export class PasteTargetError extends Error {}

/** The address a built AIVIS.gs (or Code.js) was built for, read from its first line. */
export function builtFor(script: string): string {
  const built = BUILT_FOR.exec(script)?.[1];
  if (!built) throw new PasteTargetError('the script does not say which address it was built for');
  return built;
}

/**
 * The pair for `address` (checked as AIVIS_SERVICE_URL is: https, no query),
 * re-targeted from a built AIVIS.gs. Throws PasteTargetError naming `service`
 * for a bad address.
 */
export function pasteFilesFor(builtScript: string, address: string): PasteFiles {
  let service: ServiceSetting;
  try {
    service = serviceSetting(address);
  } catch (error) {
    throw new PasteTargetError((error as Error).message.replace('AIVIS_SERVICE_URL', 'service'));
  }
  const from = builtFor(builtScript);
  const quoted = JSON.stringify(from);
  const occurrences = builtScript.split(quoted).length - 1;
  // The build puts the address in exactly once as a string; anything else means the
  // build changed and a plain replacement could touch the wrong text.
  if (occurrences !== 1) {
    throw new PasteTargetError(
      `the built script holds ${quoted} ${occurrences} times, not once; rebuild it (npm run build:apps-script)`,
    );
  }
  const script = builtScript
    .replace(BUILT_FOR, (line) =>
      line.replace(`Built for ${from}.`, `Built for ${service.baseUrl}.`),
    )
    .replace(quoted, () => JSON.stringify(service.baseUrl));
  checkScript(script);
  return { script, manifest: `${JSON.stringify(manifest(service), null, 2)}\n` };
}
