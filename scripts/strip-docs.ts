/**
 * A Vite plugin for bundles that never show documentation (the widget): it
 * replaces every doc('...') in shared/ with '' so descriptions and summaries
 * of the endpoint table are not shipped. The table itself stays the one source
 * of the text for the explorer, the OpenAPI document and the Sheets help.
 */
import type { Plugin } from 'vite';

const STRING = String.raw`'(?:\\.|[^'\\])*'|"(?:\\.|[^"\\])*"|\x60(?:\\.|[^\x60\\])*\x60`;
const DOC_CALL = new RegExp(String.raw`\bdoc\(\s*(?:${STRING})\s*,?\s*\)`, 'g');

export function stripDocs(code: string, id = 'module'): string {
  const stripped = code.replace(DOC_CALL, "''");
  if (/\bdoc\(/.test(stripped)) {
    throw new Error(`strip-docs: ${id} has a doc(...) that does not wrap a plain string literal`);
  }
  return stripped;
}

export function stripDocsPlugin(): Plugin {
  return {
    name: 'aivis-strip-docs',
    enforce: 'pre',
    transform(code, id) {
      if (!/\/shared\/.*\.ts$/.test(id) || !/\bdoc\(/.test(code)) return undefined;
      return { code: stripDocs(code, id), map: null };
    },
  };
}
