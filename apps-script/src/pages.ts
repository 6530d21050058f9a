/**
 * A sidebar or dialog page's HtmlOutput. The pushed project has one HTML file
 * per page; the paste-install file (AIVIS.gs, docs/sheets.md) is a single
 * script that carries the pages itself in a top-level `AIVIS_PAGES`, since a
 * pasted script has no HTML files beside it.
 */
import { INLINE_PAGES_GLOBAL } from './config.js';

export function pageOutput(file: string): GoogleAppsScript.HTML.HtmlOutput {
  const inline = (globalThis as Record<string, unknown>)[INLINE_PAGES_GLOBAL];
  if (inline && typeof inline === 'object' && Object.hasOwn(inline, file)) {
    const html = (inline as Record<string, unknown>)[file];
    if (typeof html === 'string') return HtmlService.createHtmlOutput(html);
  }
  return HtmlService.createHtmlOutputFromFile(file);
}
