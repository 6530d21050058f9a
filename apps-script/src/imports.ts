/**
 * Reports written into sheets as values, remembered in document properties
 * (AIVIS_IMPORTS) so Refresh now and the schedule can write them again.
 * An import owns its sheet: each run clears it and writes header, rows and
 * a last line with the notes (period, fetched_at, is_stale).
 */
import type { EndpointName } from '../../shared/api/endpoints.js';
import { ENDPOINTS } from '../../shared/api/endpoints.js';
import { fetchTable, splitMaxRows } from './api.js';
import { DOCUMENT_KEYS, IMPORT_BUDGET_MS } from './config.js';
import { parseOptions } from './options.js';
import type { Credentials } from './settings.js';
import { inertValues, type SheetValue, tableValues } from './sheet-values.js';
import { readJson, writeJson } from './store.js';

export interface ImportRecord {
  id: string;
  sheetName: string;
  endpoint: EndpointName;
  /** API parameters as given (project included); validated again on every run. */
  params: Record<string, unknown>;
  maxRows: number;
}

export interface ImportRequest {
  endpoint: string;
  project?: number | string | null;
  /** "key=value; key=value", as in the functions' options argument. */
  options?: string;
  sheetName?: string;
}

export interface ImportResult {
  id: string;
  sheetName: string;
  rows: number;
  capped: boolean;
  notes: string[];
}

export function listImports(): ImportRecord[] {
  return readJson<ImportRecord[]>(DOCUMENT_KEYS.imports, []);
}

function saveImports(imports: ImportRecord[]): void {
  writeJson(DOCUMENT_KEYS.imports, imports);
}

export function isEndpointName(name: string): name is EndpointName {
  return Object.hasOwn(ENDPOINTS, name);
}

/** Writes the table into the import's sheet; returns what was written. */
export function runImport(
  spreadsheet: GoogleAppsScript.Spreadsheet.Spreadsheet,
  record: ImportRecord,
  credentials: Credentials,
  refreshStamp: string,
): ImportResult {
  const fetched = fetchTable(
    record.endpoint,
    record.params,
    record.maxRows,
    { budgetMs: IMPORT_BUDGET_MS, refreshStamp, fresh: true },
    credentials,
  );
  const values: SheetValue[][] = tableValues(fetched.table, fetched);
  const width = values[0]?.length ?? 1;
  const notes = fetched.table.notes;
  if (notes.length) {
    values.push(new Array<SheetValue>(width).fill(''));
    const line: SheetValue[] = new Array<SheetValue>(width).fill('');
    line[0] = notes.join(' · ');
    values.push(line);
  }
  const sheet =
    spreadsheet.getSheetByName(record.sheetName) ?? spreadsheet.insertSheet(record.sheetName);
  sheet.clearContents();
  sheet.getRange(1, 1, values.length, width).setValues(inertValues(values));
  sheet.setFrozenRows(1);
  return {
    id: record.id,
    sheetName: record.sheetName,
    rows: fetched.table.rows.length,
    capped: fetched.capped,
    notes,
  };
}

/** Validates a request from the report dialog, runs it once and remembers it. */
export function addImport(
  spreadsheet: GoogleAppsScript.Spreadsheet.Spreadsheet,
  request: ImportRequest,
  credentials: Credentials,
): ImportResult {
  if (!isEndpointName(request.endpoint)) {
    throw new Error(`Unknown report ${String(request.endpoint)}; choose one from the list.`);
  }
  const { maxRows, rest } = splitMaxRows(parseOptions(request.options ?? ''));
  const input: Record<string, unknown> = { ...rest };
  if (request.project !== undefined && request.project !== null && request.project !== '') {
    input.project = request.project;
  }
  const endpoint = request.endpoint;
  const project = input.project === undefined ? '' : ` ${String(input.project)}`;
  const record: ImportRecord = {
    id: `imp_${Date.now().toString(36)}_${Math.floor(Math.random() * 1e6).toString(36)}`,
    sheetName: (request.sheetName ?? '').trim() || `AIVIS ${endpoint}${project}`,
    endpoint,
    params: input,
    maxRows,
  };
  const result = runImport(spreadsheet, record, credentials, String(Date.now()));
  // Only a request that worked is remembered; a second import into the same sheet replaces the first.
  const others = listImports().filter((each) => each.sheetName !== record.sheetName);
  saveImports([...others, record]);
  return result;
}

export function removeImport(id: string): ImportRecord[] {
  const kept = listImports().filter((each) => each.id !== id);
  saveImports(kept);
  return kept;
}
