/**
 * Rules between parameters, as data on the parameter they constrain: "only
 * with group_by=url", "required when dataset=detail", "a default per dataset".
 * Validation, its messages and every description (OpenAPI, explorer, Sheets
 * and Looker help) are derived here from the same declaration, so no prose
 * restates a rule. Conditions compare the canonical text of a value
 * (`true`, `detail`), after defaults are filled in.
 */

/** Another parameter and the values (canonical text) that meet the condition. */
export interface Condition {
  param: string;
  values: readonly string[];
}

export interface CrossRules {
  /** Refused unless the condition holds (data-api 4.6: the URL-grouping filters). */
  onlyWhen?: Condition;
  /** Must be given when the condition holds (data-api 4.5: competitor for detail). */
  requiredWhen?: Condition & { hint: string };
  /** Some values are refused unless the condition holds (data-api 4.4: ai_question_queries is google only). */
  valuesOnlyWhen?: { values: readonly string[]; when: Condition };
  /** Not below another parameter's value: dates on or after it, numbers at least it. */
  notBelow?: string;
  /** Read but without effect unless the condition holds (data-api 4.4: filters of list datasets). */
  usedWhen?: Condition;
  /** Default and maximum by another parameter's value (data-api 4.5: competitors' limit by dataset). */
  perValue?: {
    param: string;
    defaults: Readonly<Record<string, number>>;
    max?: Readonly<Record<string, number>>;
  };
  /** A page holds at most `rows` while the condition holds (data-api 4.3 rule 2: answer text). */
  pageCapWhen?: Condition & { rows: number };
}

/** A query with defaults filled in: parameter name to typed value. */
type FilledQuery = Readonly<Record<string, unknown>>;

const textOf = (value: unknown): string | undefined =>
  value === undefined ? undefined : typeof value === 'boolean' ? String(value) : String(value);

export const conditionHolds = (condition: Condition, query: FilledQuery): boolean => {
  const text = textOf(query[condition.param]);
  return text !== undefined && condition.values.includes(text);
};

/** `group_by=url`, or `dataset is one of a, b` */
export const conditionText = ({ param, values }: Condition): string =>
  values.length === 1 ? `${param}=${values[0]}` : `${param} is one of ${values.join(', ')}`;

const notBelowRelation = (kind: string) => (kind === 'date' ? 'on or after' : 'at least');

/** The rule's cross-parameter clauses in words, for descriptions and help text. */
export function describeCrossRules(rules: CrossRules, kind: string, max?: number): string[] {
  const clauses: string[] = [];
  if (rules.perValue) {
    const { param, defaults, max: maxima } = rules.perValue;
    const each = Object.entries(defaults).map(([value, number]) => {
      const ownMax = maxima?.[value];
      return `${value} (default ${number}${ownMax !== undefined && ownMax !== max ? `, maximum ${ownMax}` : ''})`;
    });
    clauses.push(`by ${param}: ${each.join(', ')}`);
  }
  if (rules.requiredWhen) clauses.push(`required when ${conditionText(rules.requiredWhen)}`);
  if (rules.onlyWhen) clauses.push(`only with ${conditionText(rules.onlyWhen)}`);
  if (rules.usedWhen) clauses.push(`used when ${conditionText(rules.usedWhen)}`);
  if (rules.valuesOnlyWhen) {
    const { values, when } = rules.valuesOnlyWhen;
    clauses.push(`${values.join(', ')} only with ${conditionText(when)}`);
  }
  if (rules.notBelow) clauses.push(`${notBelowRelation(kind)} ${rules.notBelow}`);
  if (rules.pageCapWhen) {
    clauses.push(`at most ${rules.pageCapWhen.rows} rows with ${conditionText(rules.pageCapWhen)}`);
  }
  return clauses;
}

/** The parameter's default in this query, where it depends on another parameter. */
export function perValueDefault(rules: CrossRules, query: FilledQuery): number | undefined {
  const table = rules.perValue;
  return table ? table.defaults[textOf(query[table.param]) ?? ''] : undefined;
}

/**
 * What the cross-parameter rules say about `param` in a query with defaults
 * filled in. Each message names what is allowed; the caller files it under
 * `param` (the 422's `errors` key).
 */
export function crossRuleViolations(
  param: string,
  rules: CrossRules,
  kind: string,
  query: FilledQuery,
): string[] {
  const value = query[param];
  const messages: string[] = [];
  if (rules.requiredWhen && value === undefined && conditionHolds(rules.requiredWhen, query)) {
    messages.push(
      `is required when ${conditionText(rules.requiredWhen)}: ${rules.requiredWhen.hint}`,
    );
  }
  if (value === undefined) return messages;
  if (rules.onlyWhen && !conditionHolds(rules.onlyWhen, query)) {
    const other = rules.onlyWhen.param;
    messages.push(
      `is allowed only with ${conditionText(rules.onlyWhen)}, not with ${other}=${textOf(query[other])}: remove it or set ${conditionText(rules.onlyWhen)}`,
    );
  }
  const restricted = rules.valuesOnlyWhen;
  if (restricted?.values.includes(String(value)) && !conditionHolds(restricted.when, query)) {
    messages.push(`${String(value)} is available for ${conditionText(restricted.when)} only`);
  }
  const floor = rules.notBelow === undefined ? undefined : query[rules.notBelow];
  if (floor !== undefined && (value as number | string) < (floor as number | string)) {
    messages.push(`must be ${notBelowRelation(kind)} ${rules.notBelow} (${String(floor)})`);
  }
  const maxima = rules.perValue?.max;
  const by = rules.perValue?.param ?? '';
  const max = maxima?.[textOf(query[by]) ?? ''];
  if (max !== undefined && typeof value === 'number' && value > max) {
    messages.push(`must be at most ${max} when ${by}=${textOf(query[by])}, not '${value}'`);
  }
  return messages;
}

/** Rows in a full page: `limit`, or less where a cap applies (data-api 4.3 rule 2). */
export function pageCap(rules: CrossRules, limit: number, query: FilledQuery): number {
  const cap = rules.pageCapWhen;
  return cap && conditionHolds(cap, query) ? Math.min(limit, cap.rows) : limit;
}
