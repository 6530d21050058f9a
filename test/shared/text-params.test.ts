/** Text parameters: the server trims them, so the document and the message both need a non-space character. */
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
