/**
 * What every AIVIS_* function does when Sheets calls it: map its arguments
 * to API parameters (functions.ts), fetch within the 30-second limit, and
 * return a 2-D array, or throw an Error whose message says what to do
 * (Sheets shows it on the #ERROR! cell).
 */

import { checkRead, fetchTable } from '../../apps-script-platform/fetch-table.js';
import { needsProject } from '../../shared/api/endpoints.js';
import { AivisError } from '../../shared/http/errors.js';
import { CUSTOM_FUNCTION_BUDGET_MS } from './config.js';
import { readCredentials, storedTokens } from './connections.js';
import { CUSTOM_FUNCTIONS, type CustomFunctionName } from './functions.js';
import { userMessage } from './messages.js';
import {
  optionOf,
  parseOptions,
  type RawOptions,
  setOption,
  splitAddonOptions,
} from './options.js';
import { type SheetValue, tableValues } from './sheet-values.js';

/** A refresh cell's value as text for the cache scope: a new value, new data. */
export function refreshStamp(value: unknown): string {
  if (value === undefined || value === null || value === '') return '';
  if (Object.prototype.toString.call(value) === '[object Date]')
    return String((value as Date).getTime());
  return Array.isArray(value) ? JSON.stringify(value) : String(value);
}

/** Turns the positional arguments of a Sheets function into raw API input and options. */
export function argumentsToInput(
  name: CustomFunctionName,
  args: readonly unknown[],
): { input: RawOptions; maxRows: number; connection: string | undefined; refresh: unknown } {
  const definition = CUSTOM_FUNCTIONS[name];
  const queue = [...args];
  const input: RawOptions = {};
  if (needsProject(definition.endpoint)) input.project = queue.shift();
  for (const { param } of definition.positional) {
    const value = queue.shift();
    if (Array.isArray(value)) {
      // A one-cell range arrives as [[value]]; anything larger is a mistake.
      const flat = (value as unknown[][]).flat();
      input[param] = flat.length === 1 ? flat[0] : flat.join(',');
    } else input[param] = value;
  }
  let maxRows: number | undefined;
  let connection: string | undefined;
  if (definition.options) {
    const {
      maxRows: cap,
      connection: named,
      rest,
    } = splitAddonOptions(parseOptions(queue.shift()));
    maxRows = cap;
    connection = named;
    for (const [key, value] of Object.entries(rest)) {
      const given = optionOf(input, key);
      if (given !== undefined && given !== null && given !== '') {
        throw new AivisError({
          code: 'validation_failed',
          status: 0,
          message: `${key} is given both as an argument and in options`,
          errors: { [key]: ['is given both as an argument and in options; give it once'] },
        });
      }
      setOption(input, key, value);
    }
  }
  return {
    input,
    maxRows: maxRows ?? splitAddonOptions({}).maxRows,
    connection,
    refresh: queue.shift(),
  };
}

export function runCustomFunction(
  name: CustomFunctionName,
  args: readonly unknown[],
): SheetValue[][] {
  try {
    const { input, maxRows, connection, refresh } = argumentsToInput(name, args);
    // The function's one validation: everything after it takes the checked read.
    const read = checkRead(CUSTOM_FUNCTIONS[name].endpoint, input);
    // A formula's `limit=5` asks for five rows, not for every row five at a time.
    const limit = (read.params as { limit?: unknown }).limit;
    const given = typeof limit === 'number' ? limit : undefined;
    const fetched = fetchTable(
      read,
      given === undefined ? maxRows : Math.min(maxRows, given),
      { budgetMs: CUSTOM_FUNCTION_BUDGET_MS, refreshStamp: refreshStamp(refresh) },
      readCredentials(connection),
    );
    return tableValues(fetched.table, { ...fetched, limit: given });
  } catch (error) {
    throw new Error(`${name}: ${userMessage(error, storedTokens())}`);
  }
}
