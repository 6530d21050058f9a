import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stringify } from 'yaml';
import * as z from 'zod/mini';
import { ENDPOINTS, type EndpointName, needsProject } from '../../shared/api/endpoints.js';
import type { ParamRule } from '../../shared/api/param-rules.js';
import { responseVariants } from '../../shared/api/responses.js';
import { validateParams, withDefaults } from '../../shared/api/validate.js';
import { API_ERROR_CODES, ERROR_STATUS, LIMITS } from '../../shared/api/vocabulary.js';
import { buildOpenApiDocument } from '../../shared/openapi/document.js';
import { errorEnvelopeSchema } from '../../shared/schemas/common.js';

// biome-ignore lint/suspicious/noExplicitAny: the test walks a generated JSON document whose shape it asserts
type Json = Record<string, any>;
const doc = buildOpenApiDocument() as Json;
const names = Object.keys(ENDPOINTS) as EndpointName[];
const operationOf = (name: EndpointName): Json => doc.paths[ENDPOINTS[name].path].get;
const parameterOf = (name: EndpointName, param: string): Json =>
  operationOf(name).parameters.find((p: Json) => p.name === param);

/**
 * Parameter sets under which a value may be valid: cross rules make some
 * values legal only next to others (competitors' limit above 50 needs
 * dataset=history, dataset=detail needs a competitor).
 */
const CONTEXTS: Partial<Record<EndpointName, Json[]>> = {
  competitors: [{}, { dataset: 'history' }, { dataset: 'detail', competitor: 'acme' }],
};
const contextsOf = (name: EndpointName, param: string): Json[] =>
  (CONTEXTS[name] ?? [{}]).map((context) => {
    const { [param]: _, ...rest } = context;
    return { ...(needsProject(name) ? { project: 1001 } : {}), ...rest };
  });

function accepted(name: EndpointName, param: string, value: unknown): boolean {
  return contextsOf(name, param).some(
    (context) => validateParams(name, { ...context, [param]: value }).ok,
  );
}

describe('OpenAPI document: third-party lint', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('passes @redocly/openapi-core recommended rules without problems, offline', async () => {
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockRejectedValue(new Error('no network in tests'));
    const config = await createConfig({ extends: ['recommended'] });
    // Lint the YAML form: that is what the sandbox publishes at /openapi/v1.yaml.
    const problems = await lintFromString({
      source: stringify(doc),
      absoluteRef: '/virtual/openapi/v1.yaml',
      config,
    });
    const readable = problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message}`);
    expect(readable).toEqual([]);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('reports a broken document (the lint is not a no-op)', async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const broken = structuredClone(doc);
    delete broken.paths['/projects'].get.responses;
    broken.paths['/projects'].get.parameters = [
      { name: 'x', in: 'query', schema: { $ref: '#/components/schemas/Missing' } },
    ];
    const problems = await lintFromString({
      source: JSON.stringify(broken),
      absoluteRef: '/virtual/broken.json',
      config,
    });
    expect(problems.some((p) => p.severity === 'error')).toBe(true);
  });
});

describe('OpenAPI document: generated from the endpoint table', () => {
  it('is OpenAPI 3.1 with the server URL, bearer security and version 1.0.0', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.version).toBe('1.0.0');
    expect(doc.servers[0].url).toBe('http://127.0.0.1:8787/api/v1');
    const custom = buildOpenApiDocument({ serverUrl: 'https://api.example.com/' }) as Json;
    expect(custom.servers[0].url).toBe('https://api.example.com/api/v1');
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.security).toEqual([{ bearer: [] }]);
  });

  it('has exactly one GET per endpoint, named after its MCP tool', () => {
    expect(Object.keys(doc.paths).sort()).toEqual(names.map((n) => ENDPOINTS[n].path).sort());
    const operationIds = new Set<string>();
    for (const name of names) {
      expect(Object.keys(doc.paths[ENDPOINTS[name].path])).toEqual(['get']);
      const operation = operationOf(name);
      expect(operation['x-mcp-tool']).toBe(ENDPOINTS[name].tool);
      expect(operation.summary).toBe(ENDPOINTS[name].summary);
      operationIds.add(operation.operationId);
    }
    expect(operationIds.size).toBe(names.length);
  });

  it('lists every parameter of the table, and the project path parameter where the path has one', () => {
    for (const name of names) {
      const listed = (operationOf(name).parameters ?? []).map((p: Json) => `${p.in}:${p.name}`);
      const expected = [
        ...(needsProject(name) ? ['path:project'] : []),
        ...Object.keys(ENDPOINTS[name].params).map((param) => `query:${param}`),
      ];
      expect(listed).toEqual(expected);
    }
    expect(parameterOf('answers', 'project')).toMatchObject({
      required: true,
      schema: { type: 'integer' },
    });
  });

  it('allows exactly what validateParams accepts: enums, ranges, lengths, dates and lists', () => {
    let checked = 0;
    for (const name of names) {
      for (const [param, rule] of Object.entries(
        ENDPOINTS[name].params as Record<string, ParamRule>,
      )) {
        const schema = parameterOf(name, param).schema as Json;
        if (schema.enum) {
          for (const value of schema.enum)
            expect(accepted(name, param, value), `${name}.${param}=${value}`).toBe(true);
          expect(accepted(name, param, 'not_a_value')).toBe(false);
        }
        if (schema.type === 'integer' || schema.type === 'number') {
          expect(accepted(name, param, schema.minimum), `${name}.${param} min`).toBe(true);
          expect(accepted(name, param, schema.maximum), `${name}.${param} max`).toBe(true);
          expect(accepted(name, param, schema.minimum - 1), `${name}.${param} below`).toBe(false);
          expect(accepted(name, param, schema.maximum + 1), `${name}.${param} above`).toBe(false);
          if (schema.type === 'integer')
            expect(accepted(name, param, schema.minimum + 0.5)).toBe(false);
        }
        if (schema.type === 'string' && schema.maxLength !== undefined) {
          expect(accepted(name, param, 'a'.repeat(schema.maxLength))).toBe(true);
          expect(accepted(name, param, 'a'.repeat(schema.maxLength + 1))).toBe(false);
        }
        if (schema.format === 'date') {
          expect(accepted(name, param, '2024-02-29')).toBe(true);
          expect(accepted(name, param, '2026-02-30')).toBe(false);
        }
        if (schema.type === 'array') {
          expect(parameterOf(name, param)).toMatchObject({ style: 'form', explode: false });
          expect(accepted(name, param, schema.items.enum.join(','))).toBe(true);
          expect(accepted(name, param, `${schema.items.enum[0]},bogus`)).toBe(false);
        }
        if (schema.type === 'boolean') {
          for (const value of ['true', 'false', '1', '0'])
            expect(accepted(name, param, value)).toBe(true);
          expect(accepted(name, param, 'yes')).toBe(false);
        }
        if (schema.default !== undefined) {
          expect(withDefaults(name, {})[param]).toEqual(schema.default);
        }
        expect(parameterOf(name, param).description).toContain(rule.description);
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(40);
  });

  it('answers 200 with every response variant, and UnavailableSource for connected sources', () => {
    for (const name of names) {
      const schema = operationOf(name).responses['200'].content['application/json'].schema as Json;
      const refs: string[] = schema.$ref ? [schema.$ref] : schema.anyOf.map((s: Json) => s.$ref);
      const ids = responseVariants(name).map((v) => z.globalRegistry.get(v)?.id);
      if (ENDPOINTS[name].connectedSource) ids.push('UnavailableSource');
      expect(refs).toEqual(ids.map((id) => `#/components/schemas/${id}`));
      for (const ref of refs) expect(doc.components.schemas[ref.split('/').pop()!]).toBeDefined();
    }
  });

  it('documents the data-api 7 errors with the ErrorEnvelope, rate-limit headers and Retry-After on 429', () => {
    for (const name of names) {
      const responses = operationOf(name).responses as Json;
      for (const status of [401, 403, 429, 500]) expect(responses[status]).toBeDefined();
      expect(responses[404] !== undefined).toBe(needsProject(name));
      expect(responses['200'].headers['X-RateLimit-Limit']).toBeDefined();
    }
    const components = doc.components.responses as Json;
    for (const [code, status] of Object.entries(ERROR_STATUS)) {
      const response = components[`Error${status}`];
      expect(response.description).toContain(code);
      expect(response.headers['X-RateLimit-Remaining']).toBeDefined();
      const example = response.content['application/json'].examples[code].value;
      expect(errorEnvelopeSchema.safeParse(example).success).toBe(true);
      expect(example.error).toMatchObject({ code, status });
    }
    expect(components.Error429.headers['Retry-After'].schema.type).toBe('integer');
  });

  it('carries zod-generated components without standalone JSON Schema keys', () => {
    const text = JSON.stringify(doc.components.schemas);
    expect(text).not.toContain('"$schema"');
    expect(text).not.toContain('"$id"');
    expect(doc.components.schemas.AnswerRow.properties.checked_at.format).toBe('date-time');
    expect(doc.components.schemas.ErrorEnvelope).toBeDefined();
    const refs = [...JSON.stringify(doc).matchAll(/"#\/components\/schemas\/([A-Za-z]+)"/g)].map(
      (m) => m[1],
    );
    for (const id of refs) expect(doc.components.schemas[id!], id).toBeDefined();
  });
});

/**
 * Runs the pinned Spectral CLI with its `spectral:oas` ruleset on documents in
 * one process (it takes seconds to start); returns the findings per document.
 */
async function spectral(documents: unknown[]): Promise<Json[][]> {
  const require = createRequire(import.meta.url);
  const cli = join(
    dirname(require.resolve('@stoplight/spectral-cli/package.json')),
    'dist/index.js',
  );
  const folder = await mkdtemp(join(tmpdir(), 'aivis-spectral-'));
  try {
    const files = documents.map((_, index) => join(folder, `openapi-${index}.yaml`));
    await Promise.all(documents.map((each, index) => writeFile(files[index]!, stringify(each))));
    await writeFile(join(folder, '.spectral.yaml'), 'extends: ["spectral:oas"]\n');
    const run = await promisify(execFile)(
      process.execPath,
      [
        cli,
        'lint',
        '--ruleset',
        join(folder, '.spectral.yaml'),
        '--format',
        'json',
        '--quiet',
        '--fail-severity',
        'hint',
        ...files,
      ],
      { timeout: 60_000 },
    ).catch((failure: { stdout?: string }) => ({ stdout: failure.stdout ?? '' }));
    const findings = JSON.parse(run.stdout || '[]') as Json[];
    return files.map((file) => findings.filter((finding) => finding.source === file));
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

describe('OpenAPI document: what schema-driven tools need', () => {
  it('Spectral (spectral:oas) reports no error, warning, info or hint, and does report a broken copy', async () => {
    const broken = structuredClone(doc);
    delete broken.paths['/projects'].get.tags;
    delete broken.info.contact;
    const [findings, brokenFindings] = await spectral([doc, broken]);
    expect(findings!.map((f) => `${f.code} ${f.path?.join('.')}: ${f.message}`)).toEqual([]);
    // Not a no-op: the same run flags what the broken copy lacks.
    expect(brokenFindings!.map((f) => f.code)).toEqual(
      expect.arrayContaining(['operation-tags', 'info-contact']),
    );
    // Spectral's CLI loads for seconds on an idle machine and for over 30 s on a loaded
    // one: the test's bound is the run's own (60 s) plus the document's writing.
  }, 90_000);

  it('has info.license and info.contact', () => {
    expect(doc.info.license).toMatchObject({
      name: expect.any(String),
      url: expect.stringMatching(/^https:/),
    });
    expect(doc.info.contact).toMatchObject({
      name: expect.any(String),
      url: expect.stringMatching(/^https:/),
    });
  });

  it('gives competitors one limit range that every dataset accepts, with per-dataset defaults', () => {
    const limit = parameterOf('competitors', 'limit');
    expect(limit.schema).toMatchObject({
      type: 'integer',
      minimum: 1,
      maximum: LIMITS.competitorRanking.max,
    });
    for (const dataset of ['ranking', 'detail', 'history']) {
      const context = { project: 1001, dataset, competitor: 'a' };
      expect(
        validateParams('competitors', { ...context, limit: limit.schema.maximum }).ok,
        dataset,
      ).toBe(true);
      expect(
        validateParams('competitors', { ...context, limit: limit.schema.maximum + 1 }).ok,
      ).toBe(false);
    }
    expect(limit.description).toMatch(
      /ranking \(default 15\).*detail \(default 5\).*history \(default 12\)/,
    );
  });

  it('makes the error code an enum of the documented codes, 405 method_not_allowed included', () => {
    const code = doc.components.schemas.ErrorEnvelope.properties.error.properties.code;
    expect(code.enum).toEqual([...Object.keys(ERROR_STATUS), 'method_not_allowed']);
    expect(code.enum).toEqual([...API_ERROR_CODES]);
    for (const name of names) {
      expect(operationOf(name).responses['405']).toEqual({
        $ref: '#/components/responses/Error405',
      });
    }
    const error405 = doc.components.responses.Error405;
    expect(error405.headers.Allow).toBeDefined();
    expect(
      error405.content['application/json'].examples.method_not_allowed.value.error,
    ).toMatchObject({
      code: 'method_not_allowed',
      status: 405,
    });
  });

  it('bounds every text filter below by one character', () => {
    let texts = 0;
    for (const name of names)
      for (const [param, rule] of Object.entries(
        ENDPOINTS[name].params as Record<string, ParamRule>,
      ))
        if (rule.kind === 'text') {
          expect(parameterOf(name, param).schema.minLength, `${name}.${param}`).toBe(1);
          texts++;
        }
    expect(texts).toBeGreaterThanOrEqual(5);
  });

  it('says nothing internal in public text and carries no ±2^53-1 bounds', () => {
    const text = JSON.stringify(doc);
    expect(text).not.toMatch(/\bspec \d/);
    expect(text).not.toContain('9007199254740991');
  });

  it('puts the rate-limit headers on every response of every operation', () => {
    for (const name of names) {
      for (const [status, response] of Object.entries(operationOf(name).responses as Json)) {
        const resolved = response.$ref
          ? doc.components.responses[response.$ref.split('/').pop()]
          : response;
        expect(resolved.headers['X-RateLimit-Limit'], `${name} ${status}`).toBeDefined();
        expect(resolved.headers['X-RateLimit-Remaining'], `${name} ${status}`).toBeDefined();
      }
    }
  });

  it('documents repeated parameters: lists merge (style form), scalars are refused', () => {
    const include = parameterOf('summary', 'include');
    expect(include).toMatchObject({ style: 'form', explode: false });
    expect(include.description).toMatch(/Repeating it .* same as one comma-separated value/);
    expect(parameterOf('answers', 'platform').description).toMatch(
      /Give it once: a repeated platform answers 422/,
    );
    expect(doc.info.description).toMatch(/repeated one answers 422/);
  });

  it('says when competitors history data is from', () => {
    const history = doc.components.schemas.CompetitorHistory;
    expect(history.description).toMatch(/latest_check_at/);
    expect(history.properties.latest_check_at).toMatchObject({
      type: 'string',
      format: 'date-time',
    });
  });
});
