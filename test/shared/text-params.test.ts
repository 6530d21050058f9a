/** Text parameters: the server trims them, so the document and the message both need a non-space character. */
import Ajv2020 from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../shared/api/endpoints.js';
import { validateParams } from '../../shared/api/validate.js';
import { buildOpenApiDocument } from '../../shared/openapi/document.js';

const TEXT = [
  ['search-performance', 'country'],
  ['search-performance', 'query_contains'],
  ['search-performance', 'page_contains'],
  ['competitors', 'competitor'],
  ['citations', 'url_contains'],
  ['ai-traffic', 'path_contains'],
] as const;

describe('text parameters of spaces alone', () => {
  it.each(TEXT)('%s %s: one space is refused, and the message says why', (name, param) => {
    const input: Record<string, unknown> = { project: 1001, [param]: ' ' };
    if (param === 'competitor') input.dataset = 'detail';
    const result = validateParams(name, input);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors[param]?.join(' ')).toMatch(/not only spaces/);
    expect(ENDPOINTS[name].params).toHaveProperty(param);
  });

  it('the OpenAPI document asks for a non-space character on each', () => {
    const document = buildOpenApiDocument({ serverUrl: 'http://127.0.0.1:8787' });
    const parameters: Array<{ name: string; schema?: { pattern?: string } }> = [];
    const walk = (value: unknown, depth: number): void => {
      if (depth > 40 || value === null || typeof value !== 'object') return;
      const object = value as Record<string, unknown>;
      if (object.in === 'query' && typeof object.name === 'string')
        parameters.push(object as never);
      for (const item of Object.values(object)) walk(item, depth + 1);
    };
    walk(document, 0);
    for (const [, param] of TEXT) {
      const found = parameters.filter((item) => item.name === param);
      expect(found.length, param).toBeGreaterThan(0);
      for (const item of found) {
        expect(item.schema?.pattern).toBe('\\S');
        expect(new RegExp(item.schema!.pattern!).test(' ')).toBe(false);
      }
    }
  });
});

describe('text length in characters', () => {
  const document = buildOpenApiDocument({ serverUrl: 'http://127.0.0.1:8787' });
  const ajv = new Ajv2020({ strict: false });

  /** The document's schema of one endpoint's query parameter (the operation of its MCP tool). */
  function schemaOf(name: (typeof TEXT)[number][0], param: string): object {
    const operation = Object.values(
      document.paths as Record<
        string,
        { get: { 'x-mcp-tool': string; parameters: Array<{ name: string; schema: object }> } }
      >,
    ).find((item) => item.get['x-mcp-tool'] === ENDPOINTS[name].tool);
    const found = operation?.get.parameters.find((item) => item.name === param);
    if (!found) throw new Error(`no ${param} on ${name} in the document`);
    return found.schema;
  }

  it.each(TEXT)(
    '%s %s: counts characters as the document does, never UTF-16 units',
    (name, param) => {
      const rule = (ENDPOINTS[name].params as Record<string, unknown>)[param] as {
        maxLength: number;
      };
      const schema = schemaOf(name, param);
      const validate = ajv.compile(schema);
      for (const text of [
        '😀'.repeat(rule.maxLength),
        '😀'.repeat(rule.maxLength + 1),
        `a${'𝔸'.repeat(rule.maxLength - 1)}`,
      ]) {
        const input: Record<string, unknown> = { project: 1001, [param]: text };
        if (param === 'competitor') input.dataset = 'detail';
        const result = validateParams(name, input);
        const errors = result.ok ? [] : (result.errors[param] ?? []);
        expect(errors.length === 0, `${param}=${text}: ${errors.join(' ')}`).toBe(validate(text));
        if (errors.length)
          expect(errors.join(' ')).toContain(`not ${rule.maxLength + 1} characters`);
      }
    },
  );

  it('a long value echoed in a message is clipped between characters, never inside one', () => {
    const result = validateParams('ai-traffic', { project: 1001, period: `x${'😀'.repeat(60)}` });
    expect(result.ok).toBe(false);
    const message = result.ok ? '' : (result.errors.period ?? []).join(' ');
    expect(message).toContain('…');
    expect(message).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
  });
});
