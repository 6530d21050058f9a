import { describe, expect, it } from 'vitest';
import { resolveConnection } from '../../widget/internal/connection.js';

describe('resolving a widget connection (attributes > provider > configure)', () => {
  const page = { baseUrl: 'https://api.example', token: 'page-token' };
  const provider = { baseUrl: 'https://provider.example', token: 'provider-token' };

  it('uses the page settings when nothing more specific is set', () => {
    expect(resolveConnection([{}, undefined, page])).toEqual(page);
  });

  it('lets the provider override the page', () => {
    expect(resolveConnection([{}, provider, page])).toEqual(provider);
  });

  it("lets the element's attributes override the provider", () => {
    const element = { baseUrl: 'https://element.example', token: 'element-token' };
    expect(resolveConnection([element, provider, page])).toEqual(element);
  });

  it('does not send a less specific token to a base URL set on the element (e.g. the proxy)', () => {
    expect(resolveConnection([{ baseUrl: '/aivis-proxy' }, provider, page])).toEqual({
      baseUrl: '/aivis-proxy',
      token: undefined,
    });
  });

  it("combines an element's token with the base URL from above", () => {
    expect(resolveConnection([{ token: 'element-token' }, provider, page])).toEqual({
      baseUrl: provider.baseUrl,
      token: 'element-token',
    });
  });

  it("treats empty attributes as not set, and falls back to the page's own origin", () => {
    expect(resolveConnection([{ baseUrl: '', token: '' }, undefined, {}])).toEqual({
      baseUrl: '',
      token: undefined,
    });
  });
});
