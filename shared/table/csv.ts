/**
 * Tables as CSV (RFC 4180: fields quoted when they hold a quote, comma, CR or
 * LF; quotes doubled; records end in CRLF), safe to open in a spreadsheet.
 *
 * API text is untrusted (answer quotes, URLs, brand names, new field names):
 * a cell such as `=HYPERLINK(...)` must stay text, never become a formula.
 * Following OWASP's CSV-injection advice, text starting with a formula
 * trigger gets a leading apostrophe. Numbers are written as numbers: a
 * negative number is data, not a formula.
 */
import type { Cell, Table } from './types.js';

/** Characters that make a spreadsheet read a cell as a formula (or DDE). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** True when a spreadsheet would treat this text as a formula; the Sheets add-on reuses it. */
export const isFormulaLike = (text: string): boolean => FORMULA_START.test(text);

/** The text of a cell as a spreadsheet should store it: formula-like text is neutralized. */
export function neutralizeFormula(text: string): string {
  return isFormulaLike(text) ? `'${text}` : text;
}

const NEEDS_QUOTES = /[",\r\n]/;

function field(cell: Cell): string {
  if (cell === null) return '';
  if (typeof cell === 'number') return Number.isFinite(cell) ? String(cell) : '';
  if (typeof cell === 'boolean') return cell ? 'true' : 'false';
  const safe = neutralizeFormula(cell);
  return NEEDS_QUOTES.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** Header and rows; column names are API field names, so they are neutralized too. */
export function toCsv(table: Pick<Table, 'columns' | 'rows'>): string {
  const lines = [table.columns.map(field), ...table.rows.map((row) => row.map(field))];
  return lines.map((cells) => `${cells.join(',')}\r\n`).join('');
}
