/**
 * Client links in front of the proxy (docs/agencies.md#client-links):
 * `/s/<id>.<signature>` names a record of the link store, which is held to
 * the signature (proxy/share/signed-link.ts) and to its expiry, admitted by
 * the store (not revoked, within the link's own views per minute, then
 * counted), and answered with the page of its view: the proxy's own
 * server-rendered embed of that element or dashboard (proxy/cards/, ssr/),
 * read like any viewer's (the same cache, budget and account routing),
 * inside the agency's frame.
 * The proxy's route decision (proxy/route.ts) sends it the requests under
 * `/s/`; every other path goes on to the proxy unchanged. `POST /s/admin`
 * is the `share` command's signed way to the store (share-admin.ts).
 *
 * Refusals say nothing about data: a link that is not ours is 404, an
 * expired or revoked one 410, a burst on one link 429 for that link only.
 * No token reaches the page: the view is the proxy's own scrubbed answer,
 * and the page is scrubbed of every account's token once more.
 */
import type { RequestHead } from '../../server/request-head.js';
import { API_PREFIX } from '../../shared/api/vocabulary.js';
import type { ProxyConfig } from '../config.js';
import { scrubText } from '../scrub.js';
import { CLIENT_PAGE_HEADERS, clientPage, type EndedReason, endedPage } from './client-page.js';
import { interimView } from './interim-view.js';
import { type LinkStore, secondsToNextMinute } from './link-store.js';
import { ADMIN_PATH, answerAdmin } from './share-admin.js';
import {
  type LinkAddress,
  type LinkFields,
  readLinkAddress,
  signatureHolds,
} from './signed-link.js';

/** Links whose signature held, remembered so a busy link costs one store call a view, not two. */
const MAX_VERIFIED = 1_000;

/** How a link's view is read: through the whole proxy, like any viewer. */
export type FetchHandler = (request: RequestHead, context?: unknown) => Promise<Response>;

export interface ShareLinkDeps {
  /** undefined: links cannot be checked for revocation, so none is shown (503). */
  links?: LinkStore;
  now: () => number;
}

/** Answers a request the route decision gave to the client links (a path under `/s/`). */
export function shareLinks(
  inner: FetchHandler,
  config: ProxyConfig,
  deps: ShareLinkDeps,
): FetchHandler {
  const secret = config.shareSecret!;
  const admin = `${config.basePath}${ADMIN_PATH}`;
  const tokens = config.accounts?.map((account) => account.token) ?? [config.token];
  const look = {
    name: config.agencyName,
    color: config.agencyColor,
    ...(config.agencyLogo ? { logo: config.agencyLogo } : {}),
  };
  const ended = (reason: EndedReason, headers?: Record<string, string>) =>
    endedPage(look, reason, headers);
  // Records never change once made (a revocation is apart, asked on every view), so a record
  // whose signature held once holds for good; kept by the whole address, signature included.
  const verified = new Map<string, LinkFields>();

  /** The fields of the record the address was signed for, or undefined when it is no link of ours. */
  async function linkOf(address: LinkAddress, path: string): Promise<LinkFields | undefined> {
    const known = verified.get(path);
    if (known) return known;
    const record = await deps.links!.get(address.id);
    if (!record || !(await signatureHolds(record, address, secret))) return undefined;
    const fields: LinkFields = {
      id: record.id,
      project: record.project,
      view: record.view,
      period: record.period,
      expires: record.expires,
      label: record.label,
    };
    if (verified.size >= MAX_VERIFIED) verified.delete(verified.keys().next().value!);
    verified.set(path, fields);
    return fields;
  }

  /** The view as the proxy's own server-rendered embed page (proxy/cards/), read like any viewer's. */
  async function view(
    request: RequestHead,
    link: LinkFields,
    context: unknown,
    url: URL,
  ): Promise<Response> {
    const query = new URLSearchParams({
      project: String(link.project),
      period: link.period,
      theme: 'light',
    });
    const embed = await inner(
      new Request(`${url.origin}${config.basePath}/embed/${link.view}?${query}`, {
        headers: hostOf(request),
      }),
      context,
    );
    let rendered: { title: string; head?: string; html: string } | undefined;
    let answered = embed;
    if (embed.status === 200) {
      rendered = embedParts(await embed.text());
    } else if (embed.status === 404) {
      // A view the cards do not render: the interim view of the summary.
      await embed.body?.cancel();
      answered = await inner(
        new Request(
          `${url.origin}${config.basePath}${API_PREFIX}/projects/${link.project}?period=${link.period}`,
          { headers: hostOf(request) },
        ),
        context,
      );
      if (answered.status === 200) {
        const summary: unknown = await answered.json().catch(() => undefined);
        rendered = interimView(
          typeof summary === 'object' && summary !== null
            ? (summary as Record<string, unknown>)
            : {},
          link.project,
        );
      }
    }
    if (!rendered) {
      await answered.body?.cancel().catch(() => undefined);
      return ended('unavailable', { 'Retry-After': '60' });
    }
    const age = Number(answered.headers.get('Age'));
    const asOf = deps.now() - (Number.isFinite(age) && age > 0 ? age * 1000 : 0);
    let page = clientPage(look, link, rendered, asOf);
    for (const token of tokens) page = scrubText(page, token);
    return new Response(page, { status: 200, headers: CLIENT_PAGE_HEADERS });
  }

  async function answer(request: RequestHead, context: unknown): Promise<Response> {
    const url = new URL(request.url);
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return new Response('Only GET and HEAD.', {
        status: 405,
        headers: { Allow: 'GET, HEAD', 'Cache-Control': 'no-store' },
      });
    }
    const path = url.pathname.slice(config.basePath.length);
    const address = readLinkAddress(path);
    if (!address) return ended('not_found');
    if (!deps.links) return ended('unavailable');
    let link: LinkFields | undefined;
    let admission: Awaited<ReturnType<LinkStore['admit']>>;
    const at = deps.now();
    try {
      link = await linkOf(address, path);
      if (!link) return ended('not_found');
      if (link.expires * 1000 <= at) return ended('expired');
      admission = await deps.links.admit(link.id, at, config.shareLinkPerMinute);
    } catch {
      // The store cannot say whether the link was revoked: show nothing rather than risk it.
      return ended('unavailable', { 'Retry-After': '10' });
    }
    if (admission === 'revoked') return ended('revoked');
    if (admission === 'limited') {
      return ended('limited', { 'Retry-After': String(secondsToNextMinute(at)) });
    }
    return view(request, link, context, url);
  }

  return async (request: RequestHead, context?: unknown): Promise<Response> => {
    try {
      if (new URL(request.url).pathname === admin) {
        return await answerAdmin(request, deps.links, secret, deps.now());
      }
      const response = await answer(request, context);
      return request.method === 'HEAD'
        ? new Response(null, { status: response.status, headers: response.headers })
        : response;
    } catch {
      return ended('unavailable');
    }
  };
}

function hostOf(request: RequestHead): Headers {
  const headers = new Headers();
  const host = request.headers.get('Host');
  if (host !== null) headers.set('Host', host);
  return headers;
}

/** The title, stylesheet links and body of the proxy's own embed page (ssr/embed-page.ts). */
export function embedParts(
  page: string,
): { title: string; head: string; html: string } | undefined {
  const body = /<body>([\s\S]*)<\/body>/.exec(page)?.[1];
  if (body === undefined) return undefined;
  const title = /<title>([^<]*)<\/title>/.exec(page)?.[1] ?? '';
  const links = (/<head>([\s\S]*?)<\/head>/.exec(page)?.[1] ?? '').match(
    /<link rel="stylesheet" href="[^"]*">/g,
  );
  // The answers the cards carry for a script to pick up: no script runs on a client page.
  const html = body.replace(/<script type="application\/json"[^>]*>[^<]*<\/script>/g, '');
  return { title: unescapeTitle(title), head: (links ?? []).join('\n'), html };
}

/** The embed page's title is escaped; clientPage escapes it again. */
function unescapeTitle(text: string): string {
  return text
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&amp;', '&');
}
