/**
 * JSDoc for generated top-level functions. Apps Script (and Sheets' custom
 * function help) reads the comment right above a `function` declaration, so
 * both Apps Script projects generate their entry points with these helpers.
 */

/** JSDoc text must not close the comment or start a new tag mid-line. */
export function doc(text: string): string {
  return text.replaceAll('*/', '* /').replaceAll('\n', ' ').replaceAll('@', '(at)');
}

export function block(lines: string[]): string {
  return ['/**', ...lines.map((line) => (line ? ` * ${line}` : ' *')), ' */'].join('\n');
}

/** A top-level function whose body hands over to the bundle. */
export function thin(name: string, comment: string | string[], body: string, params = ''): string {
  const lines = typeof comment === 'string' ? [comment] : comment;
  return `${block(lines)}\nfunction ${name}(${params}) {\n  ${body}\n}`;
}
