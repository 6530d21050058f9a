/** The table every shell shows: Sheets writes it, the widget renders it, CSV serializes it. */

/** A spreadsheet-safe value: dates stay ISO strings; the Sheets side turns them into Dates. */
export type Cell = string | number | boolean | null;

/**
 * What a column holds. 'list' is a readable text rendering of an array or a
 * record; 'date' is YYYY-MM-DD and 'datetime' is ISO 8601 with an offset.
 */
export type ColumnType = 'text' | 'number' | 'integer' | 'boolean' | 'date' | 'datetime' | 'list';

export interface Table {
  columns: string[];
  /** One type per column, same order as `columns`. */
  types: ColumnType[];
  /** Every row has exactly `columns.length` cells. */
  rows: Cell[][];
  /** One-line context for the sheet: period used, freshness, paging, envelope fields. */
  notes: string[];
}
