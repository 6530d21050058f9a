/**
 * Type tests: each registered element's tag names its class in
 * HTMLElementTagNameMap, so createElement and querySelector are typed in apps
 * that import the widgets (as Lit's own elements declare themselves).
 */
import { describe, expectTypeOf, it } from 'vitest';
import type {
  AivisActionPlan,
  AivisCompetitorRanking,
  AivisProvider,
  AivisVisibilityScore,
} from '../../widget/index.js';

describe("the widgets' HTMLElementTagNameMap entries", () => {
  it('map every tag to its element class', () => {
    expectTypeOf<
      HTMLElementTagNameMap['aivis-visibility-score']
    >().toEqualTypeOf<AivisVisibilityScore>();
    expectTypeOf<
      HTMLElementTagNameMap['aivis-competitor-ranking']
    >().toEqualTypeOf<AivisCompetitorRanking>();
    expectTypeOf<HTMLElementTagNameMap['aivis-action-plan']>().toEqualTypeOf<AivisActionPlan>();
    expectTypeOf<HTMLElementTagNameMap['aivis-provider']>().toEqualTypeOf<AivisProvider>();
  });

  it('type createElement and querySelector by tag', () => {
    expectTypeOf(document.createElement('aivis-action-plan')).toEqualTypeOf<AivisActionPlan>();
    expectTypeOf(
      document.querySelector('aivis-visibility-score'),
    ).toEqualTypeOf<AivisVisibilityScore | null>();
  });

  it('are elements, so the DOM API applies to them', () => {
    expectTypeOf<AivisCompetitorRanking>().toMatchTypeOf<HTMLElement>();
  });
});
