/**
 * An embed framed by a page FRAME_ANCESTORS lists (SharePoint's Embed web
 * part, Confluence's iframe macro) spends budget on a cold cache, as embeds
 * are used; anything else from another site stays cache-only
 * (proxy/cards/framed-embed.ts, docs/widgets.md "Embeds without script").
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningSandbox, startSandbox } from '../../sandbox/server.js';
import { testProxy } from './helpers.js';

const SHAREPOINT = 'https://contoso.sharepoint.com';
const PATH = '/api/v1/projects/1002/action-plan';
let sandbox: RunningSandbox;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, rateLimit: false });
});
afterAll(() => sandbox?.close());

/** A proxy with a cold cache whose embeds SharePoint may frame; what one request asked upstream. */
async function ask(path: string, headers: Record<string, string>) {
  const proxy = testProxy({ baseUrl: sandbox.baseUrl, frameAncestors: [SHAREPOINT] });
  const before = sandbox.requestLog.filter((entry) => entry.path === PATH).length;
  const { status, body } = await proxy.get(path, { headers });
  const upstream = sandbox.requestLog.filter((entry) => entry.path === PATH).length - before;
  return { status, body, upstream };
}

/** What a browser sends when a page on `from` loads the address in an iframe. */
const frameOf = (from: string) => ({
  'Sec-Fetch-Site': 'cross-site',
  'Sec-Fetch-Mode': 'navigate',
  'Sec-Fetch-Dest': 'iframe',
  Referer: `${from}/sites/marketing/SitePages/Home.aspx`,
});

describe('an embed on a cold cache', () => {
  it('framed by a listed page spends budget and shows the figures', async () => {
    const { status, body, upstream } = await ask(
      '/embed/aivis-action-plan?project=1002',
      frameOf(SHAREPOINT),
    );
    expect(status).toBe(200);
    expect(upstream).toBe(1);
    expect(body).not.toContain('role="alert"');
  });

  it('opened in a tab from a listed page spends budget too', async () => {
    const { status, upstream } = await ask('/embed/aivis-action-plan?project=1002', {
      ...frameOf(SHAREPOINT),
      'Sec-Fetch-Dest': 'document',
    });
    expect(status).toBe(200);
    expect(upstream).toBe(1);
  });

  it.each([
    [
      'framed by an unlisted page',
      '/embed/aivis-action-plan?project=1002',
      frameOf('https://evil.example'),
    ],
    [
      'framed by a page that hides its Referer',
      '/embed/aivis-action-plan?project=1002',
      { ...frameOf(SHAREPOINT), Referer: '' },
    ],
    [
      'fetched as a subresource by a listed page (an <img>, no-cors)',
      '/embed/aivis-action-plan?project=1002',
      { ...frameOf(SHAREPOINT), 'Sec-Fetch-Mode': 'no-cors', 'Sec-Fetch-Dest': 'image' },
    ],
    [
      'a picture a listed page shows (not an embed)',
      '/cards/aivis-action-plan.svg?project=1002',
      { ...frameOf(SHAREPOINT), 'Sec-Fetch-Mode': 'no-cors', 'Sec-Fetch-Dest': 'image' },
    ],
    [
      'a fragment framed by a listed page (not an embed)',
      '/cards/aivis-action-plan?project=1002',
      frameOf(SHAREPOINT),
    ],
  ])('%s is answered from the cache only', async (_, path, headers) => {
    const { status, upstream } = await ask(path, headers);
    expect(status).toBe(403);
    expect(upstream).toBe(0);
  });
});
