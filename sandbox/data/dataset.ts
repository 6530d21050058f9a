/**
 * The sandbox's stored data for one clock. Projects are generated lazily on
 * first use and kept, so start-up is instant and the same seed and `now`
 * always give byte-identical responses.
 */
import {
  checkDays,
  generateAnswers,
  generateQuestions,
  laterCheckDays,
  type StoredAnswer,
  type StoredQuestion,
} from './answers.js';
import { ANCHOR_DAY, DEFAULT_TODAY, dayOf, isoOf } from './calendar.js';
import { DRIFT_STEPS, type DriftName } from './drift.js';
import { generateSearchStore, type SearchStore } from './search.js';
import { generateTrafficStore, type TrafficStore } from './traffic.js';
import { type AccountId, PROJECT_SPECS, type ProjectSpec, projectSpec } from './world.js';

export const DEFAULT_NOW = DEFAULT_TODAY;

export interface ProjectData {
  spec: ProjectSpec;
  questions: StoredQuestion[];
  /** Newest first. */
  answers: StoredAnswer[];
  firstCheckDay: number;
  lastCheckDay: number;
  search: { google: SearchStore | undefined; bing: SearchStore | undefined };
  traffic: TrafficStore | undefined;
  /** Memo for period-sliced answers and aggregates, keyed by the caller. */
  memo: Map<string, unknown>;
}

export interface Dataset {
  /** The sandbox's today as a day number; the latest completed check is on this day. */
  today: number;
  now: string;
  projectsOf(account: AccountId): ProjectSpec[];
  /** The project's data, or undefined when it does not exist. */
  project(id: number): ProjectData | undefined;
}

/** The data on `now`, moved by a named drift step (sandbox/data/drift.ts; default none). */
export function createDataset(now: string = DEFAULT_NOW, drift: DriftName = 'baseline'): Dataset {
  const step = DRIFT_STEPS[drift];
  if (!step) throw new Error(`drift must be one of ${Object.keys(DRIFT_STEPS).join(', ')}`);
  const today = dayOf(now) + step.days;
  if (!Number.isFinite(today)) throw new Error(`now must be a date as YYYY-MM-DD, not '${now}'`);
  const cache = new Map<number, ProjectData>();
  return {
    today,
    now: step.days ? isoOf(today) : now,
    projectsOf: (account) => PROJECT_SPECS.filter((spec) => spec.account === account),
    project(id) {
      const cached = cache.get(id);
      if (cached) return cached;
      const spec = projectSpec(id);
      if (!spec) return undefined;
      const questions = generateQuestions(spec, today);
      // A drift step's extra days regenerate the history for its day (sandbox/data/drift.ts).
      const anchor = step.days ? today : ANCHOR_DAY;
      const days = [
        ...checkDays(spec, Math.min(today, ANCHOR_DAY)),
        ...laterCheckDays(spec, today),
      ];
      const answers = generateAnswers(spec, questions, today, anchor);
      if ('apply' in step) step.apply(answers, spec, today);
      const data: ProjectData = {
        spec,
        questions,
        answers,
        firstCheckDay: days[0] ?? today,
        lastCheckDay: days[days.length - 1] ?? today,
        search: {
          google: spec.google ? generateSearchStore(spec, 'google', spec.google, today) : undefined,
          bing: spec.bing ? generateSearchStore(spec, 'bing', spec.bing, today) : undefined,
        },
        traffic: spec.ga4 ? generateTrafficStore(spec, spec.ga4, today) : undefined,
        memo: new Map(),
      };
      cache.set(id, data);
      return data;
    },
  };
}

/** Memoizes a value per project under a key (period slices, aggregates). */
export function remember<T>(data: ProjectData, key: string, build: () => T): T {
  if (!data.memo.has(key)) data.memo.set(key, build());
  return data.memo.get(key) as T;
}
