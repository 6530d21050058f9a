// @vitest-environment happy-dom
/**
 * Every widget, for every attribute that feeds an API parameter, refuses an
 * out-of-range value with a message that names the attribute the page's
 * editor wrote (not the parameter behind it) and what the parameter's rule
 * allows. The attributes come from the catalogue, the allowed values from
 * the endpoint table; nothing is restated here.
 */
import { describe, expect, it } from 'vitest';
import '../../widget/index.js';
import { ENDPOINTS } from '../../shared/api/endpoints.js';
import type { ParamRule } from '../../shared/api/param-rules.js';
import { CATALOG, type WidgetEntry } from '../../widget/catalog.js';
import { mount, part, settled, text } from './dom.js';
import { useFakeApi } from './suite.js';

const api = useFakeApi();

/** A value the rule refuses: past the range, outside the values, or not a yes/no. */
function refusedBy(rule: ParamRule): string {
  switch (rule.kind) {
    case 'int':
    case 'number':
      return String(rule.max + 1);
    case 'enum':
    case 'list':
      return 'not-a-value';
    case 'bool':
      return 'maybe';
    case 'date':
      return '2026-02-30';
    case 'text':
      return 'x'.repeat(rule.maxLength + 1);
  }
}

const cases = Object.entries(CATALOG).flatMap(([tag, entry]) =>
  'endpoint' in entry
    ? Object.entries((entry as WidgetEntry).attributes).map(([attribute, { param }]) => {
        const rule = (ENDPOINTS[entry.endpoint].params as Record<string, ParamRule>)[param]!;
        return { tag, attribute, param, rule };
      })
    : [],
);

describe('a refused attribute value is named by its attribute', () => {
  it('covers every widget of the catalogue', () => {
    const widgets = Object.entries(CATALOG).filter(([, entry]) => 'endpoint' in entry);
    expect(new Set(cases.map((each) => each.tag)).size).toBe(widgets.length);
    // The attributes whose names differ from their parameters are in the set.
    expect(cases).toContainEqual(expect.objectContaining({ attribute: 'window', param: 'period' }));
    expect(cases).toContainEqual(expect.objectContaining({ attribute: 'months', param: 'limit' }));
  });

  it.each(cases)('<$tag $attribute> (feeds $param)', async ({ tag, attribute, rule }) => {
    const value = refusedBy(rule);
    const widget = mount(tag as keyof HTMLElementTagNameMap, {
      project: '1001',
      [attribute]: value,
    });
    const errors: Array<{ code: string; message: string; errors?: Record<string, string[]> }> = [];
    widget.addEventListener('aivis-error', (event) =>
      errors.push((event as CustomEvent).detail.error),
    );
    await settled(widget);
    const box = part(widget, 'error');
    expect(box?.dataset.code).toBe('validation_failed');
    const items = [...box!.querySelectorAll('li')].map((item) => ({
      name: text(item.querySelector('code')),
      line: text(item),
    }));
    expect(items.map((item) => item.name)).toEqual([attribute]);
    expect(items[0]!.line).toContain(`${attribute} must be ${rule.allowed}`);
    // The event names the same attribute; nothing was sent.
    expect(errors.map((error) => Object.keys(error.errors ?? {}))).toEqual([[attribute]]);
    expect(errors[0]!.message).toContain(`${attribute} must be`);
    expect(api.calls).toEqual([]);
  });
});

describe('a refused connection attribute is named by its attribute too', () => {
  it('<aivis-citations base-url> names base-url, in the box, the event and its message', async () => {
    const widget = mount('aivis-citations', { project: '1001', 'base-url': 'ftp://files.example' });
    const errors: Array<{ message: string; errors?: Record<string, string[]> }> = [];
    widget.addEventListener('aivis-error', (event) =>
      errors.push((event as CustomEvent).detail.error),
    );
    await settled(widget);
    const box = part(widget, 'error');
    expect(box?.dataset.code).toBe('validation_failed');
    expect([...box!.querySelectorAll('li code')].map((code) => text(code))).toEqual(['base-url']);
    expect(errors.map((error) => Object.keys(error.errors ?? {}))).toEqual([['base-url']]);
    expect(errors[0]!.message).toContain('base-url must be');
    expect(api.calls).toEqual([]);
  });
});
