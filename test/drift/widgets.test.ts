// @vitest-environment happy-dom
/**
 * Every data widget against every reshaped variant (support/reshape's
 * rewrite of the real sandbox's answers, applied in-process to what the
 * widget receives) and the old-names scenario: each shows its main figures
 * and never the contract error; what it cannot find is left to Details
 * (docs/service-drift.md).
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { configure } from '../../widget/index.js';
import '../../widget/index.js';
import {
  RESHAPE_VARIANTS,
  type ReshapeVariant,
  reshapeBody,
} from '../../support/reshape/reshape.js';
import { mount, part, parts, settled, shadow, text } from '../widget/dom.js';
import { API_BASE, json } from '../widget/fake-api.js';
import { useFakeApi } from '../widget/suite.js';

const api = useFakeApi({ lang: 'en-US' });

beforeEach(() => {
  // One warning per difference is the administrator's signal (docs/service-drift.md); not this suite's.
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

/** Each widget and how its main figures show: a part with a digit in it, or a list with items. */
const WIDGETS: Array<{ tag: keyof HTMLElementTagNameMap; figures: (widget: HTMLElement) => void }> =
  [
    {
      tag: 'aivis-visibility-score',
      figures: (widget) => {
        expect(text(part(widget, 'score'))).toMatch(/\d/);
        expect(text(part(widget, 'share-of-voice'))).toMatch(/\d/);
      },
    },
    {
      tag: 'aivis-visibility-trend',
      figures: (widget) => expect(parts(widget, 'point').length).toBeGreaterThan(0),
    },
    {
      tag: 'aivis-competitor-ranking',
      figures: (widget) =>
        expect(part(widget, 'list')?.querySelectorAll('li').length).toBeGreaterThan(0),
    },
    {
      tag: 'aivis-citations',
      figures: (widget) =>
        expect(parts(widget, 'value').some((node) => /\d/.test(text(node)))).toBe(true),
    },
    {
      tag: 'aivis-search-opportunities',
      figures: (widget) => expect(parts(widget, 'item').length).toBeGreaterThan(0),
    },
    {
      tag: 'aivis-ai-traffic',
      figures: (widget) => expect(text(part(widget, 'sessions'))).toMatch(/\d/),
    },
    {
      tag: 'aivis-action-plan',
      figures: (widget) => expect(parts(widget, 'action').length).toBeGreaterThan(0),
    },
  ];

function reshapeAnswers(variant: ReshapeVariant): void {
  api.rewrite(async (url, answer) => {
    const response = await answer();
    if (response.status !== 200) return response;
    return json(reshapeBody(variant, `${url.pathname}${url.search}`, await response.json()));
  });
}

async function shows(tag: keyof HTMLElementTagNameMap, figures: (widget: HTMLElement) => void) {
  const widget = mount(tag, { project: '1001' }) as unknown as HTMLElement;
  await settled(widget as never);
  expect(part(widget, 'error'), `${tag} shows an error: ${text(part(widget, 'error'))}`).toBeNull();
  expect(text(shadow(widget))).not.toMatch(/cannot show/);
  figures(widget);
  return widget;
}

/** The dashboard's sections are the widgets above: each shows its main figures there too. */
async function dashboardShows(): Promise<void> {
  const dashboard = mount('aivis-dashboard', { project: '1001' });
  await dashboard.updateComplete;
  const sections = [...shadow(dashboard).querySelectorAll<HTMLElement>('[part~="section"]')];
  expect(sections.length).toBeGreaterThan(0);
  for (const section of sections) {
    await settled(section as never);
    expect(
      part(section, 'error'),
      `${section.localName}: ${text(part(section, 'error'))}`,
    ).toBeNull();
    WIDGETS.find(({ tag }) => tag === section.localName)?.figures(section);
  }
}

describe.each(RESHAPE_VARIANTS)('%s', (variant) => {
  it.each(WIDGETS)('$tag shows its main figures', async ({ tag, figures }) => {
    reshapeAnswers(variant);
    await shows(tag, figures);
  });

  it('aivis-dashboard: every section shows its main figures', async () => {
    reshapeAnswers(variant);
    await dashboardShows();
  });
});

describe('old names', () => {
  it.each(WIDGETS)('$tag shows its main figures', async ({ tag, figures }) => {
    configure({ baseUrl: API_BASE, token: 'aivis_test_old_names', fetch: api.fetch });
    await shows(tag, figures);
  });

  it('aivis-dashboard: every section shows its main figures', async () => {
    configure({ baseUrl: API_BASE, token: 'aivis_test_old_names', fetch: api.fetch });
    await dashboardShows();
  });

  it('the score reads its previous-period change under its old name', async () => {
    configure({ baseUrl: API_BASE, token: 'aivis_test_old_names', fetch: api.fetch });
    const widget = await shows('aivis-visibility-score', () => {});
    expect(text(part(widget, 'change'))).toMatch(/(up|down) from|unchanged|no change/i);
  });
});

describe('degraded, not failed', () => {
  it('another period shape: the score still shows, and its Details name what is missing', async () => {
    reshapeAnswers('period-shape');
    const widget = await shows('aivis-visibility-score', (node) =>
      expect(text(part(node, 'score'))).toMatch(/\d/),
    );
    expect(text(part(widget, 'drift'))).toMatch(/period/);
  });
});
