/**
 * A reconciled body's differences (reconcile.ts) in plain words, apart from
 * the reading itself: a card needs the words only once an answer differed,
 * and loads them later (widget/internal/explanations-loader.ts).
 */
import { conceptOf } from '../aliases.js';
import type { Difference } from './body-check.js';

/**
 * A difference a card shows in its Details and logs (missing, renamed,
 * another type), in plain words; the drift report words its own (shared/drift.ts).
 */
export function describeDifference({
  path,
  kind,
  names,
  found,
  expected,
  read,
}: Difference): string {
  return kind === 'missing'
    ? `The service's answer has no ${conceptOf(path.replace(/\[\]/g, '').split('.').pop() ?? '')} (looked for ${names?.join(', ')} at ${path})`
    : `${path}: ${kind === 'renamed' ? `found under another name, ${found}` : `${expected}; ${read ? 'read anyway' : 'left out'}`}`;
}
