/**
 * What a ledger column and table are, and the column shapes every table
 * uses (ledger/tables.ts lists the tables).
 */

export type ColumnType = 'integer' | 'bigint' | 'double' | 'text' | 'boolean' | 'date' | 'blob';

export interface Column {
  name: string;
  type: ColumnType;
  /** Null allowed (the service may leave the field out, or it is not judged yet). */
  nullable?: boolean;
  doc: string;
}

export interface TableDefinition {
  name: string;
  doc: string;
  columns: readonly Column[];
  primaryKey: readonly string[];
  /** The date column `export --from/--to` and the series filter on. */
  dayColumn: string;
  /** Exported by `export --table` (the raw bodies and the bookkeeping are not). */
  exported: boolean;
}

export const project: Column = { name: 'project_id', type: 'integer', doc: 'the project' };
export const day: Column = {
  name: 'day',
  type: 'date',
  doc: "the snapshot's day: the service's `period.end`, never the machine's clock",
};
export const num = (name: string, doc: string): Column => ({
  name,
  type: 'double',
  nullable: true,
  doc,
});
export const int = (name: string, doc: string): Column => ({
  name,
  type: 'integer',
  nullable: true,
  doc,
});
export const text = (name: string, doc: string): Column => ({
  name,
  type: 'text',
  nullable: true,
  doc,
});
export const flag = (name: string, doc: string): Column => ({
  name,
  type: 'boolean',
  nullable: true,
  doc,
});
