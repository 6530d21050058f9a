/**
 * The query builder's and the dashboard dialog's google.script.run targets:
 * projects of a connection, preview, insert formula, import as values, the
 * saved imports (run now, edit, delete) and Insert dashboard.
 */

import { checkRead, fetchTable } from '../../apps-script-platform/fetch-table.js';
import { validationError } from '../../shared/http/errors.js';
import {
  type BuilderQuery,
  findReport,
  formulaFor,
  queryOfImport,
  readQuery,
} from './builder-query.js';
import { maxRowsRule, RUN_LOG_SHEET_NAME } from './config.js';
import { defaultConnectionName, readCredentials, storedTokens } from './connections.js';
import {
  type DashboardResult,
  insertDashboard,
  listDashboards,
  removeDashboard,
} from './dashboard.js';
import { type ImportResult, importQuery, listImports, removeImport, runImport } from './imports.js';
import { userMessage } from './messages.js';
import { splitAddonOptions } from './options.js';
import { appendRunLog, timedRun } from './run-log.js';
import { active, guarded } from './server-guard.js';
import { tableValues } from './sheet-values.js';

export interface ProjectChoice {
  id: number;
  brand_name: string;
  status: string;
}

/** JSON-safe cells: google.script.run cannot carry Date objects. */
export type PreviewCell = string | number | boolean;

export interface Preview {
  formula: string;
  /** Header row, then at most PREVIEW_ROWS rows, as the function returns them. */
  values: PreviewCell[][];
  notes: string[];
  requests: number;
}

export interface SavedItem {
  id: string;
  kind: 'import' | 'dashboard';
  sheetName: string;
  /** In words: report, project and options. */
  description: string;
  connection: string;
}

export const PREVIEW_ROWS = 20;

export function projects(connection?: string): ProjectChoice[] {
  const fetched = fetchTable(
    checkRead('projects', {}),
    maxRowsRule.max,
    { budgetMs: 25_000, refreshStamp: String(Date.now()), fresh: true },
    readCredentials(connection),
  );
  const column = (name: string) => fetched.table.columns.indexOf(name);
  const [id, brand, status] = [column('id'), column('brand_name'), column('status')];
  return fetched.table.rows.map((row) => ({
    id: Number(row[id]),
    brand_name: String(row[brand] ?? ''),
    status: String(row[status] ?? ''),
  }));
}

/** The query's report and checked parameters; throws validation_failed with the sidebar's messages. */
function checked(query: BuilderQuery) {
  const reading = readQuery(query);
  if (!reading.ok) throw validationError(reading.errors);
  return reading;
}

function preview(query: BuilderQuery): Preview {
  const { report, params } = checked(query);
  // What the function shows first: its own cap when lower than the preview's.
  const { maxRows } = splitAddonOptions({ max_rows: query.maxRows });
  const fetched = fetchTable(
    checkRead(report.endpoint, params),
    Math.min(maxRows, PREVIEW_ROWS),
    { budgetMs: 25_000, refreshStamp: '' },
    readCredentials(query.connection),
  );
  const values = tableValues(fetched.table, fetched).map((row) =>
    row.map((cell) => (cell instanceof Date ? cell.toISOString() : cell)),
  );
  return {
    formula: formulaFor(query),
    values,
    notes: fetched.table.notes,
    requests: fetched.requests,
  };
}

function insertFormula(query: BuilderQuery): { formula: string; cell: string } {
  checked(query);
  const formula = formulaFor(query);
  const cell = active().getActiveSheet().getActiveCell();
  cell.setFormula(formula);
  return { formula, cell: `${cell.getSheet().getName()}!${cell.getA1Notation()}` };
}

function savedItems(): SavedItem[] {
  const fallback = defaultConnectionName();
  return [
    ...listImports().map((each) => {
      const query = queryOfImport(each);
      const options = Object.entries(query.params).map(([key, value]) => `${key}=${String(value)}`);
      const project = query.project ? ` for project ${String(query.project)}` : '';
      return {
        id: each.id,
        kind: 'import' as const,
        sheetName: each.sheetName,
        description: `${findReport(query.report)?.label ?? each.endpoint}${project}${options.length ? ` (${options.join('; ')})` : ''}`,
        connection: each.connection ?? fallback,
      };
    }),
    ...listDashboards().map((each) => ({
      id: each.id,
      kind: 'dashboard' as const,
      sheetName: each.sheetName,
      description: `Dashboard for project ${each.project}`,
      connection: each.connection ?? fallback,
    })),
  ];
}

/** Run now from the saved list: logged like a scheduled run; the error is thrown for the page too. */
function runNow(id: string): ImportResult {
  const record = listImports().find((each) => each.id === id);
  if (!record) throw new Error('This import is no longer saved; reload the list.');
  let result: ImportResult | undefined;
  const entry = timedRun(
    {
      kind: 'import',
      sheetName: record.sheetName,
      connection: record.connection ?? defaultConnectionName(),
      trigger: 'manual',
    },
    () => {
      result = runImport(active(), record, String(Date.now()));
      return result;
    },
    (error) => userMessage(error, storedTokens()),
  );
  appendRunLog(active(), [entry]);
  if (!result) throw new Error(entry.error);
  return result;
}

export const BUILDER_API = {
  aivisProjects: guarded((connection?: string): ProjectChoice[] => projects(connection)),
  aivisPreview: guarded((query: BuilderQuery): Preview => preview(query)),
  aivisInsertFormula: guarded((query: BuilderQuery) => insertFormula(query)),
  aivisImportQuery: guarded((query: BuilderQuery): ImportResult => importQuery(active(), query)),
  aivisSavedItems: guarded((): SavedItem[] => savedItems()),
  aivisRunImport: guarded((id: string): ImportResult => runNow(id)),
  aivisEditImport: guarded((id: string): BuilderQuery => {
    const record = listImports().find((each) => each.id === id);
    if (!record) throw new Error('This import is no longer saved; reload the list.');
    return queryOfImport(record);
  }),
  aivisDeleteSaved: guarded((id: string): SavedItem[] => {
    removeImport(id);
    removeDashboard(id);
    return savedItems();
  }),
  aivisInsertDashboard: guarded(
    (input: { project: number | string; connection?: string }): DashboardResult =>
      insertDashboard(active(), input),
  ),
  aivisOpenRunLog: guarded((): boolean => {
    const sheet = active().getSheetByName(RUN_LOG_SHEET_NAME);
    if (sheet) active().setActiveSheet(sheet);
    return Boolean(sheet);
  }),
};
