// @vitest-environment happy-dom
/**
 * One markup, two renderers: each element's card as the proxy writes it
 * (ssr/) and as the bundle draws it in the page hold the same elements,
 * attributes and text, for the service's own answers and for answers full of
 * hostile text (markup, bidirectional controls, spreadsheet formulas,
 * javascript: links). The server escapes exactly as the client does.
 */
import { describe, expect, it } from 'vitest';
import type { Query } from '../../shared/api/endpoints.js';
import { apiPath } from '../../shared/http/request.js';
import { cardAnswer } from '../../ssr/card-answer.js';
import { WIDGET_CLASSES } from '../../ssr/card-elements.js';
import { readCardRequest } from '../../ssr/card-request.js';
import { followUpCalls } from '../../ssr/follow-ups.js';
import { cardHtml, cardsReady } from '../../ssr/render-card.js';
import '../../widget/index.js';
import { mount, settled } from './dom.js';
import { HOSTILE_TEXTS, hostile } from './hostile-text.js';
import { useFakeApi } from './suite.js';

const api = useFakeApi();
const TAGS = Object.keys(WIDGET_CLASSES) as Array<keyof typeof WIDGET_CLASSES>;
const ATTRIBUTES = { project: '1001', locale: 'en-US' };

/**
 * A DOM tree as comparable text: elements with their attributes, text with
 * its white space collapsed. Left out: the bar's style (the browser's CSSOM;
 * the server's card has its stylesheet's rule) and the class the browser adds
 * after its font check (AivisCard: a page without a font of its own).
 */
function shape(node: Node): string {
  return rawShape(node).replace(/\s+/g, ' ').replace(/> /g, '>').replace(/ </g, '<');
}

function rawShape(node: Node): string {
  if (node.nodeType === 3) return node.textContent ?? '';
  if (node.nodeType !== 1 && node.nodeType !== 11) return '';
  const children = [...node.childNodes].map(rawShape).join('');
  if (node.nodeType === 11) return children;
  const element = node as Element;
  if (element.localName === 'link' || element.localName === 'style') return '';
  const attributes = [...element.attributes]
    .filter((attribute) => attribute.name !== 'style')
    .map((attribute) => {
      const value =
        attribute.name === 'class'
          ? attribute.value.replace(/\s*system-font/, '')
          : attribute.value;
      return ` ${attribute.name}="${value}"`;
    })
    .sort()
    .join('');
  return `<${element.localName}${attributes}>${children}</${element.localName}>`;
}

/** The card the browser draws for the answer the fake API gives. */
async function clientShape(tag: string): Promise<string> {
  const element = mount(tag as 'aivis-citations', ATTRIBUTES);
  await settled(element);
  return shape(element.shadowRoot!);
}

/** The card the server writes for the same answer, parsed by the same DOM. */
async function serverCard(
  tag: string,
  body: string,
): Promise<{ html: string; shape: string; content: DocumentFragment }> {
  await cardsReady();
  const request = readCardRequest(tag, new URLSearchParams(ATTRIBUTES));
  if (!request.ok) throw request.error;
  let answer = cardAnswer(request.endpoint, request.params, 200, {}, body, Date.now());
  if ('data' in answer) {
    // Its follow-ups (AI traffic's daily series), answered as the fake API answered the element.
    const followUps = followUpCalls(tag, request.element, answer.data).map((call) => {
      const text = given.get(apiPath(call.endpoint, call.params as Query));
      const read = text && cardAnswer(call.endpoint, call.params, 200, {}, text, Date.now());
      return read && 'data' in read ? read.data : undefined;
    });
    answer = { ...answer, followUps };
  }
  const html = cardHtml(tag, request.attributes, request.element, request.key, answer, {
    stylesheet: () => '/cards.css',
  });
  const start = html.indexOf('>', html.indexOf('<template')) + 1;
  const template = document.createElement('template');
  template.innerHTML = html.slice(start, html.lastIndexOf('</template>'));
  return { html, shape: shape(template.content), content: template.content };
}

/** The bodies the fake API gave the element, by path and query: the server renders the same. */
const given = new Map<string, string>();

/** The element's answers as the fake API gives them, made hostile by `mutate`. */
function answerWith(mutate: (body: unknown) => unknown = (body) => body): void {
  given.clear();
  api.rewrite(async (url, answer) => {
    const body = JSON.stringify(mutate(await (await answer()).json()));
    given.set(`${url.pathname}${url.search}`, body);
    return new Response(body, { headers: { 'content-type': 'application/json' } });
  });
}

/** What the fake API answered to the card's own request. */
function givenFor(tag: string): string {
  const request = readCardRequest(tag, new URLSearchParams(ATTRIBUTES));
  if (!request.ok) throw request.error;
  const body = given.get(apiPath(request.endpoint, request.params as Query));
  if (body === undefined) throw new Error(`<${tag}> did not ask for its answer`);
  return body;
}

describe.each(TAGS)('<%s> on the server and in the browser', (tag) => {
  it('holds the same elements, attributes and text for the service’s answer', async () => {
    answerWith();
    const client = await clientShape(tag);
    expect((await serverCard(tag, givenFor(tag))).shape).toBe(client);
  });

  it.each(HOSTILE_TEXTS)('keeps hostile text inert and the same: %s', async (_name, text) => {
    answerWith((body) => hostile(body, text));
    const client = await clientShape(tag);
    const server = await serverCard(tag, givenFor(tag));
    expect(server.shape).toBe(client);
    // Inert: no element or attribute of the attack exists, only its text.
    expect(server.content.querySelectorAll('img, script, b')).toHaveLength(0);
    const attributes = [...server.content.querySelectorAll('*')].flatMap((element) => [
      ...element.attributes,
    ]);
    expect(attributes.filter((attribute) => /^on/i.test(attribute.name))).toEqual([]);
    expect(attributes.filter((attribute) => /^\s*javascript:/i.test(attribute.value))).toEqual([]);
    // The answer the bundle takes over with cannot end its script element.
    expect(server.html.match(/<\/script/gi)).toHaveLength(1);
  });
});
