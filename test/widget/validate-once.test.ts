// @vitest-environment happy-dom
/**
 * A widget's request is validated once: the element checks its parameters
 * through its catalogue entry and the reader sends the checked set without
 * checking it again (docs/widgets.md, "Adding an element").
 */
import { describe, expect, it, vi } from 'vitest';
import '../../widget/index.js';
import { validateParams } from '../../shared/api/validate.js';
import { mount, settled } from './dom.js';
import { useFakeApi } from './suite.js';

vi.mock('../../shared/api/validate.js', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../shared/api/validate.js')>();
  return { ...actual, validateParams: vi.fn(actual.validateParams) };
});

const api = useFakeApi();

/** The checks made on the page's side: the fake API's sandbox checks too, ignoring unknown parameters. */
const pageChecks = () =>
  vi
    .mocked(validateParams)
    .mock.calls.filter(([, , options]) => options?.unknownParams !== 'ignore');

describe('validation on the widget path', () => {
  it('checks the parameters of one request once', async () => {
    vi.mocked(validateParams).mockClear();
    const widget = mount('aivis-competitor-ranking', { project: '1001', limit: '5' });
    await settled(widget);
    expect(api.calls).toHaveLength(1);
    expect(api.calls[0]!.url).toContain('limit=5');
    expect(pageChecks().map(([name]) => name)).toEqual(['competitors']);
  });

  it('checks a refused value once and sends nothing', async () => {
    vi.mocked(validateParams).mockClear();
    const widget = mount('aivis-ai-traffic', { project: '1001', window: '7d' });
    await settled(widget);
    expect(api.calls).toHaveLength(0);
    expect(pageChecks().map(([name]) => name)).toEqual(['ai-traffic']);
  });
});
