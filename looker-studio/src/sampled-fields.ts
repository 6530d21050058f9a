/**
 * The fields a report offers, from what the service sends
 * (docs/looker-studio.md, "Fields from the service's answers"): the
 * schema's fields, less the assumed ones (docs/service-drift.md) a sample
 * of the answer does not hold, then every other column the answer holds,
 * typed from its values. getSchema offers these; getData finds a requested
 * field among the schema's fields and the answer's columns, and leaves its
 * cells empty when neither has it.
 */
import type { ColumnType } from '../../shared/table/types.js';
import { fieldId, type LookerField, reportFields } from './fields.js';
import type { Report } from './reports.js';

/** What a report's answer came back as: toTable's columns (the schema's first), their types and rows. */
export interface AnswerTable {
  columns: readonly string[];
  types: readonly ColumnType[];
  rows: ReadonlyArray<ReadonlyArray<unknown>>;
}

/** A column the connector does not know, typed from its values: numbers are metrics, the rest labels. */
function typedFromValues(type: ColumnType): Pick<LookerField, 'type' | 'concept' | 'aggregation'> {
  switch (type) {
    case 'integer':
      return { type: 'NUMBER', concept: 'METRIC', aggregation: 'SUM' };
    case 'number':
      return { type: 'NUMBER', concept: 'METRIC', aggregation: 'AVG' };
    case 'date':
      return { type: 'YEAR_MONTH_DAY', concept: 'DIMENSION' };
    case 'boolean':
      return { type: 'BOOLEAN', concept: 'DIMENSION' };
    default:
      return { type: 'TEXT', concept: 'DIMENSION' };
  }
}

/**
 * A field id Looker Studio takes: letters, digits and underscores, with at
 * least one letter or digit (an empty key `""`, or one of punctuation only,
 * makes none), and not longer than a name anyone would pick.
 */
const USABLE_ID = /^(?=.*[A-Za-z0-9])[A-Za-z0-9_]{1,100}$/;

/** Most skipped names a note lists (the rest are counted). */
const MAX_NOTED = 5;

/**
 * The answer's columns the schema does not name, as fields. A column whose
 * name makes no usable field id (or the id of a field already offered) is
 * skipped, never fatal to the schema; `skipped` collects its name for a note.
 */
export function answerOnlyFields(
  report: Report,
  answer: AnswerTable,
  skipped: string[] = [],
): LookerField[] {
  const known = new Set(reportFields(report).map((field) => field.column));
  const taken = new Set(reportFields(report).map((field) => field.id));
  const fields: LookerField[] = [];
  answer.columns.forEach((column, index) => {
    const id = fieldId(column);
    if (known.has(column)) return;
    if (!USABLE_ID.test(id) || taken.has(id)) {
      skipped.push(column);
      return;
    }
    taken.add(id);
    fields.push({
      id,
      column,
      name: column,
      description: `Sent by the service, not described by the Data API document (docs/service-drift.md).`,
      ...typedFromValues(answer.types[index] ?? 'text'),
    });
  });
  return fields;
}

/**
 * What getSchema offers. Without a sample (no rows came back, or the read
 * failed) the schema's fields, as nothing says the service leaves one out.
 */
export function offeredFields(
  report: Report,
  answer: AnswerTable | undefined,
  skipped: string[] = [],
): LookerField[] {
  const known = reportFields(report);
  if (!answer || answer.rows.length === 0) return known;
  const holds = (column: string) => {
    const index = answer.columns.indexOf(column);
    return index >= 0 && answer.rows.some((row) => row[index] !== null && row[index] !== undefined);
  };
  return [
    ...known.filter((field) => !field.assumed || holds(field.column)),
    ...answerOnlyFields(report, answer, skipped),
  ];
}

/** The note for the connector's log when fields were skipped: names quoted as JSON (a name is API text). */
export function skippedNote(skipped: readonly string[]): string | undefined {
  if (skipped.length === 0) return undefined;
  const named = skipped.slice(0, MAX_NOTED).map((name) => JSON.stringify(name.slice(0, 60)));
  const more = skipped.length > MAX_NOTED ? ` and ${skipped.length - MAX_NOTED} more` : '';
  return `aivis: ${skipped.length} field(s) of the service's answer have a name Looker Studio cannot use as a field id and are not offered: ${named.join(', ')}${more} (docs/looker-studio.md).`;
}

/** A requested field neither the schema nor the answer has: a text column of empty cells. */
export function absentField(id: string): LookerField {
  return {
    id,
    column: '',
    name: id,
    description: 'Not in the service’s answer.',
    type: 'TEXT',
    concept: 'DIMENSION',
  };
}
