/**
 * OpenAPI parameter objects from the parameter rules (param-rules.ts), so the
 * published document allows exactly what validateParams accepts.
 */
import type { ParamRule } from '../api/param-rules.js';
import { describeRule } from '../api/param-rules.js';

export type JsonObject = Record<string, unknown>;

/** The JSON Schema of one rule's value on the wire. */
export function ruleSchema(rule: ParamRule): JsonObject {
  switch (rule.kind) {
    case 'enum':
      return withDefault({ type: 'string', enum: [...rule.values] }, rule.default);
    case 'int':
      return withDefault({ type: 'integer', minimum: rule.min, maximum: rule.max }, rule.default);
    case 'number':
      return { type: 'number', minimum: rule.min, maximum: rule.max };
    // data-api 1: booleans also accept 1 and 0 on the wire; the schema names the canonical form.
    case 'bool':
      return withDefault({ type: 'boolean' }, rule.default);
    case 'date':
      return { type: 'string', format: 'date' };
    case 'text':
      // Surrounding spaces are trimmed before the length counts: one non-space character is needed.
      return { type: 'string', minLength: 1, maxLength: rule.maxLength, pattern: '\\S' };
    // data-api 1: list parameters take one comma-separated value.
    case 'list':
      return {
        type: 'array',
        items: { type: 'string', enum: [...rule.values] },
        uniqueItems: true,
      };
  }
}

function withDefault(schema: JsonObject, value: unknown): JsonObject {
  return value === undefined ? schema : { ...schema, default: value };
}

export function queryParameter(name: string, rule: ParamRule): JsonObject {
  if (rule.kind !== 'list') {
    return {
      name,
      in: 'query',
      required: false,
      description: `${describeRule(rule)}. Give it once: a repeated ${name} answers 422.`,
      schema: ruleSchema(rule),
    };
  }
  return {
    name,
    in: 'query',
    required: false,
    description: `${describeRule(rule)}. Repeating it (${name}=a&${name}=b) is the same as one comma-separated value.`,
    schema: ruleSchema(rule),
    // The canonical form is one comma list (`include=profile,questions`); the
    // exploded form that openapi-fetch sends by default merges to the same.
    style: 'form',
    explode: false,
  };
}

export function pathParameter(name: string, rule: ParamRule): JsonObject {
  return {
    name,
    in: 'path',
    required: true,
    description: describeRule(rule),
    schema: ruleSchema(rule),
  };
}
