// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { FORMULA_BRAND } from '../../sandbox/data/hostile.js';
import '../../widget/index.js';
import { mount, part, parts, settled, shadow, text } from './dom.js';
import { json } from './fake-api.js';
import { useFakeApi } from './suite.js';

const api = useFakeApi({ lang: 'en-US' });

interface Row {
  rank: number;
  name: string;
  is_own_brand: boolean;
  visibility: number;
  highlights?: Record<string, string[]>;
}

async function rankingOf(query: string) {
  return api.body<{
    competitors: Row[];
    pagination: { total: number; has_more: boolean };
  }>(`/api/v1/projects/1001/competitors?${query}`);
}

describe('<aivis-competitor-ranking>', () => {
  it('lists the brands of the API in rank order with bars as wide as their visibility', async () => {
    const expected = await rankingOf('limit=15');
    const widget = mount('aivis-competitor-ranking', { project: '1001' });
    await settled(widget);
    const items = parts(widget, 'item');
    expect(items.map((item) => text(item.querySelector('[part~="label"]')))).toEqual(
      expected.competitors.map((row) => row.name),
    );
    expected.competitors.forEach((row, i) => {
      // Set through the CSSOM, not as a style attribute (a strict CSP refuses those).
      expect(items[i]!.querySelector<HTMLElement>('[part~="bar"]')?.style.width).toBe(
        `${row.visibility}%`,
      );
      expect(text(items[i])).toContain(`${row.rank}.`);
    });
  });

  it('marks the own brand in words, not only by colour', async () => {
    const widget = mount('aivis-competitor-ranking', { project: '1001' });
    await settled(widget);
    const own = parts(widget, 'own-brand');
    expect(own).toHaveLength(1);
    expect(text(own[0])).toContain('Your brand');
    const others = parts(widget, 'item').filter(
      (item) => !item.getAttribute('part')?.split(' ').includes('own-brand'),
    );
    for (const item of others) expect(text(item)).not.toContain('Your brand');
  });

  it('pages with keyboard-reachable previous and next buttons (data-api 4.5)', async () => {
    const first = await rankingOf('limit=5');
    const second = await rankingOf('limit=5&offset=5');
    expect(first.pagination.has_more).toBe(true);
    const widget = mount('aivis-competitor-ranking', { project: '1001', limit: '5' });
    await settled(widget);
    const previous = part(widget, 'previous') as HTMLButtonElement;
    const next = part(widget, 'next') as HTMLButtonElement;
    expect(previous.localName).toBe('button');
    expect(previous.disabled).toBe(true);
    expect(next.disabled).toBe(false);
    expect(text(part(widget, 'pager'))).toContain(`Brands 1–5 of ${first.pagination.total}`);
    next.click();
    await new Promise((resolve) => setTimeout(resolve, 0));
    await settled(widget);
    expect(parts(widget, 'label').map(text)).toEqual(second.competitors.map((row) => row.name));
    expect(new URL(api.calls.at(-1)!.url).searchParams.get('offset')).toBe('5');
    expect((part(widget, 'previous') as HTMLButtonElement).disabled).toBe(false);
    (part(widget, 'previous') as HTMLButtonElement).click();
    await new Promise((resolve) => setTimeout(resolve, 0));
    await settled(widget);
    expect(parts(widget, 'label').map(text)).toEqual(first.competitors.map((row) => row.name));
  });

  it('starts again at the first page when an attribute changes', async () => {
    const widget = mount('aivis-competitor-ranking', { project: '1001', limit: '5' });
    await settled(widget);
    (part(widget, 'next') as HTMLButtonElement).click();
    await new Promise((resolve) => setTimeout(resolve, 0));
    await settled(widget);
    widget.setAttribute('limit', '3');
    await new Promise((resolve) => setTimeout(resolve, 0));
    await settled(widget);
    expect(new URL(api.calls.at(-1)!.url).searchParams.get('offset')).toBeNull();
    expect(parts(widget, 'item')).toHaveLength(3);
  });

  it('shows highlight sentences per platform with include-highlights', async () => {
    const expected = await rankingOf('limit=3&include_highlights=true&highlights_per_platform=2');
    const widget = mount('aivis-competitor-ranking', {
      project: '1001',
      limit: '3',
      'include-highlights': '',
      'highlights-per-platform': '2',
    });
    await settled(widget);
    const url = new URL(api.calls[0]!.url);
    expect(url.searchParams.get('include_highlights')).toBe('true');
    expect(url.searchParams.get('highlights_per_platform')).toBe('2');
    const first = parts(widget, 'highlights')[0]!;
    expect(first.localName).toBe('details');
    const sentences = [...first.querySelectorAll('li')].map(text);
    // The API's leading ISO date in the widgets' one date format.
    const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
    expect(sentences).toEqual(
      Object.values(
        (expected.competitors[0] as unknown as { platform_highlights: Record<string, string[]> })
          .platform_highlights,
      )
        .flat()
        .map((line) =>
          line
            .replace(/^\d{4}-\d{2}-\d{2}/, (iso) => day.format(new Date(`${iso}T00:00:00Z`)))
            .replace(/\s+/g, ' ')
            .trim(),
        ),
    );
    expect(sentences.join(' ')).not.toMatch(/\d{4}-\d{2}-\d{2}/);
  });

  it("shows the core's message for an out-of-range limit and sends nothing", async () => {
    const widget = mount('aivis-competitor-ranking', { project: '1001', limit: '51' });
    await settled(widget);
    const error = part(widget, 'error')!;
    expect(error.dataset.code).toBe('validation_failed');
    expect(text(error)).toContain('limit');
    expect(text(error)).toContain('50');
    expect(api.calls).toHaveLength(0);
  });

  it('names the attribute in kebab case for include-highlights', async () => {
    const widget = mount('aivis-competitor-ranking', {
      project: '1001',
      'include-highlights': 'yes',
    });
    await settled(widget);
    expect(text(part(widget, 'error'))).toContain('include-highlights must be true, false, 1 or 0');
  });

  it('renders the formula-like brand name as plain text', async () => {
    const widget = mount('aivis-competitor-ranking', { project: '1001', limit: '50' });
    await settled(widget);
    expect(parts(widget, 'label').map((label) => label.textContent)).toContain(FORMULA_BRAND);
    expect(shadow(widget).querySelectorAll('script, img, iframe')).toHaveLength(0);
  });

  it('has an empty state when no brand was named', async () => {
    api.rewrite(async (_url, answer) => {
      const body = await (await answer()).json();
      return json({
        ...body,
        competitors: [],
        pagination: { offset: 0, limit: 15, returned: 0, total: 0, has_more: false },
      });
    });
    const widget = mount('aivis-competitor-ranking', { project: '1001' });
    await settled(widget);
    expect(text(part(widget, 'empty'))).toContain('No brands were named');
    expect(part(widget, 'pager')).toBeNull();
  });
});
