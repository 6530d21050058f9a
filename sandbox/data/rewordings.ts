/**
 * Questions whose text the customer changes on a day after the default today
 * (docs/sandbox.md, "Time travel"). The service keeps the question's id and
 * starts a new history for it (a question change starts a new history, as its
 * own guidance says; docs/ledger.md, "Versions, not overwrites"): checks
 * before the change keep the old text, checks from that day on ask the new
 * one, and the questions block names the new one. Only days after the default
 * day change, so every figure at 2026-11-15 stays as it was.
 */
import { ANCHOR_DAY } from './calendar.js';

export interface Rewording {
  project: number;
  /** The question's place in the project's list (0 is the primary). */
  index: number;
  /** The first day the new text is asked. */
  day: number;
  text: string;
}

export const REWORDINGS: readonly Rewording[] = [
  {
    project: 1001,
    index: 1,
    day: ANCHOR_DAY + 12,
    text: 'Which analytics platform is quickest to set up for a Shopify store?',
  },
];
