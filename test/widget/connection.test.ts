import { describe, expect, it } from 'vitest';
import {
  finalConnection,
  resolveConnection,
  settledConnection,
} from '../../widget/internal/connection.js';

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

describe('when a widget may send its first request (settledConnection)', () => {
  const provider = { baseUrl: 'https://proxy.example' };

  it('waits for a provider that encloses it but has not answered (not defined or upgraded yet)', () => {
    expect(settledConnection({}, undefined, true, { baseUrl: '/page' })).toBe(undefined);
    expect(settledConnection({}, provider, true, {})).toEqual({
      baseUrl: provider.baseUrl,
      token: undefined,
    });
  });

  it('does not wait for a provider whose answer could not change anything (own base-url)', () => {
    expect(settledConnection({ baseUrl: '/own' }, undefined, true, {})).toEqual({
      baseUrl: '/own',
      token: undefined,
    });
  });

  it("waits while no layer names a base URL; '/' names the page's own origin", () => {
    expect(settledConnection({}, undefined, false, {})).toBe(undefined);
    expect(settledConnection({ token: 'element-token' }, undefined, false, {})).toBe(undefined);
    expect(settledConnection({}, undefined, false, { baseUrl: '/' })).toEqual({
      baseUrl: '/',
      token: undefined,
    });
  });
});

describe('base URLs resolved against the page (finalConnection)', () => {
  const page = 'https://intranet.example/reports/index.html';
  const withToken = (baseUrl: string) => finalConnection({ baseUrl, token: 'element-token' }, page);
  const withoutToken = (baseUrl: string) => finalConnection({ baseUrl, token: undefined }, page);

  it('keeps paths on this site and addresses written out in full', () => {
    expect(withToken('/aivis')).toEqual({ baseUrl: '/aivis', token: 'element-token' });
    expect(withToken('/')).toEqual({ baseUrl: '/', token: 'element-token' });
    expect(withToken('https://api.example')).toEqual({
      baseUrl: 'https://api.example',
      token: 'element-token',
    });
  });

  it.each(['//other.example', '/\\other.example', '\\\\other.example', ' //other.example/aivis'])(
    '%j is another origin: never sent a token',
    (baseUrl) => {
      expect(() => withToken(baseUrl)).toThrow(
        expect.objectContaining({
          code: 'validation_failed',
          errors: { base_url: [expect.stringContaining('https://other.example')] },
        }),
      );
      expect(withoutToken(baseUrl).baseUrl).toMatch(/^https:\/\/other\.example\//);
    },
  );

  it('resolves relative and backslashed paths to this site as the browser would', () => {
    expect(withToken('aivis')).toEqual({ baseUrl: '/reports/aivis', token: 'element-token' });
    expect(withToken('/aivis\\proxy')).toEqual({
      baseUrl: '/aivis/proxy',
      token: 'element-token',
    });
    expect(withToken('https:aivis').baseUrl).toBe('/reports/aivis');
  });

  it('reads a scheme without slashes as the browser does: another scheme is another origin', () => {
    expect(() => withToken('http:other.example')).toThrow(
      expect.objectContaining({ code: 'validation_failed' }),
    );
    expect(withoutToken('http:other.example').baseUrl).toBe('http://other.example/');
  });

  it.each([
    'javascript:alert(1)',
    'data:text/plain,x',
    'ftp://files.example',
    'mailto:a@b.example',
  ])('%j is refused: not http(s)', (baseUrl) => {
    expect(() => withoutToken(baseUrl)).toThrow(
      expect.objectContaining({
        code: 'validation_failed',
        errors: { base_url: [expect.any(String)] },
      }),
    );
  });
});
