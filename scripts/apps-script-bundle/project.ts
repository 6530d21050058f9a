/**
 * What every Apps Script project this repository builds has in common: one
 * Code.js made of a bundled IIFE plus generated top-level functions, checked
 * to hold no module statement, written with its appsscript.json.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Script } from 'node:vm';
import { bundleIife } from './bundle.js';
import type { ServiceSetting } from './settings.js';

/** The repository's root: every product's entry and dist/ folder are named from it. */
export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Apps Script rejects modules; a leftover import/export would fail at push time, so fail here. */
export function checkScript(code: string): void {
  const leftover = /^\s*(import|export)\s[^;]*?(from\s|{|\*)/m.exec(code);
  if (leftover) throw new Error(`Code.js still contains a module statement: ${leftover[0].trim()}`);
  new Script(code, { filename: 'Code.js' });
}

export interface ScriptSource {
  /** The TypeScript entry bundled into `var <globalName> = (function () { ... })()`. */
  entry: string;
  globalName: string;
  /** First line of Code.js: what this file is. */
  title: string;
  /** The generated top-level functions, appended after the bundle. */
  entrySection: string;
}

/** Bundles an entry for a service address into Code.js text, checked. */
export async function buildCode(source: ScriptSource, service: ServiceSetting): Promise<string> {
  const bundle = await bundleIife(source.entry, source.globalName, {
    __AIVIS_SERVICE_URL__: JSON.stringify(service.baseUrl),
  });
  const header = `// ${source.title}. Built for ${service.baseUrl}.\n`;
  const code = `${header}${bundle}\n${source.entrySection}`;
  checkScript(code);
  return code;
}

export interface BuildResult {
  outDir: string;
  serviceUrl: string;
  isPlaceholder: boolean;
  codeBytes: number;
}

/** Replaces outDir with Code.js, appsscript.json and any other files (name to text). */
export function writeProject(
  outDir: string,
  service: ServiceSetting,
  code: string,
  manifest: unknown,
  files: Record<string, string> = {},
): BuildResult {
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  writeFileSync(join(outDir, 'Code.js'), code);
  writeFileSync(join(outDir, 'appsscript.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  for (const [name, text] of Object.entries(files)) writeFileSync(join(outDir, name), text);
  return {
    outDir,
    serviceUrl: service.baseUrl,
    isPlaceholder: service.isPlaceholder,
    codeBytes: Buffer.byteLength(code),
  };
}

/** What a build script prints: where it wrote, how big Code.js is, and a warning for the placeholder address. */
export function reportBuild(label: string, result: BuildResult, pushCommand: string): void {
  console.log(
    `${label}: wrote ${result.outDir} (Code.js ${Math.round(result.codeBytes / 1024)} KB) for ${result.serviceUrl}`,
  );
  if (result.isPlaceholder) {
    console.log(
      `${label}: AIVIS_SERVICE_URL is not set; the placeholder address is used. Set it to the service address before ${pushCommand}.`,
    );
  }
}
