/**
 * `=AIVIS_PORTFOLIO()` and the generic `=AIVIS(tool, project, options)`
 * (docs/agencies.md#sheets). The portfolio reads, for every connection the
 * person holds, its project list and each project's summary (one batch per
 * connection, then the cache), and makes each row with shared/portfolio.ts,
 * the rule the element and the proxy use. A connection that fails gives one
 * row naming it and why; the others still answer.
 */
import { checkRead, fetchTable, prefetch } from '../../apps-script-platform/fetch-table.js';
import { ENDPOINTS, type EndpointName, needsProject } from '../../shared/api/endpoints.js';
import { AivisError } from '../../shared/http/errors.js';
import { PORTFOLIO_COLUMNS, portfolioCells, portfolioRow } from '../../shared/portfolio.js';
import { CUSTOM_FUNCTION_BUDGET_MS, MENU_TITLE, REFRESH_RANGE_NAME } from './config.js';
import { listConnections, readCredentials, storedTokens } from './connections.js';
import { refreshStamp, runCustomFunction } from './custom-functions.js';
import { CUSTOM_FUNCTIONS, functionForEndpoint, type GeneralFunctionName } from './functions.js';
import { userMessage } from './messages.js';
import type { SheetValue } from './sheet-values.js';

/** Projects one connection adds at most: each costs a summary within the 30 seconds. */
export const MAX_PORTFOLIO_PROJECTS = 100;

export function runGeneralFunction(
  name: GeneralFunctionName,
  args: readonly unknown[],
): SheetValue[][] {
  try {
    return name === 'AIVIS'
      ? runByTool(args[0], args[1], args[2], args[3])
      : portfolioValues(args[0], args[1]);
  } catch (error) {
    throw new Error(`${name}: ${userMessage(error, storedTokens())}`);
  }
}

/** The endpoint an MCP tool name stands for (docs/data-api.md, section 4). */
export function endpointOfTool(tool: unknown): EndpointName {
  const name = typeof tool === 'string' ? tool.trim() : '';
  const found = (Object.keys(ENDPOINTS) as EndpointName[]).find(
    (endpoint) => ENDPOINTS[endpoint].tool === name,
  );
  if (found) return found;
  const tools = Object.values(ENDPOINTS).map((endpoint) => endpoint.tool);
  throw new AivisError({
    code: 'validation_failed',
    status: 0,
    message: `tool must be one of ${tools.join(', ')}`,
    errors: { tool: [`must be one of ${tools.join(', ')}`] },
  });
}

function runByTool(tool: unknown, project: unknown, options: unknown, refresh: unknown) {
  const endpoint = endpointOfTool(tool);
  const name = functionForEndpoint(endpoint);
  const positional = CUSTOM_FUNCTIONS[name].positional.map(() => undefined);
  // Positional parameters of the matching function come through options here.
  const args = needsProject(endpoint)
    ? [project, ...positional, options, refresh]
    : [...positional, options, refresh];
  if (!needsProject(endpoint) && project !== undefined && project !== null && project !== '') {
    throw new AivisError({
      code: 'validation_failed',
      status: 0,
      message: `${String(tool)} takes no project; leave the project argument empty`,
      errors: { project: ['takes no value for this tool'] },
    });
  }
  return runCustomFunction(name, args);
}

export function portfolioValues(period: unknown, refresh: unknown): SheetValue[][] {
  const deadline = Date.now() + CUSTOM_FUNCTION_BUDGET_MS;
  const options = () => ({
    budgetMs: Math.max(1_000, deadline - Date.now()),
    refreshStamp: refreshStamp(refresh),
  });
  const periodInput = period === undefined || period === null || period === '' ? {} : { period };
  const rows: SheetValue[][] = [[...PORTFOLIO_COLUMNS]];
  for (const connection of listConnections()) {
    if (!connection.tokenSet) continue;
    const credentials = readCredentials(connection.name);
    try {
      const list = fetchTable(
        checkRead('projects', {}),
        MAX_PORTFOLIO_PROJECTS,
        options(),
        credentials,
      ).first as { projects?: unknown };
      const items = (Array.isArray(list.projects) ? list.projects : [])
        .filter(
          (item): item is Record<string, unknown> => typeof item === 'object' && item !== null,
        )
        .slice(0, MAX_PORTFOLIO_PROJECTS);
      const reads = items.map((item) => ({
        read: checkRead('summary', { project: item.id, ...periodInput }),
        maxRows: 1,
      }));
      prefetch(reads, options(), credentials);
      items.forEach((item, index) => {
        const summary = fetchTable(reads[index]!.read, 1, options(), credentials).first;
        const row = portfolioRow(
          { ...item, account: typeof item.account === 'string' ? item.account : connection.name },
          summary as Record<string, unknown>,
        );
        rows.push(portfolioCells(row).map((cell) => cell ?? ''));
      });
    } catch (error) {
      if (Date.now() >= deadline) throw error;
      const cells: SheetValue[] = PORTFOLIO_COLUMNS.map(() => '');
      cells[PORTFOLIO_COLUMNS.indexOf('account')] = connection.name;
      cells[PORTFOLIO_COLUMNS.indexOf('brand')] =
        `could not be read: ${userMessage(error, storedTokens())}`;
      rows.push(cells);
    }
  }
  return rows;
}

export const PORTFOLIO_SHEET = 'AIVIS portfolio';

/**
 * Menu: Insert portfolio. A sheet of its own holding `=AIVIS_PORTFOLIO()`,
 * tied to the refresh cell when the file has one, so Refresh now and the
 * schedule refresh it like every formula. Again: the same sheet, formula rewritten.
 */
export function insertPortfolio(): string {
  const spreadsheet = SpreadsheetApp.getActiveSpreadsheet();
  const sheet =
    spreadsheet.getSheetByName(PORTFOLIO_SHEET) ?? spreadsheet.insertSheet(PORTFOLIO_SHEET);
  const formula = spreadsheet.getRangeByName(REFRESH_RANGE_NAME)
    ? `=AIVIS_PORTFOLIO(, ${REFRESH_RANGE_NAME})`
    : '=AIVIS_PORTFOLIO()';
  sheet.getRange('A1').setFormula(formula);
  spreadsheet.toast(`${PORTFOLIO_SHEET}: ${formula}`, MENU_TITLE, 10);
  return formula;
}
