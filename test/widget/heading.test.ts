// @vitest-environment happy-dom
/** The card heading every widget shares: attribute, slot, level, default naming the brand. */
import { describe, expect, it } from 'vitest';
import '../../widget/index.js';
import { mount, part, settled, shadow, text } from './dom.js';
import { useFakeApi } from './suite.js';

const api = useFakeApi();

async function brandOf(project: number): Promise<string> {
  return (await api.body(`/api/v1/projects/${project}?include=profile`)).profile.brand_name;
}

const TAGS = ['aivis-visibility-score', 'aivis-competitor-ranking', 'aivis-action-plan'] as const;

describe('the card heading', () => {
  it.each(TAGS)('%s names the brand its data carries, at level 2 by default', async (tag) => {
    const widget = mount(tag, { project: '1001' });
    await settled(widget);
    const heading = part(widget, 'heading')!;
    expect(heading.getAttribute('role')).toBe('heading');
    expect(heading.getAttribute('aria-level')).toBe('2');
    expect(text(heading)).toMatch(new RegExp(` · ${await brandOf(1001)}$`));
  });

  it.each(TAGS)(
    '%s takes the heading attribute and heading-level; inner headings follow',
    async (tag) => {
      const widget = mount(tag, { project: '1001', heading: 'Our brand', 'heading-level': '4' });
      await settled(widget);
      expect(text(part(widget, 'heading'))).toBe('Our brand');
      expect(part(widget, 'heading')!.getAttribute('aria-level')).toBe('4');
      const inner = [...shadow(widget).querySelectorAll('.subheading')];
      for (const each of inner) expect(Number(each.getAttribute('aria-level'))).toBeGreaterThan(4);
    },
  );

  it('keeps heading-level within 2 to 6', async () => {
    const low = mount('aivis-visibility-score', { project: '1001', 'heading-level': '1' });
    const high = mount('aivis-visibility-score', { project: '1001', 'heading-level': '6' });
    await settled(low);
    await settled(high);
    expect(part(low, 'heading')!.getAttribute('aria-level')).toBe('2');
    const levels = [...shadow(high).querySelectorAll('[role="heading"]')].map((each) =>
      each.getAttribute('aria-level'),
    );
    expect(new Set(levels)).toEqual(new Set(['6']));
  });

  it('offers a heading slot whose content replaces the default', async () => {
    const widget = mount('aivis-action-plan', { project: '1001' });
    await settled(widget);
    const slot = shadow(widget).querySelector<HTMLSlotElement>(
      '[part~="heading"] slot[name="heading"]',
    );
    expect(slot).not.toBeNull();
  });

  it('names the project (hidden) before any brand is known, so two projects never share a name', async () => {
    api.hold();
    const first = mount('aivis-visibility-score', { project: '1001' });
    const second = mount('aivis-visibility-score', { project: '1002' });
    await first.updateComplete;
    await second.updateComplete;
    expect(text(part(first, 'heading'))).toBe('AI visibility (project 1001)');
    expect(text(part(second, 'heading'))).toBe('AI visibility (project 1002)');
    api.release();
    await settled(first);
  });
});
