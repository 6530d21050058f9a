/**
 * The cards' step of the pipeline (docs/widgets.md, "Cards from the proxy"):
 * a card's request is checked as its element checks it, its answer read
 * through the same cache, budget, project list and page rules as the API
 * route that element would call (one upstream call per TTL serves the
 * element, its fragment, its embed and its picture alike), and the card made
 * by the elements' own templates (ssr/). A rendered card is kept per answer
 * validator, so a hit renders nothing.
 */
import type { Query } from '../../shared/api/endpoints.js';
import type { CheckedParams } from '../../shared/api/validate.js';
import { AivisError, validationError } from '../../shared/http/errors.js';
import { apiPath } from '../../shared/http/request.js';
import { cardAnswer } from '../../ssr/card-answer.js';
import { DASHBOARD_TAG, isWidgetTag } from '../../ssr/card-elements.js';
import { cardSvg } from '../../ssr/card-picture.js';
import {
  type CardElement,
  readAttributes,
  readCardRequest,
  unknownElement,
} from '../../ssr/card-request.js';
import { EMBED_STYLESHEET, embedPage } from '../../ssr/embed-page.js';
import { followUpCalls, hasFollowUps } from '../../ssr/follow-ups.js';
import { type CardAnswer, type CardLook, cardHtml, cardsReady } from '../../ssr/render-card.js';
import { dashboardHtml, planDashboard } from '../../ssr/render-dashboard.js';
import { cardStylesheet } from '../../ssr/stylesheet.js';
import { hexDigest } from '../digest.js';
import { etagMatches } from '../etag.js';
import { BoundedMemo } from '../memo.js';
import type { AnswerCached } from '../pipeline/cache-policy.js';
import type { ProxyParts } from '../pipeline/compose.js';
import type { Answer, ProxyRequestContext } from '../pipeline/exchange.js';
import { CACHE_HEADER, jsonError } from '../responses.js';
import { resolveRoute } from '../route.js';
import { scrubText } from '../scrub.js';
import type { CardForm, CardRoute } from './card-route.js';
import { RenderedCards } from './rendered-cards.js';

export type CardServer = (
  request: Request,
  route: CardRoute,
  context: ProxyRequestContext | undefined,
) => Promise<Answer>;

/** Distinct card addresses whose checked request is remembered (a site has a few dozen). */
const MAX_REMEMBERED_CARDS = 512;

/** The embed page's own stylesheet, beside the cards' (one address per tag). */
const EMBED_STYLESHEET_NAME = 'aivis-embed';
const CONTENT_TYPES: Record<CardForm, string> = {
  fragment: 'text/html; charset=utf-8',
  embed: 'text/html; charset=utf-8',
  svg: 'image/svg+xml; charset=utf-8',
  stylesheet: 'text/css; charset=utf-8',
};

interface Read {
  /** The answer as the card reads it, read and interpreted when first asked (a kept card never asks). */
  answer: () => Promise<CardAnswer>;
  status: number;
  etag?: string;
  cacheControl?: string;
  cacheState?: string;
}

interface Made {
  status: number;
  body: string;
  etag?: string;
  cacheControl: string;
  cacheState?: string;
}

export function cardServer(parts: ProxyParts, answerCached: AnswerCached): CardServer {
  const { config } = parts;
  const rules = { basePath: '', allowedProjects: config.allowedProjects };
  const look: CardLook = { stylesheet: (tag) => `${config.basePath}/cards/${tag}.css` };
  const rendered = new RenderedCards();
  const requests = new BoundedMemo<ReturnType<typeof readCardRequest>>(MAX_REMEMBERED_CARDS);
  const routes = new WeakMap<CheckedParams, ReturnType<typeof resolveRoute>>();
  const ancestors = config.frameAncestors.length > 0 ? config.frameAncestors.join(' ') : "'none'";
  const pageCsp = `default-src 'none'; style-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'; require-trusted-types-for 'script'; frame-ancestors ${ancestors}`;

  /** The answer of the API route the element would call, through the cache policy. */
  async function readAnswer(
    request: Request,
    endpoint: Parameters<typeof apiPath>[0],
    params: CheckedParams,
    context: ProxyRequestContext | undefined,
  ): Promise<Read> {
    // The same checked parameters (a remembered card's) resolve to the same route.
    let route = routes.get(params);
    if (!route) {
      route = resolveRoute(
        new URL(apiPath(endpoint, params as Query), 'https://cards.invalid'),
        rules,
      );
      routes.set(params, route);
    }
    if (route.kind === 'not_found') {
      const error = new AivisError({ code: 'not_found', status: 404, message: route.message });
      return { answer: async () => ({ error }), status: 404 };
    }
    if (route.kind === 'invalid') {
      const error = validationError(route.errors);
      return { answer: async () => ({ error }), status: 422 };
    }
    if (route.kind !== 'api') throw new Error('A card reads an API route');
    const result = await answerCached(request, route, context);
    const response = result.response;
    let interpreted: Promise<CardAnswer> | undefined;
    const read: Read = {
      answer: () =>
        (interpreted ??= response.text().then((body) => {
          const headers: Record<string, string> = {};
          response.headers.forEach((value, name) => {
            headers[name] = value;
          });
          return cardAnswer(endpoint, params, response.status, headers, body, parts.now());
        })),
      status: response.status,
    };
    const etag = response.headers.get('ETag');
    if (response.status === 200 && etag) {
      read.etag = etag;
      read.cacheControl = response.headers.get('Cache-Control') ?? undefined;
    }
    read.cacheState = response.headers.get(CACHE_HEADER) ?? result.cache;
    return read;
  }

  /** The card's answer and its follow-ups' (AI traffic's daily series), one validator for all. */
  async function readWithFollowUps(
    request: Request,
    tag: string,
    element: CardElement,
    endpoint: Parameters<typeof apiPath>[0],
    params: CheckedParams,
    context: ProxyRequestContext | undefined,
  ): Promise<Read> {
    const read = await readAnswer(request, endpoint, params, context);
    if (!hasFollowUps(tag)) return read;
    const first = await read.answer();
    if (!('data' in first)) return read;
    const calls = followUpCalls(tag, element, first.data);
    if (calls.length === 0) return read;
    const more = await Promise.all(
      calls.map((call) => readAnswer(request, call.endpoint, call.params, context)),
    );
    const answer: CardAnswer = {
      data: first.data,
      followUps: await Promise.all(
        more.map(async (one) => {
          const followed = await one.answer();
          return 'data' in followed ? followed.data : undefined;
        }),
      ),
    };
    read.answer = async () => answer;
    if (read.etag && more.every((one) => one.etag)) {
      read.etag = `"${await hexDigest([read.etag, ...more.map((one) => one.etag!)])}"`;
    } else delete read.etag;
    return read;
  }

  function respond(request: Request, form: CardForm, made: Made): Answer {
    const headers: Record<string, string> = {
      'Content-Type': CONTENT_TYPES[form],
      'Cache-Control': made.cacheControl,
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy':
        form === 'embed'
          ? pageCsp
          : form === 'svg'
            ? "default-src 'none'; frame-ancestors 'none'"
            : `default-src 'none'; style-src 'self'; frame-ancestors 'none'`,
      'Referrer-Policy': 'no-referrer',
      ...parts.cors.forAnswer(request.headers.get('Origin')),
    };
    if (form !== 'embed' || config.frameAncestors.length === 0) headers['X-Frame-Options'] = 'DENY';
    if (made.etag) headers.ETag = made.etag;
    if (made.cacheState) headers[CACHE_HEADER] = made.cacheState;
    const notModified =
      made.etag !== undefined &&
      made.status === 200 &&
      etagMatches(request.headers.get('If-None-Match'), made.etag);
    const response = notModified
      ? new Response(null, { status: 304, headers })
      : new Response(request.method === 'HEAD' ? null : made.body, {
          status: made.status,
          headers,
        });
    return {
      response,
      cache: (made.cacheState as Answer['cache']) ?? '-',
      path: `/${form}`,
      final: true,
    };
  }

  /** One widget's card in `form`, from its answer. */
  async function widgetCard(
    request: Request,
    route: CardRoute,
    context: ProxyRequestContext | undefined,
  ): Promise<Made> {
    // Checked once per address: a card's element holds no state between renders but its answer.
    const card = requests.get(`${route.tag}?${route.query}`, () =>
      readCardRequest(route.tag, new URLSearchParams(route.query)),
    );
    if (!card.ok) {
      if (!card.element || !card.tag || !card.attributes) throw card.error;
      return {
        status: card.status,
        body: dress(
          route,
          cardTitle(route.tag),
          cardHtml(card.tag, card.attributes, card.element, '', { error: card.error }, look),
          card.attributes,
        ),
        cacheControl: 'no-store',
      };
    }
    const read = await readWithFollowUps(
      request,
      card.tag,
      card.element,
      card.endpoint,
      card.params,
      context,
    );
    const etag = read.etag && `"${bare(read.etag)}-${route.form}"`;
    const key = etag && `${route.form} ${route.tag}?${route.query} ${etag}`;
    const kept = key ? rendered.get(key) : undefined;
    const body =
      kept ??
      scrubText(
        dress(
          route,
          cardTitle(route.tag),
          cardHtml(card.tag, card.attributes, card.element, card.key, await read.answer(), look),
          card.attributes,
        ),
        config.token,
      );
    if (key && kept === undefined) rendered.set(key, body);
    return {
      status: read.status,
      body,
      ...(etag ? { etag } : {}),
      cacheControl: read.status === 200 && read.cacheControl ? read.cacheControl : 'no-store',
      ...(read.cacheState ? { cacheState: read.cacheState } : {}),
    };
  }

  /** The dashboard: each section's answer, read together. */
  async function dashboard(
    request: Request,
    route: CardRoute,
    context: ProxyRequestContext | undefined,
  ): Promise<Made> {
    const read = readAttributes(DASHBOARD_TAG, new URLSearchParams(route.query));
    if ('error' in read) throw read.error;
    const plan = planDashboard(read.attributes);
    const reads = await Promise.all(
      plan.sections.map(async (section): Promise<Read> => {
        const asked = section.request;
        if ('error' in asked) return { answer: async () => ({ error: asked.error }), status: 422 };
        return readWithFollowUps(
          request,
          section.tag,
          section.element,
          asked.endpoint,
          asked.params,
          context,
        );
      }),
    );
    const answers = new Map(
      await Promise.all(
        plan.sections.map(
          async (section, index) => [section.name, await reads[index]!.answer()] as const,
        ),
      ),
    );
    const html = dashboardHtml(plan, answers, look);
    const all = reads.every((one) => one.etag);
    const etag =
      all && reads.length > 0
        ? `"${await hexDigest([route.query, ...reads.map((one) => one.etag!)])}-embed"`
        : undefined;
    const theme = read.attributes.find(([name]) => name === 'theme')?.[1] ?? 'auto';
    return {
      status: 200,
      body: scrubText(
        embedPage({
          title: 'AI visibility',
          body: html,
          theme,
          lang: 'en',
          stylesheet: look.stylesheet(EMBED_STYLESHEET_NAME),
        }),
        config.token,
      ),
      ...(etag ? { etag } : {}),
      cacheControl: all ? 'public, max-age=0, must-revalidate' : 'no-store',
    };
  }

  function dress(
    route: CardRoute,
    title: string,
    card: string,
    attributes: ReadonlyArray<readonly [string, string]>,
  ): string {
    if (route.form === 'fragment') return card;
    const theme = attributes.find(([name]) => name === 'theme')?.[1] ?? 'auto';
    if (route.form === 'svg') return cardSvg(card, theme);
    return embedPage({
      title,
      body: card,
      theme,
      lang: 'en',
      stylesheet: look.stylesheet(EMBED_STYLESHEET_NAME),
    });
  }

  function stylesheet(route: CardRoute): Made {
    const tag = route.tag;
    if (tag !== EMBED_STYLESHEET_NAME && tag !== DASHBOARD_TAG && !isWidgetTag(tag))
      throw unknownElement();
    return {
      status: 200,
      body: tag === EMBED_STYLESHEET_NAME ? EMBED_STYLESHEET : cardStylesheet(tag),
      cacheControl: 'public, max-age=3600',
    };
  }

  return async (request, route, context) => {
    await cardsReady();
    try {
      if (route.form === 'stylesheet') return respond(request, route.form, stylesheet(route));
      if (route.tag === DASHBOARD_TAG) {
        if (route.form !== 'embed') throw unknownElement();
        return respond(request, route.form, await dashboard(request, route, context));
      }
      return respond(request, route.form, await widgetCard(request, route, context));
    } catch (error) {
      if (!(error instanceof AivisError)) throw error;
      const status = error.status === 404 ? 404 : 422;
      return {
        response: jsonError(
          status,
          status === 404 ? 'not_found' : 'validation_failed',
          error.message,
          error.errors ? { errors: error.errors } : {},
        ),
        cache: '-',
        path: `/${route.form}`,
      };
    }
  };
}

/** An entity tag's opaque part, without W/ and quotes. */
const bare = (etag: string): string => etag.replace(/^W\//, '').replace(/"/g, '');

const cardTitle = (tag: string): string =>
  tag
    .replace(/^aivis-/, '')
    .replace(/-/g, ' ')
    .replace(/^./, (first) => first.toUpperCase());
