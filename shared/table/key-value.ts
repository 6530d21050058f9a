/**
 * Bodies that are not a list of rows (the project summary, the `summary`
 * datasets of search-performance and ai-traffic) as a block / field / value
 * table: one row per leaf, so every field is reachable and nothing is lost.
 * Known fields come in the schema's order, unknown ones after them in the
 * order of the body; arrays of objects get one row per leaf with a 0-based
 * index (`additional[2].text`), like the paths of contract errors.
 */
import { isPlainObject, MAX_DEPTH, toCell } from './cells.js';
import type { Shape } from './shape.js';
import type { Cell, ColumnType } from './types.js';

export const KEY_VALUE_COLUMNS = ['block', 'field', 'value'];
/** The value column mixes numbers, booleans and text, so it is typed as text. */
export const KEY_VALUE_TYPES: ColumnType[] = ['text', 'text', 'text'];

type Emit = (path: string, value: Cell) => void;

function orderedKeys(value: Record<string, unknown>, shape: Shape | undefined): string[] {
  const keys = Object.keys(value);
  if (shape?.kind !== 'object') return keys;
  const known = [...shape.fields.keys()].filter((key) => Object.hasOwn(value, key));
  return [...known, ...keys.filter((key) => !shape.fields.has(key))];
}

function childShape(shape: Shape | undefined, key: string): Shape | undefined {
  if (shape?.kind === 'object') return shape.fields.get(key);
  if (shape?.kind === 'record') return shape.value;
  return undefined;
}

function walk(value: unknown, shape: Shape | undefined, path: string, emit: Emit, depth = 0): void {
  // Past MAX_DEPTH the rest of the value is one cell (itself cut short): no unbounded recursion.
  if (depth >= MAX_DEPTH) {
    emit(path, toCell(value));
    return;
  }
  if (isPlainObject(value)) {
    const keys = orderedKeys(value, shape);
    // An empty object still says the field exists.
    if (keys.length === 0) emit(path, '');
    for (const key of keys) {
      if (value[key] === undefined) continue;
      walk(
        value[key],
        childShape(shape, key),
        path === '' ? key : `${path}.${key}`,
        emit,
        depth + 1,
      );
    }
    return;
  }
  if (Array.isArray(value) && value.some((item) => isPlainObject(item) || Array.isArray(item))) {
    const element = shape?.kind === 'array' ? shape.element : undefined;
    value.forEach((item, index) => {
      walk(item, element, `${path}[${index}]`, emit, depth + 1);
    });
    return;
  }
  emit(path, toCell(value));
}

/**
 * The rows of a key/value table. A top-level object is a block (`profile`,
 * `totals`); top-level scalars and lists have no block.
 */
export function keyValueRows(
  body: Record<string, unknown>,
  shape: Shape | undefined,
  blockLabel: (block: string) => string = (block) => block,
): Cell[][] {
  const rows: Cell[][] = [];
  for (const key of orderedKeys(body, shape)) {
    const value = body[key];
    if (value === undefined) continue;
    const child = childShape(shape, key);
    if (isPlainObject(value)) {
      const fields: Cell[][] = [];
      const label = blockLabel(key);
      walk(value, child, '', (field, cell) => fields.push([label, field, cell]));
      rows.push(...fields);
    } else {
      walk(value, child, key, (field, cell) => rows.push([null, field, cell]));
    }
  }
  return rows;
}
