/**
 * A small declarative language for query parameters. Each rule knows how to
 * read a raw value (typed, or text from a query string or a spreadsheet cell),
 * how to write it back canonically, and how to describe itself, so client
 * validation, the sandbox's 422s, the OpenAPI document and Sheets' help text
 * all come from the same object.
 */
import { type CrossRules, describeCrossRules } from './cross-rules.js';

/**
 * Marks a string as documentation: descriptions and summaries that the
 * explorer, the OpenAPI document and the Sheets help show. Bundles that never
 * show them (the widget) drop every doc('...') at build time
 * (scripts/strip-docs.ts), so the marker must wrap a plain string literal.
 */
export const doc = (text: string): string => text;

/** What every rule carries: its description and the rules it has with other parameters. */
interface RuleBase {
  description: string;
  cross?: CrossRules;
}

export interface EnumRule<V extends string = string> extends RuleBase {
  kind: 'enum';
  values: readonly V[];
  default?: V;
}
export interface IntRule extends RuleBase {
  kind: 'int';
  min: number;
  max: number;
  default?: number;
}
export interface NumberRule extends RuleBase {
  kind: 'number';
  min: number;
  max: number;
}
export interface BoolRule extends RuleBase {
  kind: 'bool';
  default?: boolean;
}
export interface DateRule extends RuleBase {
  kind: 'date';
}
export interface TextRule extends RuleBase {
  kind: 'text';
  maxLength: number;
}
export interface ListRule<V extends string = string> extends RuleBase {
  kind: 'list';
  values: readonly V[];
}
export type ParamRule = EnumRule | IntRule | NumberRule | BoolRule | DateRule | TextRule | ListRule;

/** The typed value a rule produces. */
export type ValueOfRule<R> =
  R extends EnumRule<infer V>
    ? V
    : R extends IntRule | NumberRule
      ? number
      : R extends BoolRule
        ? boolean
        : R extends ListRule<infer V>
          ? V[]
          : string;

export const enumParam = <const V extends string>(
  values: readonly V[],
  description: string,
  defaultValue?: NoInfer<V>,
): EnumRule<V> => ({
  kind: 'enum',
  values,
  description,
  ...(defaultValue === undefined ? {} : { default: defaultValue }),
});

export const intParam = (
  min: number,
  max: number,
  description: string,
  defaultValue?: number,
): IntRule => ({
  kind: 'int',
  min,
  max,
  description,
  ...(defaultValue === undefined ? {} : { default: defaultValue }),
});

export const numberParam = (min: number, max: number, description: string): NumberRule => ({
  kind: 'number',
  min,
  max,
  description,
});

export const boolParam = (description: string, defaultValue?: boolean): BoolRule => ({
  kind: 'bool',
  description,
  ...(defaultValue === undefined ? {} : { default: defaultValue }),
});

export const dateParam = (description: string): DateRule => ({ kind: 'date', description });

export const textParam = (description: string, maxLength = 200): TextRule => ({
  kind: 'text',
  maxLength,
  description,
});

/** A rule with its rules across parameters (cross-rules.ts), declared beside it in the table. */
export const withCrossRules = <R extends ParamRule>(rule: R, cross: CrossRules): R => ({
  ...rule,
  cross,
});

export const listParam = <const V extends string>(
  values: readonly V[],
  description: string,
): ListRule<V> => ({
  kind: 'list',
  values,
  description,
});

export type ReadResult<T> = { ok: true; value: T } | { ok: false; message: string };

const fail = (message: string): { ok: false; message: string } => ({ ok: false, message });
const INTEGER_TEXT = /^[+-]?\d+$/;
const NUMBER_TEXT = /^[+-]?(\d+\.?\d*|\.\d+)$/;
const DATE_TEXT = /^(\d{4})-(\d{2})-(\d{2})$/;

/** What a rule allows, in words, for error messages and help text. */
export function describeAllowed(rule: ParamRule): string {
  switch (rule.kind) {
    case 'enum':
      return `one of ${rule.values.join(', ')}`;
    case 'int':
      return `a whole number from ${rule.min} to ${rule.max}`;
    case 'number':
      return `a number from ${rule.min} to ${rule.max}`;
    case 'bool':
      return 'true, false, 1 or 0';
    case 'date':
      return 'a calendar date as YYYY-MM-DD';
    case 'text':
      return `text of 1 to ${rule.maxLength} characters`;
    case 'list':
      return `a comma-separated list of ${rule.values.join(', ')}`;
  }
}

/**
 * The rule in one line: what is allowed, the default and the rules across
 * parameters, for help text and the OpenAPI document.
 */
export function describeRule(rule: ParamRule): string {
  const defaultValue =
    'default' in rule && rule.default !== undefined ? `; default ${String(rule.default)}` : '';
  const cross = rule.cross
    ? describeCrossRules(rule.cross, rule.kind, 'max' in rule ? rule.max : undefined).map(
        (each) => `; ${each}`,
      )
    : [];
  return `${rule.description} (${describeAllowed(rule)}${defaultValue}${cross.join('')})`;
}

export function isCalendarDate(text: string): boolean {
  const match = DATE_TEXT.exec(text);
  if (!match) return false;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (month < 1 || month > 12 || day < 1) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const daysInMonth = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]!;
  return day <= daysInMonth;
}

function asText(raw: unknown): string | undefined {
  if (typeof raw === 'string') return raw.trim();
  if (typeof raw === 'number' && Number.isFinite(raw)) return String(raw);
  if (typeof raw === 'boolean') return raw ? 'true' : 'false';
  return undefined;
}

/**
 * Reads a raw value against a rule. Accepts the typed value or its text form
 * (query strings and spreadsheet cells give text). Messages say what is allowed.
 */
export function readParam(rule: ParamRule, raw: unknown): ReadResult<ValueOfRule<ParamRule>> {
  const allowed = describeAllowed(rule);
  switch (rule.kind) {
    case 'enum': {
      const text = asText(raw);
      if (text !== undefined && (rule.values as readonly string[]).includes(text))
        return { ok: true, value: text };
      return fail(`must be ${allowed}${text === undefined ? '' : `, not '${clip(text)}'`}`);
    }
    case 'int': {
      const value =
        typeof raw === 'number'
          ? raw
          : typeof raw === 'string' && INTEGER_TEXT.test(raw.trim())
            ? Number(raw)
            : Number.NaN;
      if (!Number.isInteger(value) || value < rule.min || value > rule.max) {
        return fail(`must be ${allowed}${raw === undefined ? '' : `, not '${clip(shown(raw))}'`}`);
      }
      return { ok: true, value };
    }
    case 'number': {
      const value =
        typeof raw === 'number'
          ? raw
          : typeof raw === 'string' && NUMBER_TEXT.test(raw.trim())
            ? Number(raw)
            : Number.NaN;
      if (!Number.isFinite(value) || value < rule.min || value > rule.max) {
        return fail(`must be ${allowed}${raw === undefined ? '' : `, not '${clip(shown(raw))}'`}`);
      }
      return { ok: true, value };
    }
    case 'bool': {
      if (typeof raw === 'boolean') return { ok: true, value: raw };
      const text = asText(raw)?.toLowerCase();
      if (text === 'true' || text === '1') return { ok: true, value: true };
      if (text === 'false' || text === '0') return { ok: true, value: false };
      return fail(`must be ${allowed}${text === undefined ? '' : `, not '${clip(shown(raw))}'`}`);
    }
    case 'date': {
      const text = asText(raw);
      if (text !== undefined && isCalendarDate(text)) return { ok: true, value: text };
      return fail(`must be ${allowed}${text === undefined ? '' : `, not '${clip(text)}'`}`);
    }
    case 'text': {
      const text = asText(raw);
      if (text === undefined || text.length === 0) return fail(`must be ${allowed}`);
      if (text.length > rule.maxLength)
        return fail(`must be ${allowed}, not ${text.length} characters`);
      return { ok: true, value: text };
    }
    case 'list': {
      const items = Array.isArray(raw) ? raw.map(asText) : (asText(raw)?.split(',') ?? [undefined]);
      const values: string[] = [];
      for (const item of items) {
        const trimmed = item?.trim();
        if (trimmed === undefined || trimmed === '') return fail(`must be ${allowed}`);
        if (!(rule.values as readonly string[]).includes(trimmed)) {
          return fail(`must be ${allowed}; '${clip(trimmed)}' is not one of them`);
        }
        if (!values.includes(trimmed)) values.push(trimmed);
      }
      // Order carries no meaning, so lists read into the rule's order: equal
      // selections give equal URLs and share cache entries (proxy, widgets).
      const order = rule.values as readonly string[];
      values.sort((a, b) => order.indexOf(a) - order.indexOf(b));
      return { ok: true, value: values };
    }
  }
}

/** The canonical query-string text of a typed value. */
export function writeParam(rule: ParamRule, value: unknown): string {
  if (rule.kind === 'list' && Array.isArray(value)) return value.join(',');
  if (rule.kind === 'bool') return value ? 'true' : 'false';
  return String(value);
}

/** A raw value as text for a message; objects (even without a prototype) never throw here. */
function shown(raw: unknown): string {
  if (raw === null || typeof raw !== 'object') return String(raw);
  return Array.isArray(raw) ? 'a list' : 'an object';
}

/** Echoing user input back is useful, but not a whole paragraph of it. */
function clip(text: string): string {
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}
