/**
 * Looker Studio fields from the columns toTable makes (shared/table/columns.ts):
 * the same names in the same order, a Looker type from each column's type and
 * semantic, metrics for counts, percents, ratios and other measures with a
 * default aggregation, dimensions for everything else. Nothing is listed by
 * hand per report.
 */
import { ENDPOINTS } from '../../shared/api/endpoints.js';
import { knownColumns } from '../../shared/table/columns.js';
import type { Shape } from '../../shared/table/shape.js';
import type { Cell } from '../../shared/table/types.js';
import { type Report, rowShape } from './reports.js';

/** The DataStudioApp.FieldType names this connector uses. */
export type LookerType =
  | 'YEAR_MONTH_DAY'
  | 'YEAR_MONTH'
  | 'YEAR_MONTH_DAY_SECOND'
  | 'NUMBER'
  | 'PERCENT'
  | 'BOOLEAN'
  | 'TEXT'
  | 'URL'
  | 'COUNTRY_CODE';

export interface LookerField {
  /** Field id: the column name with dots as double underscores (ids allow letters, digits and _). */
  id: string;
  /** The toTable column the values come from, e.g. `connections.ga4`. */
  column: string;
  name: string;
  description: string;
  type: LookerType;
  concept: 'DIMENSION' | 'METRIC';
  /** DataStudioApp.AggregationType of a metric. */
  aggregation?: 'SUM' | 'AVG';
  /** The API sends 0 to 100; Looker's PERCENT wants the fraction. */
  hundredths?: true;
  /** Not named by the Data API document: offered only when the service sends it (sampled-fields.ts). */
  assumed?: true;
}

export const fieldId = (column: string): string =>
  column.replaceAll('.', '__').replaceAll(/[^A-Za-z0-9_]/g, '_');

/** `connections.google_search_console` reads "Connections: google search console". */
function fieldName(column: string): string {
  const text = column.replaceAll('.', ': ').replaceAll('_', ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

const lastSegment = (column: string) => column.slice(column.lastIndexOf('.') + 1);
/** Columns that hold web addresses: `url`, `report_url`, `brand_website`. */
const isAddress = (column: string) => /(^|_)(url|website)$/.test(lastSegment(column));

type Typing = Pick<LookerField, 'type' | 'concept' | 'aggregation' | 'hundredths'>;

function typeOf(column: string, shape: Shape): Typing {
  if (shape.kind !== 'leaf') return { type: 'TEXT', concept: 'DIMENSION' };
  const dimension = (type: LookerType) => ({ type, concept: 'DIMENSION' as const });
  switch (shape.type) {
    case 'date':
      return dimension('YEAR_MONTH_DAY');
    case 'datetime':
      return dimension('YEAR_MONTH_DAY_SECOND');
    case 'boolean':
      return dimension('BOOLEAN');
    case 'list':
      return dimension('TEXT');
    case 'integer':
      // Ids, ranks and levels are labels, not amounts.
      return shape.semantic === 'count'
        ? { type: 'NUMBER', concept: 'METRIC', aggregation: 'SUM' }
        : dimension('NUMBER');
    case 'number':
      if (shape.semantic === 'percent')
        return { type: 'PERCENT', concept: 'METRIC', aggregation: 'AVG', hundredths: true };
      return {
        type: shape.semantic === 'ratio' ? 'PERCENT' : 'NUMBER',
        concept: 'METRIC',
        aggregation: 'AVG',
      };
    case 'text':
      if (shape.semantic === 'month') return dimension('YEAR_MONTH');
      if (isAddress(column)) return dimension('URL');
      if (lastSegment(column) === 'country') return dimension('COUNTRY_CODE');
      return dimension('TEXT');
  }
}

export function reportFields(report: Report): LookerField[] {
  const path = ENDPOINTS[report.endpoint].path;
  return knownColumns(rowShape(report)).map(({ name, shape }) => {
    const described = shape.kind === 'leaf' ? shape.description : undefined;
    return {
      id: fieldId(name),
      column: name,
      name: fieldName(name),
      description: `${described ? `${described}. ` : ''}Field ${name} of GET /api/v1${path}.`,
      ...typeOf(name, shape),
      ...('assumed' in shape && shape.assumed ? { assumed: true as const } : {}),
    };
  });
}

const HTTP_ADDRESS = /^https?:\/\/[^\s]+$/i;

/** `2026-11-15T06:04:00Z` (any offset) as YYYYMMDDHHmmss in UTC. */
function utcSeconds(text: string): string {
  const time = Date.parse(text);
  if (!Number.isFinite(time)) return '';
  return new Date(time).toISOString().slice(0, 19).replaceAll(/[-T:]/g, '');
}

/**
 * A cell as Looker Studio reads the field's type: dates without dashes,
 * percents as fractions (Looker shows 0.42 as 42 %), absent values empty.
 * A URL field only ever holds an http(s) address: API text is untrusted and
 * must not become a javascript: link.
 */
export function lookerValue(field: LookerField, cell: Cell): string {
  if (cell === null) return '';
  switch (field.type) {
    case 'YEAR_MONTH_DAY':
    case 'YEAR_MONTH':
      return String(cell).replaceAll('-', '');
    case 'YEAR_MONTH_DAY_SECOND':
      return utcSeconds(String(cell));
    case 'PERCENT':
      if (typeof cell !== 'number') return '';
      return String(field.hundredths ? cell / 100 : cell);
    case 'URL':
      return HTTP_ADDRESS.test(String(cell)) ? String(cell) : '';
    default:
      return String(cell);
  }
}
