/**
 * Every element of the catalogue in every form the proxy serves (docs/widgets.md,
 * "Cards from the proxy"): the fragment, the embed, the SVG and PNG pictures,
 * read from the catalogue itself so that a new element without them fails
 * here; the one stylesheet of them all, scoped per element; gzip for a browser
 * that takes it.
 */
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { scopedSelector, scopedToHost } from '../../ssr/scoped-css.js';
import { CATALOG } from '../../widget/catalog.js';
import { cardSuite } from './helpers.js';

const suite = cardSuite();
/** The provider draws nothing (it only connects the widgets): every other element has a card. */
const DRAWN = Object.keys(CATALOG).filter((tag) => tag !== 'aivis-provider');
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47];

describe.each(DRAWN)('%s', (tag) => {
  it('is a fragment with its figures', async () => {
    const { status, body, headers } = await suite.proxy.get(`/cards/${tag}?project=1001`);
    expect(status).toBe(200);
    expect(headers['content-type']).toBe('text/html; charset=utf-8');
    expect(body.startsWith(`<${tag}`) || body.includes(`<${tag}>`)).toBe(true);
    expect(body).toMatch(/\d/);
    expect(body).not.toMatch(/<style|\sstyle=/i);
  });

  it('is a fragment without the templates’ indentation: a run of white space is one character', async () => {
    const { body } = await suite.proxy.get(`/cards/${tag}?project=1001`);
    // The markup only: the answer beside it is JSON, written as it is.
    const markup = body.replace(
      /<script type="application\/json" data-answer>[^<]*<\/script>/g,
      '',
    );
    // Text between tags (an attribute's value is written as the template has it).
    expect(markup).not.toMatch(/>[^<]*[ \t\r\n]{2}[^<]*</);
    // Which shows the same only while no card's style keeps white space as written.
    const { body: css } = await suite.proxy.get('/cards/aivis-cards.css');
    expect(css).not.toMatch(/white-space\s*:\s*(?:pre|break-spaces)/);
  });

  it('is an embed: a whole page without any script', async () => {
    const { status, body, headers } = await suite.proxy.get(`/embed/${tag}?project=1001`);
    expect(status).toBe(200);
    expect(body).toMatch(/^<!doctype html>/);
    // The stylesheet its head links, named in a Link header too: started with the first bytes
    // (the portfolio's page is the accounts router's own, proxy/accounts/portfolio-page.ts).
    const linked = /<link rel="stylesheet" href="([^"]+)">/.exec(body)?.[1];
    if (tag !== 'aivis-portfolio') expect(headers.link).toBe(`<${linked}>; rel=preload; as=style`);
    expect(body).toContain(`<${tag}`);
    // No script runs in an embed, so it carries no answer for one either.
    expect(body).not.toMatch(/<script/i);
  });

  it('is an SVG picture with a title', async () => {
    const { status, body, headers } = await suite.proxy.get(`/cards/${tag}.svg?project=1001`);
    expect(status).toBe(200);
    expect(headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(/<title id="title">([^<]+)<\/title>/.exec(body)?.[1]).toBeTruthy();
    expect(body).not.toMatch(/<script|<foreignObject|\son\w+=/i);
  });

  it('is a PNG picture', async () => {
    const { status, headers, response } = await suite.proxy.get(`/cards/${tag}.png?project=1001`);
    expect(status).toBe(200);
    expect(headers['content-type']).toBe('image/png');
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 4)]).toEqual(PNG_SIGNATURE);
  });
});

describe('the dashboard as a fragment', () => {
  it('is its tag with a declarative shadow root holding every section’s card and its answer', async () => {
    const { body } = await suite.proxy.get('/cards/aivis-dashboard?project=1001');
    expect(body).toMatch(/^<aivis-dashboard project="1001"><template shadowrootmode="open">/);
    for (const [tag, entry] of Object.entries(CATALOG)) {
      if ('section' in entry) expect(body).toContain(`<${tag} part="section"`);
    }
    // A page with the bundle takes each section over without asking again.
    expect(body).toContain('<script type="application/json" data-answer>');
    expect(body).not.toContain('part="skeleton"');
  });
});

describe('the one stylesheet of every card', () => {
  it('scopes each element’s rules to its own host, so no element’s rule reaches another', () => {
    expect(scopedSelector('.row', 'aivis-a')).toBe(':host(aivis-a) .row');
    expect(scopedSelector(':host', 'aivis-a')).toBe(':host(aivis-a)');
    expect(scopedSelector(":host([theme='dark']) .x", 'aivis-a')).toBe(
      ":host(aivis-a[theme='dark']) .x",
    );
    expect(scopedSelector(':host(:not(:last-child))', 'aivis-a')).toBe(
      ':host(aivis-a:not(:last-child))',
    );
    const css = scopedToHost(
      '/* a, b */ .a, .b > c { color: red } @media (min-width: 1px) { .c { x: y } } @keyframes k { from { opacity: 0 } }',
      'aivis-a',
    );
    expect(css).toContain(':host(aivis-a) .a,:host(aivis-a) .b > c{color: red}');
    expect(css).toContain('@media (min-width: 1px){:host(aivis-a) .c{x: y}');
    expect(css).toContain('@keyframes k{ from { opacity: 0 } }');
    expect(css).not.toContain('a, b');
  });

  it('is served with every rule scoped but the bars’ widths, which are the same everywhere', async () => {
    const { status, body } = await suite.proxy.get('/cards/aivis-cards.css');
    expect(status).toBe(200);
    const rules = [...body.matchAll(/(?:^|\})\s*([^{}@]+)\{/g)].map((match) => match[1]!.trim());
    // A sheet several elements share is scoped to all of them at once: `:host(:is(a,b))`.
    const hosts = (selector: string) => selector.replace(/:is\([^()]*\)/g, ':is()');
    const unscoped = rules.filter(
      (selector) =>
        !hosts(selector)
          .split(',')
          .every((one) => one.trim().startsWith(':host(')) &&
        !/^\.bar\[data-width="\d+"\]$/.test(selector) &&
        !/^(?:from|to|[\d.]+%)$/.test(selector) &&
        // The embed page's own rules, on its document (no shadow root has these).
        !/^(?::root|html|body)\b/.test(selector),
    );
    expect(unscoped).toEqual([]);
  });

  it('holds a sheet several elements share once, scoped to them all with the specificity of one tag', async () => {
    const { body } = await suite.proxy.get('/cards/aivis-cards.css');
    // The shared base's heading rule: once, for every element that adopts the base.
    const headings = body.match(/:host\(:is\([a-z-,]+\)\) \.heading\{/g) ?? [];
    expect(headings).toHaveLength(1);
    expect(headings[0]).toContain('aivis-competitor-ranking');
    // No widget's own copy of it (the dashboard has a heading rule of its own).
    expect(body).not.toMatch(/:host\(aivis-(?!dashboard\))[a-z-]+\) \.heading\{/);
    expect(scopedSelector(":host([theme='dark']) .x", ':is(aivis-a,aivis-b)')).toBe(
      ":host(:is(aivis-a,aivis-b)[theme='dark']) .x",
    );
  });
});

describe('gzip', () => {
  it('sends a card and the stylesheet gzipped to a browser that takes it, the same bytes inside', async () => {
    for (const path of ['/cards/aivis-cards.css', '/cards/aivis-citations?project=1001']) {
      const plain = await suite.proxy.get(path);
      const zipped = await suite.proxy.get(path, { headers: { 'Accept-Encoding': 'gzip, br' } });
      expect(zipped.headers['content-encoding']).toBe('gzip');
      expect(zipped.headers.vary).toContain('Accept-Encoding');
      const inside = gunzipSync(new Uint8Array(await zipped.response.arrayBuffer())).toString();
      expect(inside).toBe(plain.body);
      expect(plain.headers['content-encoding']).toBeUndefined();
    }
  });

  it('revalidates the gzipped card with its weak validator: 304, the same validator', async () => {
    const gzip = { 'Accept-Encoding': 'gzip' };
    const path = '/cards/aivis-citations?project=1001';
    const first = await suite.proxy.get(path, { headers: gzip });
    expect(first.headers.etag).toMatch(/^W\/".+"$/);
    const again = await suite.proxy.get(path, {
      headers: { ...gzip, 'If-None-Match': first.headers.etag! },
    });
    expect(again.status).toBe(304);
    expect(again.headers.etag).toBe(first.headers.etag);
  });

  it('revalidates the stylesheet after its hour with a bodiless 304, plain and gzipped alike', async () => {
    const codings: Array<Record<string, string>> = [{}, { 'Accept-Encoding': 'gzip' }];
    for (const coding of codings) {
      const first = await suite.proxy.get('/cards/aivis-cards.css', { headers: coding });
      expect(first.headers['cache-control']).toBe('public, max-age=3600');
      expect(first.headers.etag).toMatch(/^(?:W\/)?"[0-9a-f]{32}-css"$/);
      const again = await suite.proxy.get('/cards/aivis-cards.css', {
        headers: { ...coding, 'If-None-Match': first.headers.etag! },
      });
      expect(again.status).toBe(304);
      expect(again.body).toBe('');
    }
    // Each stylesheet has its own validator.
    const embed = await suite.proxy.get('/cards/aivis-embed.css');
    const cards = await suite.proxy.get('/cards/aivis-cards.css');
    expect(embed.headers.etag).not.toBe(cards.headers.etag);
  });

  it('sends the bytes as they are to a browser that refuses gzip', async () => {
    const { headers } = await suite.proxy.get('/cards/aivis-cards.css', {
      headers: { 'Accept-Encoding': 'gzip;q=0, identity' },
    });
    expect(headers['content-encoding']).toBeUndefined();
  });
});
