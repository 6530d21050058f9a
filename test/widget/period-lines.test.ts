// @vitest-environment happy-dom
/**
 * Every card says when its figures are from in the same words and date
 * format: "Last 30 days: Oct 17 – Nov 15, 2026 · data as of …", whether the
 * figures come from the answers (score) or from a connected source (AI
 * traffic, search opportunities).
 */
import { describe, expect, it } from 'vitest';
import '../../widget/index.js';
import { mount, part, settled, text } from './dom.js';
import { useFakeApi } from './suite.js';

useFakeApi({ lang: 'en-US' });

const LINE =
  /^Last \d+ days: [A-Z][a-z]{2} \d{1,2}(, \d{4})? – [A-Z][a-z]{2} \d{1,2}, \d{4} · data as of [A-Z][a-z]{2} \d{1,2}, \d{4}/;

describe('period lines', () => {
  it.each(['aivis-visibility-score', 'aivis-ai-traffic', 'aivis-search-opportunities'] as const)(
    '%s dates its figures like the other cards',
    async (tag) => {
      const widget = mount(tag, { project: '1001' });
      await settled(widget);
      const line = text(part(widget, 'period')).replace(/\s+/g, ' ').trim();
      expect(line).toMatch(LINE);
      expect(line).not.toContain('fetched');
    },
  );
});
