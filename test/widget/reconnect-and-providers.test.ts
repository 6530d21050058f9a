// @vitest-environment happy-dom
/**
 * What frameworks do to elements, and what host apps bring: a widget moved
 * or kept aside while its request is in flight still ends with its data and
 * one event; a host app's own @lit/context provider supplies the connection;
 * another copy of the widget code on the page shares one configure().
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { ContextProvider } from '@lit/context';
import { html, LitElement } from 'lit';
import { describe, expect, it, vi } from 'vitest';
import '../../widget/index.js';
import { configure, connectionContext } from '../../widget/index.js';
import { mount, part, settled } from './dom.js';
import { API_BASE, TOKEN } from './fake-api.js';
import { useFakeApi } from './suite.js';

const api = useFakeApi();

/** The widgets page's code block of `lang` that mentions `marker` (happy-dom's URL cannot build file paths). */
function docsSnippet(lang: string, marker: string): string {
  const page = readFileSync(resolve(import.meta.dirname, '../../docs/widgets.md'), 'utf8');
  const blocks = [...page.matchAll(/^```(\w*)\n([\s\S]*?)^```$/gm)].filter(
    (match) => match[1] === lang && match[2]!.includes(marker),
  );
  expect(blocks).toHaveLength(1);
  return blocks[0]![2]!;
}

/** A macrotask: what a framework's later tick looks like to the element. */
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

/** Counts the aivis-load and aivis-error events a widget fires. */
function outcomes(widget: Element): string[] {
  const seen: string[] = [];
  for (const type of ['aivis-load', 'aivis-error'])
    widget.addEventListener(type, () => seen.push(type));
  return seen;
}

describe('a widget disconnected and connected again while its request is in flight', () => {
  it('moved elsewhere in one go (appendChild, a keyed reorder, a teleport): the request goes on', async () => {
    api.hold();
    const from = mount('div', {});
    const to = mount('div', {});
    const widget = mount('aivis-visibility-score', { project: '1001' }, from);
    const seen = outcomes(widget);
    await widget.updateComplete;
    await tick();
    to.appendChild(widget);
    await tick();
    api.release();
    await settled(widget);
    expect(part(widget, 'score')).not.toBeNull();
    expect(seen).toEqual(['aivis-load']);
    expect(api.calls.map((call) => call.aborted)).toEqual([false]);
  });

  it('kept aside a while (KeepAlive, a detached move): cancelled, then asked again once back', async () => {
    api.hold();
    const widget = mount('aivis-visibility-score', { project: '1001' });
    const seen = outcomes(widget);
    await widget.updateComplete;
    await tick();
    widget.remove();
    await tick();
    expect(api.calls.map((call) => call.aborted)).toEqual([true]);
    document.body.append(widget);
    await widget.updateComplete;
    await tick();
    api.release();
    await settled(widget);
    expect(part(widget, 'score')).not.toBeNull();
    expect(part(widget, 'error')).toBeNull();
    expect(seen).toEqual(['aivis-load']);
    expect(api.calls.map((call) => call.aborted)).toEqual([true, false]);
  });

  it('a widget that is removed for good sends nothing more', async () => {
    api.hold();
    const widget = mount('aivis-visibility-score', { project: '1001' });
    await widget.updateComplete;
    await tick();
    widget.remove();
    await tick();
    api.release();
    await tick();
    expect(api.calls.map((call) => call.aborted)).toEqual([true]);
  });
});

describe("a host app's own context provider supplies the connection", () => {
  it('a ContextProvider on a plain element (no Lit), and a change of its value', async () => {
    const host = mount('div', {});
    const provider = new ContextProvider(host, {
      context: connectionContext,
      initialValue: { baseUrl: 'http://host-app.test', token: TOKEN },
    });
    const widget = mount('aivis-visibility-score', { project: '1001' }, host);
    await settled(widget);
    expect(part(widget, 'score')).not.toBeNull();
    provider.setValue({ baseUrl: 'http://other-app.test', token: TOKEN });
    await tick();
    await settled(widget);
    const origins = api.callsTo('/projects/1001').map((call) => new URL(call.url).origin);
    expect(origins).toEqual(['http://host-app.test', 'http://other-app.test']);
  });

  it("the widgets page's snippet, as it stands: a provider on the app's root element", async () => {
    configure({ baseUrl: 'http://page.test', fetch: api.fetch });
    const app = mount('div', { id: 'app' });
    const snippet = docsSnippet('js', 'connectionContext')
      .replace('https://intranet.example/aivis-proxy', API_BASE)
      .replace(/^import .*$/gm, '');
    new Function('ContextProvider', 'connectionContext', snippet)(
      ContextProvider,
      connectionContext,
    );
    const widget = mount('aivis-visibility-score', { project: '1001' }, app);
    await settled(widget);
    expect(api.calls.map((call) => new URL(call.url).origin)).toEqual([API_BASE]);
  });

  it('a Lit element of the host app providing the context around a widget in its shadow root', async () => {
    class HostApp extends LitElement {
      readonly provider = new ContextProvider(this, {
        context: connectionContext,
        initialValue: { baseUrl: 'http://lit-app.test', token: TOKEN },
      });
      override render() {
        return html`<aivis-visibility-score project="1001"></aivis-visibility-score>`;
      }
    }
    customElements.define('host-app-provider', HostApp);
    const app = mount('host-app-provider' as never, {}) as HostApp;
    await app.updateComplete;
    const widget = app.shadowRoot!.querySelector('aivis-visibility-score')!;
    await settled(widget);
    expect(part(widget, 'score')).not.toBeNull();
    expect(api.calls.map((call) => [new URL(call.url).origin, call.authorized])).toEqual([
      ['http://lit-app.test', true],
    ]);
  });
});

describe('one connection registry for every copy of the widget code on the page', () => {
  it("configure() from another copy (another bundle's) reaches the elements already defined", async () => {
    configure({ token: TOKEN, fetch: api.fetch });
    const widget = mount('aivis-visibility-score', { project: '1001' });
    await settled(widget);
    expect(part(widget, 'notice')?.dataset.code).toBe('unconnected');
    vi.resetModules();
    const otherCopy = await import('../../widget/index.js');
    expect(otherCopy.configure).not.toBe(configure);
    otherCopy.configure({ baseUrl: API_BASE, token: TOKEN, fetch: api.fetch });
    await tick();
    await settled(widget);
    expect(part(widget, 'score')).not.toBeNull();
    expect(api.calls).toHaveLength(1);
  });
});
