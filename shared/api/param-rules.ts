/**
 * A small declarative language for query parameters. Each rule knows how to
 * read a raw value (typed, or text from a query string or a spreadsheet cell),
 * how to write it back canonically, and how to describe itself, so client
 * validation, the sandbox's 422s, the OpenAPI document and Sheets' help text
 * all come from the same object.
 */
import {
  type CrossRules,
  crossRuleViolations,
  describeCrossRules,
  perValueDefault,
} from './cross-rules.js';

/**
 * Marks a string as documentation: descriptions and summaries that the
 * explorer, the OpenAPI document and the Sheets help show. Bundles that never
 * show them (the widget) drop every doc('...') at build time
 * (scripts/strip-docs.ts), so the marker must wrap a plain string literal.
 */
export const doc = (text: string): string => text;

/** A query with defaults filled in: parameter name to typed value. */
type FilledQuery = Readonly<Record<string, unknown>>;

/**
 * What every rule carries: its description, what it allows in words, its
 * reader, and the rules it has with other parameters. The reader (and, with
 * cross rules, their evaluators) come from the rule's factory rather than a
 * switch over every kind, so a bundle carries only the readers of the kinds
 * its endpoints use (a widget's bundle keeps a few endpoints: see
 * scripts/endpoint-subset-plugin.ts).
 */
interface RuleBase {
  description: string;
  /** What the rule allows, in words ("a whole number from 1 to 100"), for messages and help text. */
  allowed: string;
  /** Reads a raw value: typed, or its text form (query strings and spreadsheet cells give text). */
  read(raw: unknown): ReadResult<unknown>;
  cross?: CrossRules;
  /** Set with `cross`: what those rules say about the parameter in a filled query (cross-rules.ts). */
  crossViolations?(param: string, query: FilledQuery): string[];
  /** Set with `cross`: the parameter's default where it depends on another one. */
  crossDefault?(query: FilledQuery): number | undefined;
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

/*#__NO_SIDE_EFFECTS__*/
export const enumParam = <const V extends string>(
  values: readonly V[],
  description: string,
  defaultValue?: NoInfer<V>,
): EnumRule<V> => {
  const allowed = `one of ${values.join(', ')}`;
  return {
    kind: 'enum',
    values,
    description,
    allowed,
    read: (raw) => {
      const text = asText(raw);
      return text !== undefined && (values as readonly string[]).includes(text)
        ? { ok: true, value: text }
        : mustBe(allowed, text);
    },
    ...(defaultValue === undefined ? {} : { default: defaultValue }),
  };
};

/** A number rule's reader: typed numbers, or text that `pattern` accepts, within min..max. */
const numberReader =
  (min: number, max: number, allowed: string, pattern: RegExp, whole: boolean) =>
  (raw: unknown): ReadResult<number> => {
    const value =
      typeof raw === 'number'
        ? raw
        : typeof raw === 'string' && pattern.test(raw.trim())
          ? Number(raw)
          : Number.NaN;
    return (whole ? Number.isInteger(value) : Number.isFinite(value)) &&
      value >= min &&
      value <= max
      ? { ok: true, value }
      : mustBe(allowed, raw === undefined ? undefined : shown(raw));
  };

/*#__NO_SIDE_EFFECTS__*/
export const intParam = (
  min: number,
  max: number,
  description: string,
  defaultValue?: number,
): IntRule => {
  const allowed = `a whole number from ${min} to ${max}`;
  return {
    kind: 'int',
    min,
    max,
    description,
    allowed,
    read: numberReader(min, max, allowed, INTEGER_TEXT, true),
    ...(defaultValue === undefined ? {} : { default: defaultValue }),
  };
};

/*#__NO_SIDE_EFFECTS__*/
export const numberParam = (min: number, max: number, description: string): NumberRule => {
  const allowed = `a number from ${min} to ${max}`;
  return {
    kind: 'number',
    min,
    max,
    description,
    allowed,
    read: numberReader(min, max, allowed, NUMBER_TEXT, false),
  };
};

/*#__NO_SIDE_EFFECTS__*/
export const boolParam = (description: string, defaultValue?: boolean): BoolRule => {
  const allowed = 'true, false, 1 or 0';
  return {
    kind: 'bool',
    description,
    allowed,
    read: (raw) => {
      if (typeof raw === 'boolean') return { ok: true, value: raw };
      const text = asText(raw)?.toLowerCase();
      if (text === 'true' || text === '1') return { ok: true, value: true };
      if (text === 'false' || text === '0') return { ok: true, value: false };
      return mustBe(allowed, text === undefined ? undefined : shown(raw));
    },
    ...(defaultValue === undefined ? {} : { default: defaultValue }),
  };
};

/*#__NO_SIDE_EFFECTS__*/
export const dateParam = (description: string): DateRule => {
  const allowed = 'a calendar date as YYYY-MM-DD';
  return {
    kind: 'date',
    description,
    allowed,
    read: (raw) => {
      const text = asText(raw);
      return text !== undefined && isCalendarDate(text)
        ? { ok: true, value: text }
        : mustBe(allowed, text);
    },
  };
};

/*#__NO_SIDE_EFFECTS__*/
export const textParam = (description: string, maxLength = 200): TextRule => {
  // The server trims surrounding spaces first, so text of spaces alone is empty (the
  // OpenAPI document says so with a pattern that needs a non-space character).
  const allowed = `text of 1 to ${maxLength} characters, not only spaces`;
  return {
    kind: 'text',
    maxLength,
    description,
    allowed,
    read: (raw) => {
      const text = asText(raw);
      if (text === undefined || text.length === 0) return fail(`must be ${allowed}`);
      const characters = characterCount(text);
      if (characters > maxLength) return fail(`must be ${allowed}, not ${characters} characters`);
      return { ok: true, value: text };
    },
  };
};

/** A rule with its rules across parameters (cross-rules.ts), declared beside it in the table. */
/*#__NO_SIDE_EFFECTS__*/
export const withCrossRules = <R extends ParamRule>(rule: R, cross: CrossRules): R => ({
  ...rule,
  cross,
  crossViolations: (param, query) => crossRuleViolations(param, cross, rule.kind, query),
  crossDefault: (query) => perValueDefault(cross, query),
});

/*#__NO_SIDE_EFFECTS__*/
export const listParam = <const V extends string>(
  values: readonly V[],
  description: string,
): ListRule<V> => {
  const allowed = `a comma-separated list of ${values.join(', ')}`;
  return {
    kind: 'list',
    values,
    description,
    allowed,
    read: (raw) => {
      const items = Array.isArray(raw) ? raw.map(asText) : (asText(raw)?.split(',') ?? [undefined]);
      const picked: string[] = [];
      for (const item of items) {
        const trimmed = item?.trim();
        if (trimmed === undefined || trimmed === '') return fail(`must be ${allowed}`);
        if (!(values as readonly string[]).includes(trimmed)) {
          return fail(`must be ${allowed}; '${clip(trimmed)}' is not one of them`);
        }
        if (!picked.includes(trimmed)) picked.push(trimmed);
      }
      // Order carries no meaning, so lists read into the rule's order: equal
      // selections give equal URLs and share cache entries (proxy, widgets).
      const order = values as readonly string[];
      picked.sort((a, b) => order.indexOf(a) - order.indexOf(b));
      return { ok: true, value: picked };
    },
  };
};

export type ReadResult<T> = { ok: true; value: T } | { ok: false; message: string };

const fail = (message: string): { ok: false; message: string } => ({ ok: false, message });
const INTEGER_TEXT = /^[+-]?\d+$/;
const NUMBER_TEXT = /^[+-]?(\d+\.?\d*|\.\d+)$/;
const DATE_TEXT = /^(\d{4})-(\d{2})-(\d{2})$/;

/** What a rule allows, in words, for error messages and help text. */
export const describeAllowed = (rule: ParamRule): string => rule.allowed;

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
export const readParam = (rule: ParamRule, raw: unknown): ReadResult<ValueOfRule<ParamRule>> =>
  rule.read(raw) as ReadResult<ValueOfRule<ParamRule>>;

/** The refusal naming what is allowed, and the value given (clipped) where there was one. */
const mustBe = (allowed: string, given: string | undefined): { ok: false; message: string } =>
  fail(`must be ${allowed}${given === undefined ? '' : `, not '${clip(given)}'`}`);

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

/**
 * Characters as the OpenAPI document's maxLength counts them (JSON Schema: code
 * points), not UTF-16 units: `😀` is one character, as a person counts it.
 */
function characterCount(text: string): number {
  let count = 0;
  for (const _character of text) count += 1;
  return count;
}

/** Echoing user input back is useful, but not a whole paragraph of it (nor half a character). */
function clip(text: string): string {
  // 81 UTF-16 units hold at least 41 characters unless the text ends sooner.
  const head = Array.from(text.slice(0, 81));
  return head.length > 40 ? `${head.slice(0, 40).join('')}…` : text;
}
