/**
 * `/sheets/` of the demo: the Sheets add-on's paste-install pair (AIVIS.gs and
 * appsscript.json, docs/sheets.md) for a service address, so an analyst
 * downloads them from whoever runs aivis instead of building. One build
 * (dist/apps-script-paste/) serves every address: scripts/sheets/paste-files.ts.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PASTE_DIR, PASTE_FILE } from '../scripts/sheets/index.js';
import { type PasteFiles, PasteTargetError, pasteFilesFor } from '../scripts/sheets/paste-files.js';
import { escapeHtml } from '../shared/escape-html.js';
import { errorEnvelope } from '../shared/http/errors.js';

/** Re-targeted pairs kept per address; bounded so a stream of addresses cannot grow it. */
const KEPT_ADDRESSES = 8;
/** Longest `service` value read: an address, not a document. */
const MAX_SERVICE_LENGTH = 300;

export const SHEETS_FILES = { script: PASTE_FILE, manifest: 'appsscript.json' } as const;

function indexPage(defaultService: string): string {
  const value = escapeHtml(defaultService);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>AI Visibility for Google Sheets: paste install</title>
<meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="data:,">
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem}input{font:inherit;width:100%;box-sizing:border-box;padding:.3rem}button{font:inherit;margin-top:.5rem}</style></head>
<body><h1>AI Visibility for Google Sheets</h1>
<p>The add-on as two files to paste into a spreadsheet's Apps Script editor (Extensions &gt; Apps Script), built for your service's address: the steps are in docs/sheets.md, Paste install.</p>
<form method="get" action="${SHEETS_FILES.script}"><label for="service">Your service's address (https)</label>
<input id="service" name="service" type="url" required placeholder="https://your-service.example" value="${value}">
<button type="submit">Download ${SHEETS_FILES.script}</button>
<button type="submit" formaction="${SHEETS_FILES.manifest}">Download ${SHEETS_FILES.manifest}</button></form>
</body></html>`;
}

export interface SheetsDownload {
  /** The answer for a path under /sheets/, or undefined when the path is not one of its files. */
  handle(url: URL): Promise<Response | undefined>;
}

/**
 * `defaultService`: the address filled in and used when the request names
 * none (`AIVIS_SERVICE_URL` of `npm start`); `pasteDir`: the build's
 * dist/apps-script-paste/.
 */
export function sheetsDownload(
  options: { defaultService?: string; pasteDir?: string } = {},
): SheetsDownload {
  const pasteDir = options.pasteDir ?? PASTE_DIR;
  const kept = new Map<string, PasteFiles>();
  let built: Promise<string> | undefined;
  const builtScript = () => {
    built ??= readFile(join(pasteDir, PASTE_FILE), 'utf8');
    return built;
  };
  const refuse = (message: string, status = 400) =>
    Response.json(errorEnvelope(status === 400 ? 'validation_failed' : 'not_found', message), {
      status,
    });

  return {
    async handle(url) {
      const name = url.pathname.slice('/sheets/'.length);
      if (name === '') {
        return new Response(indexPage(options.defaultService ?? ''), {
          headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' },
        });
      }
      if (name !== SHEETS_FILES.script && name !== SHEETS_FILES.manifest) return undefined;
      if (!existsSync(join(pasteDir, PASTE_FILE))) {
        return refuse('The add-on is not built here: npm run build:apps-script.', 404);
      }
      const address = (url.searchParams.get('service') ?? options.defaultService ?? '').trim();
      if (address === '' || address.length > MAX_SERVICE_LENGTH) {
        return refuse(
          `service must be your service's https address (at most ${MAX_SERVICE_LENGTH} characters), e.g. ?service=https://your-service.example: the add-on may call only that address.`,
        );
      }
      let files = kept.get(address);
      if (!files) {
        try {
          files = pasteFilesFor(await builtScript(), address);
        } catch (error) {
          if (error instanceof PasteTargetError) return refuse(error.message);
          throw error;
        }
        if (kept.size >= KEPT_ADDRESSES) kept.delete(kept.keys().next().value as string);
        kept.set(address, files);
      }
      const isScript = name === SHEETS_FILES.script;
      return new Response(isScript ? files.script : files.manifest, {
        headers: {
          'content-type': isScript ? 'text/plain; charset=utf-8' : 'application/json',
          'content-disposition': `attachment; filename="${name}"`,
          'cache-control': 'no-cache',
        },
      });
    },
  };
}
