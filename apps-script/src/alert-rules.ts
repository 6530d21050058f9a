/**
 * The alert rules, one entry each (docs/alerts.md, "What each setting
 * does"): the setting's key, the sidebar's label, the docs' description,
 * the default a saved spreadsheet without the setting gets, and the check
 * that turns a project's figures into alerts and their messages. The
 * settings check, the stored-settings reader, the sidebar's inputs
 * (scripts/sheets/html.ts) and the docs table
 * (scripts/sheets/alert-rules-table.ts) are all read from this table, so a
 * rule is added here only (docs/contributing.md, "Adding an alert rule").
 */

import { sourceName } from '../../shared/display-format.js';
import { describeChange } from '../../shared/noise.js';
import type { ProjectFigures } from './alert-figures.js';
import { type Alert, messageFormat, type Quote } from './alert-messages.js';
import {
  type AlertState,
  brandsAhead,
  compare,
  nameKey,
  ownIndex,
  quotesOf,
} from './alert-state.js';

/** What a rule's check reads and fills. */
export interface RuleContext {
  previous: AlertState;
  /** The state to store; a check may keep an old reference in it. */
  next: AlertState;
  figures: ProjectFigures;
  base: { project: number; brand: string; quotes: Quote[] };
  alerts: Alert[];
  /** Why the rule did not alert, for the run log. */
  quiet: string[];
}

interface RuleBase {
  /** The setting's key in saved settings and in `aivisSaveAlerts`. */
  key: string;
  /** Keys this setting was saved under by earlier versions, read as this one. */
  formerKeys?: readonly string[];
  /** The sidebar's label. */
  label: string;
  /** The docs table's "What it does". */
  description: string;
  /** Alert kinds its check produces (the run log names them). */
  kinds: readonly string[];
}

export interface PointsRule extends RuleBase {
  type: 'points';
  default: number;
  /** Runs on every check; `value` 0 means the rule is off. */
  check: (context: RuleContext, value: number) => void;
}

export interface SwitchRule extends RuleBase {
  type: 'switch';
  default: boolean;
  /** Runs on each check when switched on; null: checked by the scheduled run itself (alerts.ts). */
  check: ((context: RuleContext) => void) | null;
}

export type AlertRule = PointsRule | SwitchRule;

/** A figure rule: alerts when `key` moved by at least `threshold` points and beyond noise. */
function figureRule(
  context: RuleContext,
  threshold: number,
  kind: 'score_change' | 'share_of_voice_change',
  label: string,
  key: 'score' | 'shareOfVoice',
): void {
  const { previous, next } = context;
  const before = previous[key];
  const after = next[key];
  if (threshold <= 0) {
    next[key] = before ?? after;
    return;
  }
  if (!before || !after) {
    // A figure the answer lacks this time keeps its reference for the next check.
    if (!after) next[key] = before;
    return;
  }
  const change = compare(before, after);
  // As the cards show them: a score "54.4", a share "17.9%".
  const shown = key === 'score' ? messageFormat().score : messageFormat().percent;
  const large = Math.abs(change.change) >= threshold;
  if (large && change.beyondNoise) {
    context.alerts.push({
      ...context.base,
      kind,
      // "fell 7.7 points": the verb carries the direction, so the figure drops its sign.
      headline: `${label} ${change.change < 0 ? 'fell' : 'rose'} ${describeChange(change).replace(/^[+\u2212]/, '')}`,
      details: [`${label}: ${shown(before.points)} → ${shown(after.points)}.`],
    });
    return; // The new figure becomes the reference.
  }
  if (change.change !== 0) {
    context.quiet.push(
      `${label} ${describeChange(change)}: ${large ? 'within noise' : `below the ${threshold}-point threshold`}`,
    );
  }
  // Not alerted: keep the old reference, so a slow drift adds up until it counts.
  next[key] = before;
}

export const ALERT_RULES = [
  {
    key: 'score_or_share_change',
    formerKeys: ['score_change'],
    type: 'points',
    default: 3,
    label: 'The visibility score or share of voice moves by at least (points; 0 turns it off)',
    description:
      'the visibility score or the share of voice moved by at least this many points since the last alert **and** by more than sampling noise (below); 0 turns it off',
    kinds: ['score_change', 'share_of_voice_change'],
    check: (context, value) => {
      figureRule(context, value, 'score_change', 'Visibility score', 'score');
      figureRule(context, value, 'share_of_voice_change', 'Share of voice', 'shareOfVoice');
    },
  },
  {
    key: 'competitor_overtakes',
    type: 'switch',
    default: true,
    label: 'A competitor overtakes the brand',
    description:
      'a brand passed the own brand in the competitors ranking; names it with both figures',
    kinds: ['competitor_overtakes'],
    check: ({ figures, previous, base, alerts }) => {
      const own = figures.ranking[ownIndex(figures)];
      const passed = brandsAhead(figures).filter(
        (name) => !previous.ahead.includes(nameKey(name)) && !previous.ahead.includes(name),
      );
      for (const name of passed) {
        const rival = figures.ranking.find((each) => each.name === name)!;
        alerts.push({
          ...base,
          kind: 'competitor_overtakes',
          headline: `${name} overtook ${figures.brand} in the ranking`,
          details: [
            `${name}: visibility ${messageFormat().percent(rival.visibility)} (rank ${rival.rank}); ${figures.brand}: ${own ? `${messageFormat().percent(own.visibility)} (rank ${own.rank})` : 'not in the top ten'}.`,
          ],
        });
      }
    },
  },
  {
    key: 'flagged_answers',
    type: 'switch',
    default: true,
    label: 'New flagged answers (negative, drawback, off topic)',
    description:
      'answers newly flagged since the last check (negative, naming a drawback, or off topic), with up to three quotes and their platforms',
    kinds: ['flagged_answers'],
    check: ({ figures, base, alerts }) => {
      if (figures.flagged.length === 0) return;
      const count = `${figures.flagged.length}${figures.flaggedMore ? '+' : ''}`;
      alerts.push({
        ...base,
        kind: 'flagged_answers',
        headline: `${count} newly flagged answer${figures.flagged.length === 1 ? '' : 's'} (negative, naming a drawback or off topic)`,
        details: [],
        quotes: quotesOf(figures),
      });
    },
  },
  {
    key: 'source_stale',
    type: 'switch',
    default: true,
    label: 'A connected source becomes stale or unavailable',
    description:
      'a connected source (GA4, Google Search Console, Bing Webmaster Tools) became stale or unavailable',
    kinds: ['source_stale'],
    check: ({ figures, previous, base, alerts }) => {
      for (const source of figures.sources) {
        const before = previous.sources[source.source] ?? 'fresh';
        if (source.state === 'fresh' || before !== 'fresh') continue;
        alerts.push({
          ...base,
          kind: 'source_stale',
          headline: `${sourceName(source.source)} became ${source.state}`,
          details: [
            source.fetchedAt
              ? `Newest stored snapshot: ${messageFormat().dateTime(source.fetchedAt)}.`
              : 'No snapshot is stored.',
          ],
        });
      }
    },
  },
  {
    key: 'run_failed',
    type: 'switch',
    default: true,
    label: 'The scheduled refresh fails twice in a row',
    description: 'the scheduled refresh failed twice in a row',
    kinds: ['run_failed'],
    // Counted across scheduled runs, not from figures: alerts.ts checks it.
    check: null,
  },
  {
    key: 'top_action',
    type: 'switch',
    default: false,
    label: 'The top action of the plan changes',
    description: 'the first action of the action plan changed',
    kinds: ['top_action'],
    check: ({ previous, next, base, alerts }) => {
      if (previous.topAction === null || next.topAction === null) return;
      if (next.topAction === previous.topAction) return;
      alerts.push({
        ...base,
        kind: 'top_action',
        headline: 'The top action of the plan changed',
        details: [`Now: ${next.topAction}`, `Before: ${previous.topAction}`],
      });
    },
  },
] as const satisfies readonly AlertRule[];

type Rules = (typeof ALERT_RULES)[number];
export type RuleKey = Rules['key'];
/** The alert kinds the rules produce (the run log names them). */
export type RuleAlertKind = Rules['kinds'][number];

/** The saved rule settings: a number of points or a switch per rule. */
export type AlertRules = {
  [Rule in Rules as Rule['key']]: Rule['type'] extends 'points' ? number : boolean;
};

/** Every rule at its default (a saved setting missing a newer rule reads as this). */
export function defaultRules(): AlertRules {
  return Object.fromEntries(ALERT_RULES.map((rule) => [rule.key, rule.default])) as AlertRules;
}

/** Runs every rule's check for an entry's settings (docs/alerts.md, "What each setting does"). */
export function runRuleChecks(rules: AlertRules, context: RuleContext): void {
  for (const rule of ALERT_RULES as readonly AlertRule[]) {
    const value = (rules as Record<string, number | boolean>)[rule.key] ?? rule.default;
    if (rule.type === 'points') rule.check(context, Number(value));
    else if (rule.check && value === true) rule.check(context);
  }
}
