/**
 * Rules across parameters are data on the endpoint table (cross-rules.ts):
 * the same declaration refuses a query, says why, and appears in every
 * description (the OpenAPI document here; the Sheets and Looker help and the
 * explorer read the same describeRule).
 */
import { describe, expect, it } from 'vitest';
import {
  type CrossRules,
  crossRuleViolations,
  describeCrossRules,
  pageCap,
} from '../../shared/api/cross-rules.js';
import { ENDPOINTS, type EndpointName } from '../../shared/api/endpoints.js';
import { describeRule, type ParamRule } from '../../shared/api/param-rules.js';
import { validateParams } from '../../shared/api/validate.js';
import { pageSizeOf } from '../../shared/client/paging.js';
import { buildOpenApiDocument } from '../../shared/openapi/document.js';

const declared = (Object.keys(ENDPOINTS) as EndpointName[]).flatMap((name) =>
  Object.entries(ENDPOINTS[name].params as Record<string, ParamRule>)
    .filter(([, rule]) => rule.cross)
    .map(([param, rule]) => ({ name, param, rule, cross: rule.cross as CrossRules })),
);

describe('cross-parameter rules as data', () => {
  it('are declared where data-api 4 has them', () => {
    expect(declared.map(({ name, param }) => `${name}.${param}`)).toEqual(
      expect.arrayContaining([
        'answers.until',
        'answers.limit',
        'search-performance.dataset',
        'search-performance.max_position',
        'competitors.competitor',
        'competitors.limit',
        'citations.platform',
        'citations.prompt_id',
        'citations.url_contains',
      ]),
    );
  });

  it('every clause is in the OpenAPI description of its parameter', () => {
    const document = buildOpenApiDocument() as {
      paths: Record<string, { get: { parameters: Array<{ name: string; description: string }> } }>;
    };
    for (const { name, param, rule, cross } of declared) {
      const parameter = document.paths[ENDPOINTS[name].path]?.get.parameters.find(
        (each) => each.name === param,
      );
      const clauses = describeCrossRules(cross, rule.kind, 'max' in rule ? rule.max : undefined);
      expect(clauses.length, `${name}.${param}`).toBeGreaterThan(0);
      for (const clause of clauses) {
        expect(parameter?.description, `${name}.${param}`).toContain(clause);
        expect(describeRule(rule)).toContain(clause);
      }
    }
  });

  it('refuses a URL-grouping filter with group_by=domain, naming what is allowed', () => {
    const result = validateParams('citations', {
      project: 1,
      group_by: 'domain',
      url_contains: 'x',
    });
    expect(result.ok ? [] : result.errors.url_contains).toEqual([
      'is allowed only with group_by=url, not with group_by=domain: remove it or set group_by=url',
    ]);
    expect(validateParams('citations', { project: 1, url_contains: 'x' }).ok).toBe(true);
  });

  it('reads a filter of the list datasets on other datasets without refusing it (usedWhen)', () => {
    expect(validateParams('search-performance', { project: 1, query_contains: 'shoe' }).ok).toBe(
      true,
    );
  });

  it('orders numbers and dates by kind, and only when both are given', () => {
    const numbers = validateParams('search-performance', {
      project: 1,
      min_position: 5,
      max_position: 2,
    });
    expect(numbers.ok ? [] : numbers.errors.max_position).toEqual([
      'must be at least min_position (5)',
    ]);
    expect(validateParams('answers', { project: 1, until: '2026-01-01' }).ok).toBe(true);
  });

  it('applies a default and a maximum by another parameter’s value', () => {
    const rules: CrossRules = {
      perValue: { param: 'dataset', defaults: { a: 5, b: 12 }, max: { a: 10, b: 50 } },
    };
    expect(crossRuleViolations('limit', rules, 'int', { dataset: 'a', limit: 11 })).toEqual([
      "must be at most 10 when dataset=a, not '11'",
    ]);
    expect(crossRuleViolations('limit', rules, 'int', { dataset: 'b', limit: 11 })).toEqual([]);
    expect(describeCrossRules(rules, 'int', 50)).toEqual([
      'by dataset: a (default 5, maximum 10), b (default 12)',
    ]);
    expect(pageSizeOf('competitors', { project: 1, dataset: 'history' })).toBe(12);
    expect(pageSizeOf('competitors', { project: 1, dataset: 'detail' })).toBe(5);
  });

  it('caps the page with answer text (data-api 4.3 rule 2)', () => {
    const limit = ENDPOINTS.answers.params.limit;
    expect(limit.cross && pageCap(limit.cross, 50, { include_answer_text: true })).toBe(20);
    expect(pageSizeOf('answers', { project: 1, include_answer_text: true, limit: 50 })).toBe(20);
    expect(pageSizeOf('answers', { project: 1, limit: 50 })).toBe(50);
  });
});
