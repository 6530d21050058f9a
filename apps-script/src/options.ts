/**
 * The `options` argument of the Sheets functions: "key=value; key=value" text,
 * or a range whose rows are key and value. Values stay raw (text, numbers,
 * booleans from cells): the core's validateParams reads them and words the
 * complaints. Only the shape of the argument is checked here.
 */
import { type ParamRule, readParam } from '../../shared/api/param-rules.js';
import { AivisError, validationError } from '../../shared/http/errors.js';
import { CONNECTION_OPTION, connectionRule, MAX_ROWS_OPTION, maxRowsRule } from './config.js';

export type RawOptions = Record<string, unknown>;

const SEPARATORS = /[;\n]/;

function optionsError(message: string): AivisError {
  return new AivisError({
    code: 'validation_failed',
    status: 0,
    message,
    errors: { options: [message] },
  });
}

const isBlank = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** A date typed into a cell arrives as a Date; the API wants YYYY-MM-DD (data-api 4.3). */
function cellValue(value: unknown): unknown {
  if (value instanceof Date || Object.prototype.toString.call(value) === '[object Date]') {
    const date = value as Date;
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  }
  return typeof value === 'string' ? value.trim() : value;
}

/**
 * Sets an own property, defined rather than assigned: `__proto__=1` must stay
 * an option the core can name, not vanish into the object's prototype.
 */
export function setOption(into: RawOptions, key: string, value: unknown): void {
  Object.defineProperty(into, key, { value, enumerable: true, writable: true, configurable: true });
}

/** An own option's value: `constructor` is a name here, never Object.prototype's. */
export const optionOf = (from: RawOptions, key: string): unknown =>
  Object.hasOwn(from, key) ? from[key] : undefined;

function add(into: RawOptions, key: string, value: unknown): void {
  const name = key.trim().toLowerCase();
  if (name === '') throw optionsError(`options: a value (${String(value)}) has no key`);
  if (Object.hasOwn(into, name)) throw optionsError(`options: ${name} is given twice`);
  setOption(into, name, cellValue(value));
}

function parseText(text: string, into: RawOptions): void {
  for (const segment of text.split(SEPARATORS)) {
    if (segment.trim() === '') continue;
    const at = segment.indexOf('=');
    if (at < 0) {
      throw optionsError(
        `options: '${segment.trim().slice(0, 40)}' is not key=value; write options as "key=value; key=value"`,
      );
    }
    add(into, segment.slice(0, at), segment.slice(at + 1));
  }
}

/** Reads the options argument into raw parameter values. */
export function parseOptions(argument: unknown): RawOptions {
  const options: RawOptions = {};
  if (isBlank(argument)) return options;
  if (typeof argument === 'string') {
    parseText(argument, options);
    return options;
  }
  if (Array.isArray(argument)) {
    for (const row of argument as unknown[]) {
      const cells = Array.isArray(row) ? (row as unknown[]) : [row];
      const [key, value, ...rest] = cells;
      if (isBlank(key) && isBlank(value)) continue;
      if (rest.some((cell) => !isBlank(cell))) {
        throw optionsError('options: a range of options must have two columns, keys and values');
      }
      // A one-column range of "key=value" cells reads like the text form.
      if (typeof key === 'string' && isBlank(value) && key.includes('=')) parseText(key, options);
      else if (typeof key !== 'string') {
        throw optionsError(`options: the key ${String(key)} must be text, such as period`);
      } else add(options, key, value);
    }
    return options;
  }
  throw optionsError(
    'options must be text such as "period=last_90_days; limit=50" or a two-column range of keys and values',
  );
}

export interface AddonOptions {
  maxRows: number;
  /** A connection name from Settings; undefined for the default connection. */
  connection: string | undefined;
  /** The API parameters. */
  rest: RawOptions;
}

/** Reads one add-on option with its rule; the complaint reads like the core's. */
function readOption(key: string, rule: ParamRule, raw: unknown): unknown {
  if (raw === undefined || raw === null || raw === '') return undefined;
  const read = readParam(rule, raw);
  if (!read.ok) throw validationError({ [key]: [read.message] });
  return read.value;
}

/** Takes max_rows and connection out of the options: they steer the add-on and are no API parameters. */
export function splitAddonOptions(input: RawOptions): AddonOptions {
  const { [MAX_ROWS_OPTION]: rawMaxRows, [CONNECTION_OPTION]: rawConnection, ...rest } = input;
  const maxRows = readOption(MAX_ROWS_OPTION, maxRowsRule, rawMaxRows) as number | undefined;
  const connection = readOption(CONNECTION_OPTION, connectionRule, rawConnection) as
    | string
    | undefined;
  return { maxRows: maxRows ?? maxRowsRule.default ?? 5000, connection, rest };
}
