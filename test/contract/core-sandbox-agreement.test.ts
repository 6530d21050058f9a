/**
 * Property test: the core and the sandbox agree. Requests are generated from
 * the OpenAPI document the sandbox serves (every parameter, valid and invalid
 * values, repeated and unknown keys, built-in property names); validateParams
 * and the sandbox over HTTP must give the same verdict (accepted, or 422
 * naming the same parameters), and every answer must validate against the
 * document's schemas with Ajv (JSON Schema 2020-12, as OpenAPI 3.1 uses).
 * The number of runs is fixed, so the test takes a few seconds.
 */
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { type RunningSandbox, startSandbox } from '../../sandbox/server.js';
import { ENDPOINT_NAMES, ENDPOINTS, type EndpointName } from '../../shared/api/endpoints.js';
import { routeInput } from '../../shared/api/query.js';
import { validateParams } from '../../shared/api/validate.js';

// biome-ignore lint/suspicious/noExplicitAny: the document is JSON whose shape the test walks
type Json = Record<string, any>;

const TOKEN = 'aivis_test_entry';
const PROJECTS = [1001, 1002, 1003];
/** Keys no endpoint has, built-in property names among them. */
const UNKNOWN_KEYS = [
  'colour',
  'constructor',
  '__proto__',
  'toString',
  'hasOwnProperty',
  'project',
];
/** Values no rule accepts, or accepts only in some parameters. */
const ODD_VALUES = [
  '',
  ' ',
  'bogus',
  '-1',
  '0',
  '1.5',
  '1e3',
  '99999999999',
  '%ZZ',
  '2026-02-30',
  'true,false',
  'constructor',
  'a'.repeat(201),
];

let sandbox: RunningSandbox;
let document: Json;
let questionIds: Map<number, number[]>;
const ajv = new Ajv2020({ strict: false, allErrors: false });
addFormats(ajv);
const validators = new Map<string, ValidateFunction>();

/** A validator for one schema of the document; `#/components/...` refs resolve inside it. */
function validatorFor(schema: Json): ValidateFunction {
  const key = JSON.stringify(schema);
  let validate = validators.get(key);
  if (!validate) {
    validate = ajv.compile({ ...schema, components: { schemas: document.components.schemas } });
    validators.set(key, validate);
  }
  return validate;
}

async function get(path: string): Promise<{ status: number; body: Json }> {
  const answer = await fetch(`${sandbox.baseUrl}${path}`, {
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  return { status: answer.status, body: (await answer.json()) as Json };
}

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, rateLimit: false });
  document = parse(await (await fetch(`${sandbox.baseUrl}/openapi/v1.yaml`)).text()) as Json;
  // prompt_id must name a question of the project (data-api 7); the core cannot know which.
  questionIds = new Map();
  for (const project of PROJECTS) {
    const summary = await get(`/api/v1/projects/${project}?include=questions`);
    const { primary, additional } = summary.body.questions;
    questionIds.set(
      project,
      [primary, ...additional].map((question: Json) => question.id),
    );
  }
});
afterAll(() => sandbox.close());

/** Text values of one parameter schema that a rule accepts. */
function validValues(name: string, schema: Json, project: number): fc.Arbitrary<string[]> {
  if (name === 'prompt_id')
    return fc.constantFrom(...questionIds.get(project)!).map((id) => [String(id)]);
  if (schema.type === 'array') {
    const items = fc.subarray(schema.items.enum as string[], { minLength: 1 });
    // Either one comma list or the parameter repeated (openapi-fetch's default): both must merge.
    return fc.oneof(
      items.map((list) => [list.join(',')]),
      items.map((list) => list),
    );
  }
  const one = (arbitrary: fc.Arbitrary<string>) => arbitrary.map((value) => [value]);
  if (schema.enum) return one(fc.constantFrom(...(schema.enum as string[])));
  if (schema.type === 'integer')
    return one(
      fc.integer({ min: schema.minimum, max: Math.min(schema.maximum, 2_000_000) }).map(String),
    );
  if (schema.type === 'number')
    return one(
      fc.integer({ min: schema.minimum * 2, max: schema.maximum * 2 }).map((n) => String(n / 2)),
    );
  if (schema.type === 'boolean') return one(fc.constantFrom('true', 'false', '1', '0', 'TRUE'));
  if (schema.format === 'date')
    return one(
      fc
        .date({ min: new Date('2024-01-01'), max: new Date('2026-12-31'), noInvalidDate: true })
        .map((date) => date.toISOString().slice(0, 10)),
    );
  return one(fc.string({ minLength: 1, maxLength: schema.maxLength ?? 20 }));
}

/** Query pairs for one operation: some parameters valid, some odd, some repeated, some unknown. */
function queryFor(parameters: Json[], project: number): fc.Arbitrary<Array<[string, string]>> {
  const perParameter = parameters.map((parameter) =>
    fc
      .oneof(
        { weight: 4, arbitrary: fc.constant<string[]>([]) },
        { weight: 4, arbitrary: validValues(parameter.name, parameter.schema, project) },
        { weight: 1, arbitrary: fc.constantFrom(...ODD_VALUES).map((value) => [value]) },
        {
          weight: 1,
          arbitrary: fc
            .tuple(
              validValues(parameter.name, parameter.schema, project),
              fc.constantFrom(...ODD_VALUES),
            )
            .map(([values, odd]) => [...values, odd]),
        },
      )
      .map((values) => values.map((value): [string, string] => [parameter.name, value])),
  );
  const unknown = fc.array(
    fc.tuple(fc.constantFrom(...UNKNOWN_KEYS), fc.constantFrom('1', 'x', '')),
    { maxLength: 2 },
  );
  return fc.tuple(fc.tuple(...perParameter), unknown).chain(([known, extra]) =>
    fc.shuffledSubarray([...known.flat(), ...extra], {
      minLength: known.flat().length + extra.length,
    }),
  );
}

const encode = (pairs: Array<[string, string]>) =>
  pairs.map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`).join('&');

describe('core and sandbox agree on requests generated from the OpenAPI document', () => {
  it('same verdict from validateParams and the sandbox; every answer valid against the document (Ajv)', async () => {
    const stats = { accepted: 0, refused: 0 };
    const request = fc
      .tuple(fc.constantFrom(...ENDPOINT_NAMES), fc.constantFrom(...PROJECTS))
      .chain(([name, project]) => {
        const operation = document.paths[ENDPOINTS[name].path].get as Json;
        const query = (operation.parameters ?? []).filter((p: Json) => p.in === 'query');
        return queryFor(query, project).map((pairs) => ({ name, project, pairs, operation }));
      });
    await fc.assert(
      fc.asyncProperty(request, async ({ name, project, pairs, operation }) => {
        const path = ENDPOINTS[name as EndpointName].path.replace('{project}', String(project));
        const answer = await get(`/api/v1${path}${pairs.length ? `?${encode(pairs)}` : ''}`);
        const read = routeInput(
          pairs,
          path.includes(String(project)) ? String(project) : undefined,
        );
        const core =
          'errors' in read
            ? { ok: false as const, errors: read.errors }
            : validateParams(name, read.input, { unknownParams: 'ignore' });
        const label = `${answer.status} ${path}?${encode(pairs)}`;
        if (core.ok) {
          stats.accepted++;
          expect(answer.status, label).toBe(200);
          const validate = validatorFor(
            operation.responses['200'].content['application/json'].schema,
          );
          expect(validate(answer.body), `${label}: ${ajv.errorsText(validate.errors)}`).toBe(true);
        } else {
          stats.refused++;
          expect(answer.status, label).toBe(422);
          expect(Object.keys(answer.body.error.errors).sort(), label).toEqual(
            Object.keys(core.errors).sort(),
          );
          const validate = validatorFor({ $ref: '#/components/schemas/ErrorEnvelope' });
          expect(validate(answer.body), `${label}: ${ajv.errorsText(validate.errors)}`).toBe(true);
        }
      }),
      { numRuns: 250, seed: 19 },
    );
    // The generator reaches both verdicts often enough to mean something.
    expect(stats.accepted).toBeGreaterThan(40);
    expect(stats.refused).toBeGreaterThan(40);
  });

  it('Ajv is not a no-op: a body missing a required field or with a wrong type fails', async () => {
    const answers = await get('/api/v1/projects/1001/answers?limit=2');
    const schema =
      document.paths['/projects/{project}/answers'].get.responses['200'].content['application/json']
        .schema;
    const validate = validatorFor(schema);
    expect(validate(answers.body)).toBe(true);
    const { pagination: _, ...withoutPagination } = answers.body;
    expect(validate(withoutPagination)).toBe(false);
    expect(
      validate({
        ...answers.body,
        answers: [{ ...answers.body.answers[0], checked_at: 'yesterday' }],
      }),
    ).toBe(false);
    const envelope = validatorFor({ $ref: '#/components/schemas/ErrorEnvelope' });
    expect(envelope({ error: { code: 'teapot', message: 'x', status: 418 } })).toBe(false);
  });
});
