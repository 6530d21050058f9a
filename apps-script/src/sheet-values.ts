/**
 * The core's Table as a Sheets 2-D array: a header row, then rows with
 * numbers as numbers, dates as Date objects and booleans as booleans.
 *
 * Two destinations, two safety rules:
 * - a custom function's return value is never parsed by Sheets, so text
 *   goes back as it came;
 * - setValues parses text like typing does (=, +, -, @ start formulas; "12"
 *   becomes a number), so imports quote such text with a leading apostrophe,
 *   which Sheets stores as a text marker and does not show.
 */
import { isFormulaLike } from '../../shared/table/csv.js';
import type { Cell, ColumnType, Table } from '../../shared/table/types.js';

export type SheetValue = string | number | boolean | Date;

/** Sheets holds at most 50,000 characters in a cell. */
const CELL_LIMIT = 50_000;
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
/** Text Sheets would read as a number, date, percentage or boolean when typed. */
const PARSED_AS_VALUE =
  /^\s*([+-]?[\d.,]+(e[+-]?\d+)?%?|\d{1,4}[-/.]\d{1,2}([-/.]\d{1,4})?([ T]\d{1,2}:\d{2}.*)?|true|false|\d{1,2}:\d{2}(:\d{2})?)\s*$/i;

function toDate(text: string, type: ColumnType): Date | string {
  const day = DATE_ONLY.exec(text);
  if (day) {
    // Noon UTC: the add-on's time zone may differ from the spreadsheet's, and noon
    // falls on the same calendar day in every zone within ±11 hours of UTC.
    return new Date(Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3]), 12));
  }
  if (type === 'datetime') {
    const instant = new Date(text);
    if (!Number.isNaN(instant.getTime())) return instant;
  }
  return text;
}

/** Text cut to what one cell holds (on code points, never inside a surrogate pair). */
export function clipCell(text: string): string {
  if (text.length <= CELL_LIMIT) return text;
  const points = Array.from(text.slice(0, CELL_LIMIT));
  while (points.join('').length > CELL_LIMIT - 1) points.pop();
  return `${points.join('')}…`;
}

function toValue(cell: Cell, type: ColumnType | undefined): SheetValue {
  if (cell === null) return '';
  if (typeof cell === 'string') {
    if (type === 'date' || type === 'datetime') return toDate(cell, type);
    return clipCell(cell);
  }
  return cell;
}

export interface CapNote {
  capped: boolean;
  total: number | undefined;
  maxRows: number;
}

export function capMessage(cap: CapNote): string {
  const of = cap.total === undefined ? '' : ` of ${cap.total}`;
  return `Showing the first ${cap.maxRows}${of} rows. Add max_rows=${Math.min(50_000, cap.total ?? cap.maxRows * 2)} to the options for more.`;
}

/** Header and rows, every row as wide as the header, plus a last row when the list was capped. */
export function tableValues(table: Table, cap?: CapNote): SheetValue[][] {
  const width = Math.max(1, table.columns.length);
  const pad = (row: SheetValue[]) => {
    while (row.length < width) row.push('');
    return row;
  };
  // Headers are API text too (row keys): the same cell limit, or Sheets refuses the whole write.
  const values: SheetValue[][] = [pad(table.columns.map(clipCell))];
  for (const row of table.rows)
    values.push(pad(row.map((cell, index) => toValue(cell, table.types[index]))));
  if (cap?.capped) values.push(pad([capMessage(cap)]));
  return values;
}

/** Text setValues would not keep as typed gets the apostrophe text marker. */
export function quoteForSetValues(value: SheetValue): SheetValue {
  if (typeof value !== 'string' || value === '') return value;
  return isFormulaLike(value) || PARSED_AS_VALUE.test(value) || value.startsWith("'")
    ? `'${value}`
    : value;
}

/** Values for Range.setValues: every text cell made inert. */
export function inertValues(values: SheetValue[][]): SheetValue[][] {
  return values.map((row) => row.map(quoteForSetValues));
}
