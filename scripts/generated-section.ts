/**
 * The generated parts of docs/ pages: a section between two HTML comment
 * markers that a generator in scripts/ writes and a test compares with what
 * the generator prints (docs/contributing.md, "Tests").
 */
import { readFileSync, writeFileSync } from 'node:fs';

export interface GeneratedSection {
  /** The page, as a path. */
  path: string;
  start: string;
  end: string;
}

/** The section's text between its markers, trimmed; undefined when the markers are missing. */
export function sectionText(
  section: GeneratedSection,
  text = readFileSync(section.path, 'utf8'),
): string | undefined {
  const start = text.indexOf(section.start);
  const end = text.indexOf(section.end);
  return start < 0 || end < start
    ? undefined
    : text.slice(start + section.start.length, end).trim();
}

/** The page with the section replaced by `body`; throws naming the markers when they are missing. */
export function withSection(section: GeneratedSection, text: string, body: string): string {
  const start = text.indexOf(section.start);
  const end = text.indexOf(section.end);
  if (start < 0 || end < start)
    throw new Error(`${section.path} needs the markers ${section.start} and ${section.end}`);
  return `${text.slice(0, start + section.start.length)}\n${body}\n${text.slice(end)}`;
}

/** Writes `body` into the page's section; true when the page changed. */
export function rewriteSection(section: GeneratedSection, body: string): boolean {
  const text = readFileSync(section.path, 'utf8');
  const updated = withSection(section, text, body);
  if (updated !== text) writeFileSync(section.path, updated);
  return updated !== text;
}
