// @vitest-environment happy-dom

import { describe, expect, it } from 'vitest';
import { IMG_ONERROR, JAVASCRIPT_URL, SCRIPT_TAG } from '../../sandbox/data/hostile.js';
import { pollUntil } from '../../support/poll.js';
import '../../widget/index.js';
import { mount, part, parts, settled, shadow, text } from './dom.js';
import { API_BASE, json, TOKEN } from './fake-api.js';
import { useFakeApi } from './suite.js';

const api = useFakeApi();

interface Plan {
  status: string;
  actions: Array<{
    title: string;
    owner: string;
    next_request: string;
    report_url: string;
    evidence: Array<{ date: string; text: string }>;
  }>;
  data_notes: Array<{ source: string; message: string }>;
}

const planOf = (project: number, token = TOKEN) =>
  api.body<Plan>(`/api/v1/projects/${project}/action-plan`, token);

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

const waitFor = (check: () => boolean) => pollUntil(check, { what: 'the condition' });

describe('<aivis-action-plan>', () => {
  it('lists the actions in order with owner, next step, dated evidence and success measure', async () => {
    const expected = await planOf(1001);
    const widget = mount('aivis-action-plan', { project: '1001' });
    await settled(widget);
    const actions = parts(widget, 'action');
    expect(actions.map((action) => action.querySelector('[part~="label"]')?.textContent)).toEqual(
      expected.actions.map((action) => action.title),
    );
    const first = actions[0]!;
    expect(text(first)).toContain(expected.actions[0]!.owner);
    const times = [...first.querySelectorAll('time')].map((time) => time.getAttribute('datetime'));
    expect(times).toEqual(expected.actions[0]!.evidence.map((item) => item.date));
    expect(first.querySelectorAll('dt')).toHaveLength(3);
    expect(text(part(widget, 'status'))).toContain('most important first');
  });

  it('explains needs_data with the data notes (project 1002)', async () => {
    const expected = await planOf(1002);
    expect(expected.status).toBe('needs_data');
    const widget = mount('aivis-action-plan', { project: '1002' });
    await settled(widget);
    expect(part(widget, 'status')?.dataset.status).toBe('needs_data');
    expect(text(part(widget, 'status'))).toContain('not enough data');
    const notes = text(part(widget, 'notes'));
    // Each note's words, with API keys (last_30_days, ga4) in words and a source's human name.
    for (const note of expected.data_notes) {
      for (const word of note.message.split(' ').filter((each) => /^[A-Za-z;,.]+$/.test(each)))
        expect(notes).toContain(word);
    }
    expect(notes).not.toMatch(/[a-z0-9]+_[a-z0-9_]+/);
    expect(expected.data_notes.map((note) => note.source)).toContain('ga4');
    expect(notes).toContain('Google Analytics:');
  });

  it('explains no_priority_signals in words (project 2001)', async () => {
    const expected = await planOf(2001, 'aivis_test_pro');
    expect(expected.status).toBe('no_priority_signals');
    const widget = mount('aivis-action-plan', { project: '2001', token: 'aivis_test_pro' });
    await settled(widget);
    expect(text(part(widget, 'status'))).toContain('Nothing in the stored data calls for action');
    expect(parts(widget, 'action')).toHaveLength(0);
  });

  it('expands an action by following its next_request and shows the rows as a table of text', async () => {
    const expected = await planOf(1001);
    const index = expected.actions.findIndex((action) =>
      action.next_request.includes('only_flagged'),
    );
    expect(index).toBeGreaterThanOrEqual(0);
    const widget = mount('aivis-action-plan', { project: '1001' });
    await settled(widget);
    const action = parts(widget, 'action')[index]!;
    const button = action.querySelector<HTMLButtonElement>('button[aria-expanded]')!;
    expect(button.getAttribute('aria-expanded')).toBe('false');
    const region = action.querySelector(`#${button.getAttribute('aria-controls')}`)!;
    expect(region.hasAttribute('hidden')).toBe(true);
    button.click();
    await waitFor(() => action.querySelector('table') !== null);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(region.hasAttribute('hidden')).toBe(false);
    const followed = api.calls.at(-1)!;
    expect(followed.url).toBe(`${API_BASE}${expected.actions[index]!.next_request}`);
    const table = action.querySelector('table')!;
    expect(table.querySelectorAll('th').length).toBeGreaterThan(1);
    expect(table.querySelectorAll('tbody tr').length).toBeGreaterThan(0);
    // Hostile quotes and URLs in the rows stay text.
    expect(shadow(widget).querySelectorAll('script, img, iframe')).toHaveLength(0);
    expect(table.querySelector('a')).toBeNull();
    // Collapse and expand again: no second request.
    const before = api.calls.length;
    button.click();
    await widget.updateComplete;
    expect(region.hasAttribute('hidden')).toBe(true);
    button.click();
    await widget.updateComplete;
    expect(api.calls.length).toBe(before);
  });

  it('shows supporting rows with human column names, formatted cells and the API paging', async () => {
    const expected = await planOf(1001);
    const rowsOf = (path: string) => api.body(path);
    let index = -1;
    let first: { pagination: { limit: number; total: number; has_more: boolean } } | undefined;
    for (const [at, action] of expected.actions.entries()) {
      const body = await rowsOf(action.next_request);
      if (body.pagination?.has_more) {
        index = at;
        first = body;
        break;
      }
    }
    expect(index).toBeGreaterThanOrEqual(0);
    const widget = mount('aivis-action-plan', { project: '1001', locale: 'en-US' });
    await settled(widget);
    const action = parts(widget, 'action')[index]!;
    action.querySelector<HTMLButtonElement>('button[aria-expanded]')!.click();
    await waitFor(() => action.querySelector('table') !== null);
    const table = action.querySelector('table')!;
    const headers = [...table.querySelectorAll('th')].map((th) => text(th));
    for (const header of headers) expect(header).toMatch(/^[A-Z][^_]*$/);
    const cells = [...table.querySelectorAll('td')].map((td) => text(td));
    expect(cells.some((cell) => /\d{4}-\d{2}-\d{2}/.test(cell))).toBe(false);
    expect(cells.filter((cell) => /^\d+$/.test(cell) && Number(cell) >= 1000)).toEqual([]);
    for (const numeric of table.querySelectorAll('td.num'))
      expect(text(numeric)).toMatch(/^[\d,.%]+$/);
    const pagerText = text(action.querySelector('[part~="pager"]'));
    expect(pagerText).toContain(`of ${first!.pagination.total.toLocaleString('en-US')}`);
    const previous = action.querySelector<HTMLButtonElement>('[part~="previous"]')!;
    expect(previous.disabled).toBe(true);
    action.querySelector<HTMLButtonElement>('[part~="next"]')!.click();
    await waitFor(() => !previous.disabled);
    const asked = new URL(api.calls.at(-1)!.url);
    expect(asked.searchParams.get('offset')).toBe(String(first!.pagination.limit));
    expect(text(action.querySelector('[part~="pager"]'))).toContain(
      `Rows ${first!.pagination.limit + 1}–`,
    );
  });

  it('renders hostile evidence as text and links the report only for http(s)', async () => {
    api.rewrite(async (url, answer) => {
      const body = await (await answer()).json();
      if (!url.pathname.endsWith('/action-plan')) return json(body);
      body.actions[0].report_url = JAVASCRIPT_URL;
      body.actions[0].title = SCRIPT_TAG;
      body.actions[0].evidence.push({ date: '2026-11-01', text: IMG_ONERROR, value: null });
      return json(body);
    });
    const widget = mount('aivis-action-plan', { project: '1001' });
    await settled(widget);
    const first = parts(widget, 'action')[0]!;
    expect(first.querySelector('[part~="label"]')?.textContent).toBe(SCRIPT_TAG);
    expect(text(first)).toContain(IMG_ONERROR);
    expect(first.querySelector('a')).toBeNull();
    expect(shadow(widget).querySelectorAll('script, img, iframe')).toHaveLength(0);
    const otherLinks = parts(widget, 'link') as HTMLAnchorElement[];
    expect(otherLinks.length).toBeGreaterThan(0);
    for (const link of otherLinks) expect(link.getAttribute('href')).toMatch(/^https:\/\//);
  });

  it("validates audience and limit with the core's messages", async () => {
    const widget = mount('aivis-action-plan', { project: '1001', audience: 'sales', limit: '11' });
    await settled(widget);
    const error = text(part(widget, 'error'));
    expect(error).toContain('audience must be one of business, marketing, seo');
    expect(error).toContain('limit must be a whole number from 1 to 10');
    expect(api.calls).toHaveLength(0);
  });

  it('passes audience and limit to the API', async () => {
    const widget = mount('aivis-action-plan', { project: '1001', audience: 'seo', limit: '2' });
    await settled(widget);
    const url = new URL(api.calls[0]!.url);
    expect(url.searchParams.get('audience')).toBe('seo');
    expect(url.searchParams.get('limit')).toBe('2');
    expect(parts(widget, 'action').length).toBeLessThanOrEqual(2);
    await tick();
  });
});
