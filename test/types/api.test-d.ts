/**
 * Type tests (vitest typecheck mode): what the compiler lets a caller write
 * against the endpoint table, as openapi-fetch checks its typed calls.
 */
import { describe, expectTypeOf, it } from 'vitest';
import type { ParamsOf } from '../../shared/api/endpoints.js';
import type { ResponseOf } from '../../shared/api/responses.js';
import type { AivisClient, AivisSyncClient } from '../../shared/client/types.js';
import type { ActionPlan } from '../../shared/schemas/action-plan.js';
import type { CitationsByDomain, CitationsByUrl } from '../../shared/schemas/citations.js';
import type { UnavailableSource } from '../../shared/schemas/common.js';
import type {
  CompetitorDetail,
  CompetitorHistory,
  CompetitorRanking,
} from '../../shared/schemas/competitors.js';
import type { ProjectList } from '../../shared/schemas/project.js';
import type { ProjectSummary } from '../../shared/schemas/summary.js';

declare const client: AivisClient;
declare const syncClient: AivisSyncClient;

describe('ParamsOf', () => {
  it('asks for a project on every endpoint below /projects/{project}', () => {
    expectTypeOf<ParamsOf<'summary'>>().toHaveProperty('project').toEqualTypeOf<number>();
    expectTypeOf<{ period: '7d' }>().not.toMatchTypeOf<ParamsOf<'summary'>>();
  });

  it('forbids a project on the project list', () => {
    expectTypeOf<{ project: 1001 }>().not.toMatchTypeOf<ParamsOf<'projects'>>();
    expectTypeOf<Record<string, never>>().toMatchTypeOf<ParamsOf<'projects'>>();
  });

  it('types each parameter from its rule: enums as their words, integers as numbers', () => {
    expectTypeOf<{ project: 1; dataset: 'ranking' }>().toMatchTypeOf<ParamsOf<'competitors'>>();
    expectTypeOf<{ project: 1; dataset: 'nonsense' }>().not.toMatchTypeOf<
      ParamsOf<'competitors'>
    >();
    expectTypeOf<{ project: 1; limit: 10 }>().toMatchTypeOf<ParamsOf<'answers'>>();
    expectTypeOf<{ project: 1; limit: '10' }>().not.toMatchTypeOf<ParamsOf<'answers'>>();
  });

  it('knows no parameter the table does not declare', () => {
    expectTypeOf<ParamsOf<'action-plan'>>().not.toHaveProperty('dataset');
    expectTypeOf<ParamsOf<'summary'>>().not.toHaveProperty('limit');
  });
});

describe('ResponseOf', () => {
  it('is the one schema of a single-schema endpoint', () => {
    expectTypeOf<ResponseOf<'projects'>>().toEqualTypeOf<ProjectList>();
    expectTypeOf<ResponseOf<'summary'>>().toEqualTypeOf<ProjectSummary>();
    expectTypeOf<ResponseOf<'action-plan'>>().toEqualTypeOf<ActionPlan>();
  });

  it('is every schema a parameter can pick', () => {
    expectTypeOf<ResponseOf<'competitors'>>().toEqualTypeOf<
      CompetitorRanking | CompetitorDetail | CompetitorHistory
    >();
    expectTypeOf<ResponseOf<'citations'>>().toEqualTypeOf<CitationsByUrl | CitationsByDomain>();
  });

  it('includes `available: false` on connected sources only', () => {
    expectTypeOf<UnavailableSource>().toMatchTypeOf<ResponseOf<'search-performance'>>();
    expectTypeOf<UnavailableSource>().toMatchTypeOf<ResponseOf<'ai-traffic'>>();
    expectTypeOf<UnavailableSource>().not.toMatchTypeOf<ResponseOf<'summary'>>();
    expectTypeOf<UnavailableSource>().not.toMatchTypeOf<ResponseOf<'competitors'>>();
  });
});

describe('client.get', () => {
  it('returns the response of the endpoint it is given', () => {
    expectTypeOf(client.get('summary', { project: 1001 })).resolves.toEqualTypeOf<ProjectSummary>();
    expectTypeOf(client.get('projects', {})).resolves.toEqualTypeOf<ProjectList>();
    expectTypeOf(syncClient.get('action-plan', { project: 1001 })).toEqualTypeOf<ActionPlan>();
  });

  it('checks the params against that endpoint', () => {
    // @ts-expect-error summary needs its project
    client.get('summary', {});
    // @ts-expect-error the project list has no project
    client.get('projects', { project: 1001 });
    // @ts-expect-error limit is a number
    client.get('answers', { project: 1001, limit: '50' });
    // @ts-expect-error no such endpoint
    client.get('prompts', {});
  });
});
