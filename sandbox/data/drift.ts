/**
 * Named drift steps: the same stored data, moved the way a tracked brand's
 * figures move between two scheduled runs, so a client that compares runs
 * (the Sheets alerts) can be tested against real answers. Each step is a
 * deterministic edit of the newest 30 days of stored answers (or one more
 * day of checks); every endpoint then derives its figures from the edited
 * answers, so the summary, the ranking and the answer rows agree.
 */
import type { StoredAnswer } from './answers.js';
import type { ProjectSpec } from './world.js';

export interface DriftStep {
  description: string;
  /** Days added to the sandbox's today: a later run sees newer checks. */
  days: number;
  /** Edits the stored answers (newest first) in place. */
  apply?: (answers: StoredAnswer[], spec: ProjectSpec, today: number) => void;
}

const WINDOW_DAYS = 30;

const recent = (answers: StoredAnswer[], today: number) =>
  answers.filter((answer) => answer.day > today - WINDOW_DAYS && answer.brand_mentioned !== null);

/** The own brand is no longer named in one of every `every` answers that named it. */
function unname(every: number) {
  return (answers: StoredAnswer[], spec: ProjectSpec, today: number) => {
    let seen = 0;
    for (const answer of recent(answers, today)) {
      if (!answer.brand_mentioned) continue;
      if (++seen % every !== 0) continue;
      answer.brand_mentioned = false;
      answer.prominence_level = 0;
      answer.brand_sentiment = null;
      answer.brand_drawback = null;
      answer.names_brands = (answer.names_brands ?? []).filter((name) => name !== spec.brand_name);
      answer.evidence_quote = `${answer.platform} lists ${answer.names_brands.join(', ')} without naming ${spec.brand_name}.`;
    }
  };
}

export const DRIFT_STEPS = {
  baseline: { description: 'the stored data as generated', days: 0 },
  dip: {
    description: 'the own brand loses 1 in 100 of its mentions of the last 30 days (within noise)',
    days: 0,
    apply: unname(100),
  },
  drop: {
    description: 'the own brand loses 1 in 7 of its mentions of the last 30 days',
    days: 0,
    apply: unname(7),
  },
  overtaken: {
    description:
      "the project's second competitor is named in every second answer of the last 30 days, overtaking the own brand",
    days: 0,
    apply: (answers, spec, today) => {
      const rival = spec.competitors[1]?.name;
      if (!rival) return;
      let seen = 0;
      for (const answer of recent(answers, today)) {
        if (answer.names_brands?.includes(rival) || seen++ % 2 !== 0) continue;
        answer.names_brands = [...(answer.names_brands ?? []), rival];
      }
    },
  },
  next_day: { description: 'one more day of checks: a later run sees newer answers', days: 1 },
} as const satisfies Record<string, DriftStep>;

export type DriftName = keyof typeof DRIFT_STEPS;
