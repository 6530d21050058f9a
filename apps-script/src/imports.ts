/**
 * Reports written into sheets as values, remembered in document properties
 * (AIVIS_IMPORTS) so Refresh now and the schedule can write them again.
 * An import owns its sheet: each run clears it and writes header, rows and
 * a last line with the notes (period, fetched_at, is_stale).
 */

import { readJson, writeJson } from '../../apps-script-platform/document-properties.js';
import { checkRead, fetchTable } from '../../apps-script-platform/fetch-table.js';
import type { Credentials } from '../../apps-script-platform/user-token.js';
import type { EndpointName } from '../../shared/api/endpoints.js';
import { ENDPOINTS } from '../../shared/api/endpoints.js';
import { validationError } from '../../shared/http/errors.js';
import { type BuilderQuery, checkQuery, findReport, queryInput } from './builder-query.js';
import { DOCUMENT_KEYS, IMPORT_BUDGET_MS } from './config.js';
import { readCredentials } from './connections.js';
import { parseOptions, splitAddonOptions } from './options.js';
import { inertValues, type SheetValue, tableValues } from './sheet-values.js';

export interface ImportRecord {
  id: string;
  sheetName: string;
  endpoint: EndpointName;
  /** API parameters as given (project included); validated again on every run. */
  params: Record<string, unknown>;
  maxRows: number;
  /** The named connection it runs with; the default connection when absent. */
  connection?: string;
}

export interface ImportRequest {
  endpoint: string;
  project?: number | string | null;
  /** "key=value; key=value", as in the functions' options argument. */
  options?: string;
  sheetName?: string;
  connection?: string;
}

export interface ImportResult {
  id: string;
  sheetName: string;
  rows: number;
  capped: boolean;
  notes: string[];
  /** UrlFetchApp requests the run made, for the run log. */
  requests: number;
}

export function listImports(): ImportRecord[] {
  return readJson<ImportRecord[]>(DOCUMENT_KEYS.imports, []);
}

export function saveImports(imports: ImportRecord[]): void {
  writeJson(DOCUMENT_KEYS.imports, imports);
}

export function isEndpointName(name: string): name is EndpointName {
  return Object.hasOwn(ENDPOINTS, name);
}

/** Writes the table into the import's sheet; returns what was written. */
export function runImport(
  spreadsheet: GoogleAppsScript.Spreadsheet.Spreadsheet,
  record: ImportRecord,
  refreshStamp: string,
  credentials: Credentials = readCredentials(record.connection),
): ImportResult {
  // Stored parameters are checked on every run: the rules may have changed since they were saved.
  const fetched = fetchTable(
    checkRead(record.endpoint, record.params),
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
    requests: fetched.requests,
  };
}

const newId = () =>
  `imp_${Date.now().toString(36)}_${Math.floor(Math.random() * 1e6).toString(36)}`;

/** Runs a new or edited record once and remembers it; only a request that worked is remembered. */
function saveAfterRun(
  spreadsheet: GoogleAppsScript.Spreadsheet.Spreadsheet,
  record: ImportRecord,
): ImportResult {
  const result = runImport(spreadsheet, record, String(Date.now()));
  // A second import into the same sheet replaces the first; an edit replaces itself.
  const others = listImports().filter(
    (each) => each.sheetName !== record.sheetName && each.id !== record.id,
  );
  saveImports([...others, record]);
  return result;
}

const defaultSheetName = (endpoint: string, project: unknown) =>
  `AIVIS ${endpoint}${project === undefined || project === null || project === '' ? '' : ` ${String(project)}`}`;

/** Validates a request from the report dialog ("key=value" options), runs it once and remembers it. */
export function addImport(
  spreadsheet: GoogleAppsScript.Spreadsheet.Spreadsheet,
  request: ImportRequest,
): ImportResult {
  if (!isEndpointName(request.endpoint)) {
    throw new Error(`Unknown report ${String(request.endpoint)}; choose one from the list.`);
  }
  const { maxRows, connection, rest } = splitAddonOptions(parseOptions(request.options ?? ''));
  const input: Record<string, unknown> = { ...rest };
  if (request.project !== undefined && request.project !== null && request.project !== '') {
    input.project = request.project;
  }
  const named = request.connection || connection;
  return saveAfterRun(spreadsheet, {
    id: newId(),
    sheetName:
      (request.sheetName ?? '').trim() || defaultSheetName(request.endpoint, input.project),
    endpoint: request.endpoint,
    params: input,
    maxRows,
    ...(named ? { connection: named } : {}),
  });
}

/** The builder's Import as values: validated like the functions, run once, saved (or an edit replaced). */
export function importQuery(
  spreadsheet: GoogleAppsScript.Spreadsheet.Spreadsheet,
  query: BuilderQuery,
): ImportResult {
  const errors = checkQuery(query);
  if (Object.keys(errors).length) throw validationError(errors);
  const report = findReport(query.report)!;
  const input = queryInput(query);
  const { maxRows } = splitAddonOptions({ max_rows: query.maxRows });
  return saveAfterRun(spreadsheet, {
    id:
      query.importId && listImports().some((each) => each.id === query.importId)
        ? query.importId
        : newId(),
    sheetName:
      (query.sheetName ?? '').trim() ||
      defaultSheetName(report.id.replace(':', ' '), input.project),
    endpoint: report.endpoint,
    params: input,
    maxRows,
    ...(query.connection ? { connection: query.connection } : {}),
  });
}

export function removeImport(id: string): ImportRecord[] {
  const kept = listImports().filter((each) => each.id !== id);
  saveImports(kept);
  return kept;
}
