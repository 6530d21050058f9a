// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { compareFigures } from '../../shared/noise.js';
import { pollUntil } from '../../support/poll.js';
import '../../widget/index.js';
import { mount, part, parts, settled, shadow, text } from './dom.js';
import { json } from './fake-api.js';
import { useFakeApi } from './suite.js';

const api = useFakeApi({ lang: 'en-US' });

const summaryOf = (project: number, query = 'include=ai_visibility,connections') =>
  api.body(`/api/v1/projects/${project}?${query}`);

describe('<aivis-visibility-score>', () => {
  it('shows a skeleton with aria-busy while loading', async () => {
    api.hold();
    const widget = mount('aivis-visibility-score', { project: '1001' });
    await widget.updateComplete;
    expect(part(widget, 'base')?.getAttribute('aria-busy')).toBe('true');
    expect(part(widget, 'skeleton')).not.toBeNull();
    api.release();
    await settled(widget);
    expect(part(widget, 'skeleton')).toBeNull();
  });

  it('draws its skeleton without making date formats, and makes them before the answer comes', async () => {
    api.hold();
    const Original = Intl.DateTimeFormat;
    const locales: unknown[] = [];
    Intl.DateTimeFormat = class extends Original {
      constructor(locale?: Intl.LocalesArgument, options?: Intl.DateTimeFormatOptions) {
        locales.push(locale);
        super(locale, options);
      }
    } as typeof Intl.DateTimeFormat;
    try {
      // A locale no other test uses: its formats are not in the page's cache yet.
      const widget = mount('aivis-visibility-score', { project: '1001', locale: 'fr-CA' });
      await widget.updateComplete;
      expect(part(widget, 'skeleton')).not.toBeNull();
      expect(locales).not.toContain('fr-CA');
      await pollUntil(() => locales.includes('fr-CA'), {
        what: 'the fr-CA date formats, made while the answer is held',
      });
      expect(part(widget, 'skeleton')).not.toBeNull();
      api.release();
      await settled(widget);
      expect(text(part(widget, 'score'))).toMatch(/\d,\d/);
    } finally {
      Intl.DateTimeFormat = Original;
    }
  });

  it("shows the API's score, change, share of voice and every platform's mentions", async () => {
    const expected = (await summaryOf(1001)).ai_visibility;
    const widget = mount('aivis-visibility-score', { project: '1001' });
    await settled(widget);
    expect(text(part(widget, 'score'))).toContain(expected.score.toFixed(1));
    expect(text(part(widget, 'share-of-voice'))).toContain(`${expected.share_of_voice}%`);
    const change = part(widget, 'change')!;
    const delta = expected.performance_comparison.score_delta as number;
    expect(change.dataset.direction).toBe(delta > 0 ? 'up' : delta < 0 ? 'down' : 'flat');
    expect(text(change)).toContain(delta > 0 ? 'up from' : 'down from');
    expect(text(change)).toContain(delta > 0 ? '▲' : '▼');
    // The arrow is the sign: the figure is its size alone (no "▼ −1.9").
    expect(text(change)).toContain(`${delta > 0 ? '▲' : '▼'} ${Math.abs(delta).toFixed(1)} points`);
    const rows = shadow(widget).querySelectorAll('.platform');
    expect(rows).toHaveLength(expected.mentions_by_platform.length);
    expected.mentions_by_platform.forEach(
      (row: { mentions: number; answers: number; mention_rate: number }, i: number) => {
        expect(text(rows[i])).toContain(`${row.mentions} of ${row.answers} answers`);
        const bar = rows[i]!.querySelector<HTMLElement>('[part~="bar"]')!;
        expect(bar.style.width).toBe(`${row.mention_rate}%`);
        // The chart's figures are text; the bar itself is hidden from assistive technology.
        expect(bar.parentElement?.getAttribute('aria-hidden')).toBe('true');
      },
    );
  });

  it('says "within noise" beside a change smaller than two standard errors, and not beside a larger one', async () => {
    const { ai_visibility: visibility } = await summaryOf(1001);
    const answers = visibility.mentions_by_platform.reduce(
      (sum: number, row: { answers: number }) => sum + row.answers,
      0,
    );
    const noise = compareFigures(
      { points: visibility.performance_comparison.previous_score, answers },
      { points: visibility.score, answers },
    );
    expect(noise.beyondNoise).toBe(false);
    const widget = mount('aivis-visibility-score', { project: '1001' });
    await settled(widget);
    expect(text(part(widget, 'change'))).toMatch(/in the previous period \([^)]*\), within noise$/);
    // Within noise is neither a rise nor a fall in colour, and the arrow is the only sign.
    expect(part(widget, 'change')?.classList.contains('noise')).toBe(true);
    expect(part(widget, 'change')?.classList.contains('down')).toBe(false);
    expect(text(part(widget, 'change'))).not.toMatch(/[−+-]\d/);

    // The same answers, a previous score far enough away: no "within noise".
    api.rewrite(async (_url, answer) => {
      const body = await (await answer()).json();
      const previous = body.ai_visibility.score - 10;
      return json({
        ...body,
        ai_visibility: {
          ...body.ai_visibility,
          performance_comparison: {
            ...body.ai_visibility.performance_comparison,
            previous_score: previous,
            score_delta: 10,
          },
        },
      });
    });
    // Another period, so the answer is not the one the first card cached.
    const moved = mount('aivis-visibility-score', { project: '1001', period: 'last_60_days' });
    await settled(moved);
    expect(text(part(moved, 'change'))).toContain('10.0 points, up from');
    expect(text(part(moved, 'change'))).not.toContain('+10.0');
    expect(part(moved, 'change')?.classList.contains('up')).toBe(true);
    expect(text(part(moved, 'change'))).not.toContain('within noise');
  });

  it('says when the period fell back from the one asked for (project 1003)', async () => {
    const widget = mount('aivis-visibility-score', { project: '1003', period: 'last_year' });
    await settled(widget);
    const period = text(part(widget, 'period'));
    expect(period).toContain('Last 30 days');
    expect(text(part(widget, 'fallback'))).toContain('Last year was asked for');
    expect(text(part(widget, 'change'))).toContain('No previous period');
  });

  it('says when the data is from: the latest check the period is anchored to (data-api 1, data-api 8)', async () => {
    const { period } = await summaryOf(1001);
    expect(period.latest_check_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const widget = mount('aivis-visibility-score', { project: '1001', locale: 'en-US' });
    await settled(widget);
    const expected = new Intl.DateTimeFormat('en-US', {
      dateStyle: 'medium',
      timeStyle: 'short',
    }).format(new Date(period.latest_check_at));
    expect(text(part(widget, 'as-of'))).toContain(expected);
  });

  it('shows no stale-source notice: Bing, stale for project 1001, does not feed the score', async () => {
    const connections = (await summaryOf(1001)).connections;
    expect(connections.bing_webmaster_tools.is_stale).toBe(true);
    const widget = mount('aivis-visibility-score', { project: '1001' });
    await settled(widget);
    expect(part(widget, 'score')).not.toBeNull();
    expect(parts(widget, 'notice')).toHaveLength(0);
    expect(text(shadow(widget))).not.toContain('Bing');
  });

  it('names the brand from the profile in its heading', async () => {
    const summary = await summaryOf(1001, 'include=profile');
    const widget = mount('aivis-visibility-score', { project: '1001' });
    await settled(widget);
    expect(text(part(widget, 'heading'))).toBe(`AI visibility · ${summary.profile.brand_name}`);
  });

  it("shows the core's validation message for an invalid attribute and sends nothing", async () => {
    const widget = mount('aivis-visibility-score', { project: '1001', period: 'yesterday' });
    await settled(widget);
    const error = part(widget, 'error')!;
    expect(error.dataset.code).toBe('validation_failed');
    expect(text(error)).toContain('period');
    expect(text(error)).toContain('last_30_days');
    expect(text(error)).toContain("not 'yesterday'");
    expect(api.calls).toHaveLength(0);
  });

  it('asks for a project when none is given', async () => {
    const widget = mount('aivis-visibility-score', {});
    await settled(widget);
    expect(text(part(widget, 'error'))).toContain('project is required');
  });

  it('formats numbers in the locale attribute, else the page language', async () => {
    const german = mount('aivis-visibility-score', { project: '1001', locale: 'de-DE' });
    const page = mount('aivis-visibility-score', { project: '1001' });
    await settled(german);
    await settled(page);
    const sov = (await summaryOf(1001)).ai_visibility.share_of_voice as number;
    expect(text(part(german, 'share-of-voice'))).toContain(`${String(sov).replace('.', ',')} %`);
    expect(text(part(page, 'share-of-voice'))).toContain(`${sov}%`);
  });

  it('reflects theme and never reflects the token', async () => {
    const widget = mount('aivis-visibility-score', { project: '1001' });
    widget.token = 'aivis_test_entry';
    widget.theme = 'dark';
    await settled(widget);
    expect(widget.getAttribute('theme')).toBe('dark');
    expect(widget.hasAttribute('token')).toBe(false);
    expect(shadow(widget).innerHTML).not.toContain('aivis_test_entry');
  });

  it('renders an answer without ai_visibility as an empty state, not a crash', async () => {
    api.rewrite(async (_url, answer) => {
      const body = await (await answer()).json();
      delete body.ai_visibility;
      return json(body);
    });
    const widget = mount('aivis-visibility-score', { project: '1001' });
    await settled(widget);
    expect(text(part(widget, 'empty'))).toContain('no AI-visibility data');
  });
});
