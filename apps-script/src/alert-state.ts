/**
 * What an alert check remembers per entry (docs/alerts.md, "Limits"): the
 * figures of the last check and of the last digest, in one document
 * property per entry, always small enough for its 9 KB.
 */

import { digest as sha256 } from '../../apps-script-platform/response-cache.js';
import { sourceName } from '../../shared/display-format.js';
import { compareFigures, type FigureChange } from '../../shared/noise.js';
import type { ProjectFigures, SourceState } from './alert-figures.js';
import type { Quote } from './alert-messages.js';

export interface Reference {
  points: number;
  answers: number;
}

/** What the last check saw, per project and connection (document properties, one key each). */
export interface AlertState {
  checkedAt: string;
  brand: string;
  score: Reference | null;
  shareOfVoice: Reference | null;
  /** Brands ahead of the own brand at the last check. */
  ahead: string[];
  flaggedWatermark: string | null;
  topAction: string | null;
  sources: Record<string, SourceState>;
  failedRuns: number;
  digest: DigestState | null;
}

export interface DigestState {
  sentAt: string;
  score: Reference | null;
  shareOfVoice: Reference | null;
  ranks: Record<string, number>;
  flaggedWatermark: string | null;
}

/**
 * A rival's name as the state keeps it: short names as they are, long ones
 * as a digest, so ten of them always fit the state's 9 KB property.
 */
export const nameKey = (name: string) =>
  name.length <= 40 ? name : `#${sha256(name).slice(0, 16)}`;

export const reference = (points: number | null, answers: number | null): Reference | null =>
  points === null ? null : { points, answers: answers ?? 0 };

export function compare(before: Reference, after: Reference): FigureChange {
  return compareFigures(before, after);
}

export function ownIndex(figures: ProjectFigures): number {
  return figures.ranking.findIndex((each) => each.own);
}

/** Names ahead of the own brand, as they are (for messages). */
export function brandsAhead(figures: ProjectFigures): string[] {
  const own = ownIndex(figures);
  return own < 0 ? [] : figures.ranking.slice(0, own).map((each) => each.name);
}

export function quotesOf(figures: ProjectFigures): Quote[] {
  return figures.flagged.slice(0, 3).map((each) => ({
    // The platform as the cards name it: "Google AI Overviews", not ai_overviews.
    platform: sourceName(each.platform),
    text: each.quote,
    why: each.why.join(', ') || 'flagged',
  }));
}

export function stateOf(figures: ProjectFigures, previous: AlertState | null): AlertState {
  return {
    checkedAt: new Date().toISOString(),
    brand: figures.brand,
    score: reference(figures.score, figures.answers),
    shareOfVoice: reference(figures.shareOfVoice, figures.answers),
    ahead: brandsAhead(figures).map(nameKey),
    flaggedWatermark: figures.newestFlaggedAt,
    topAction: figures.actions[0] ?? null,
    sources: Object.fromEntries(figures.sources.map((each) => [each.source, each.state])),
    failedRuns: previous?.failedRuns ?? 0,
    digest: previous?.digest ?? null,
  };
}
