/**
 * The cards' step of the pipeline (docs/widgets.md, "Cards from the proxy"):
 * a card's request is checked as its element checks it, its answer read
 * through the same cache, budget, project list and page rules as the API
 * route that element would call (one upstream call per TTL serves the
 * element, its fragment, its embed and its picture alike), and the card made
 * by the elements' own templates (ssr/). A rendered card is kept per answer
 * validator, so a hit renders nothing.
 */
import type { RequestHead } from '../../server/request-head.js';
import type { Query } from '../../shared/api/endpoints.js';
import type { CheckedParams } from '../../shared/api/validate.js';
import { BoundedMemo } from '../../shared/bounded-memo.js';
import { AivisError, validationError } from '../../shared/http/errors.js';
import { apiPath } from '../../shared/http/request.js';
import { cardAnswer } from '../../ssr/card-answer.js';
import { DASHBOARD_TAG, isWidgetTag, type WidgetTag } from '../../ssr/card-elements.js';
import { cardSvg, DASHBOARD_LINES } from '../../ssr/card-picture.js';
import {
  type CardElement,
  readAttributes,
  readCardRequest,
  unknownElement,
} from '../../ssr/card-request.js';
import { EMBED_STYLESHEET, embedPage } from '../../ssr/embed-page.js';
import { followUpCalls, hasFollowUps } from '../../ssr/follow-ups.js';
import { type CardAnswer, type CardLook, cardHtml, cardsReady } from '../../ssr/render-card.js';
import { type DashboardPlan, dashboardHtml, planDashboard } from '../../ssr/render-dashboard.js';
import { CARDS_STYLESHEET, cardStylesheet, cardsStylesheet } from '../../ssr/stylesheet.js';
import { cachedCacheControl } from '../cached-response.js';
import { hexDigest } from '../digest.js';
import { etagMatches } from '../etag.js';
import type { AnswerCached } from '../pipeline/cache-policy.js';
import type { ProxyParts } from '../pipeline/compose.js';
import type { Answer, ProxyRequestContext } from '../pipeline/exchange.js';
import { CACHE_HEADER, jsonError } from '../responses.js';
import { resolveRoute } from '../route.js';
import { scrubText } from '../scrub.js';
import { cardResponder, type Made } from './card-response.js';
import type { CardForm, CardRoute } from './card-route.js';
import { embedReader } from './framed-embed.js';
import { type LoadPngRenderer, PNG_UNAVAILABLE, pngOfSvg, pngRenderer } from './png-picture.js';
import { RenderedCards } from './rendered-cards.js';

/** No PNG renderer loads on this runtime (workerd): answered 404 naming the SVG picture. */
class PictureUnavailable extends Error {}

export type CardServer = (
  request: RequestHead,
  route: CardRoute,
  context: ProxyRequestContext | undefined,
) => Promise<Answer>;

/** Distinct card addresses whose checked request is remembered (a site has a few dozen). */
const MAX_REMEMBERED_CARDS = 512;

/** The embed page's own stylesheet, beside the cards' (one address per tag). */
const EMBED_STYLESHEET_NAME = 'aivis-embed';

interface Read {
  /** The answer as the card reads it, read and interpreted when first asked (a kept card never asks). */
  answer: () => Promise<CardAnswer>;
  status: number;
  etag?: string;
  cacheControl?: string;
  cacheState?: string;
}

/** Where a card's own read of a cached answer says it comes from (no viewer's headers). */
const SERVER_READ = 'https://cards.invalid/';

/** UTF-8, once per rendered card. */
const encoder = new TextEncoder();

export interface CardServerOptions {
  /** Told of each card rendered (tests count them: a kept card renders nothing). */
  rendered?: () => void;
  /** Loads the PNG renderer; without it a `.png` is a 404 naming the SVG. */
  loadPng?: LoadPngRenderer;
}

export function cardServer(
  parts: ProxyParts,
  answerCached: AnswerCached,
  options: CardServerOptions = {},
): CardServer {
  const rendered = options.rendered ?? (() => {});
  const png = pngRenderer(options.loadPng);
  const { config } = parts;
  const rules = { basePath: '', allowedProjects: config.allowedProjects };
  const stylesheetOf = (name: string) => `${config.basePath}/cards/${name}.css`;
  // Every card links the one stylesheet of them all: a page of cards asks for it once.
  const look: CardLook = { stylesheet: () => stylesheetOf(CARDS_STYLESHEET) };
  // A page without script (an embed, a picture) gets no answer to take the card over with.
  const lookOf = (form: CardForm): CardLook =>
    form === 'fragment' ? look : { ...look, holdAnswer: false };
  const framedReader = embedReader(config.frameAncestors);
  // Only an embed is a page to frame: a listed framer's navigation to it reads as a server's.
  const readerOf = (request: RequestHead, form: CardForm) =>
    form === 'embed' ? framedReader(request) : request;
  const kept = new RenderedCards();
  const plans = new BoundedMemo<DashboardPlan>(MAX_REMEMBERED_CARDS);
  const stylesheets = new Map<string, { body: Uint8Array<ArrayBuffer>; etag: string }>();
  const requests = new BoundedMemo<ReturnType<typeof readCardRequest>>(MAX_REMEMBERED_CARDS);
  const routes = new WeakMap<CheckedParams, ReturnType<typeof resolveRoute>>();
  // A request target's route is one object for as long as its decision is remembered
  // (pipeline/target.ts): a hit finds its checked card and its validator's names by it,
  // without building and hashing their strings again.
  const checkedRoutes = new WeakMap<CardRoute, ReturnType<typeof readCardRequest>>();
  const validators = new WeakMap<CardRoute, { from: string; etag: string; key: string }>();

  /** The card's validator for the answer's, and the key its kept bytes are found by. */
  function validatorOf(route: CardRoute, answerEtag: string | undefined) {
    if (!answerEtag) return { etag: undefined, key: undefined };
    let named = validators.get(route);
    if (named?.from !== answerEtag) {
      const etag = `"${bare(answerEtag)}-${route.form}"`;
      named = { from: answerEtag, etag, key: `${route.form} ${route.tag}?${route.query} ${etag}` };
      validators.set(route, named);
    }
    return named;
  }

  /** The answer of the API route the element would call, through the cache policy. */
  async function readAnswer(
    request: RequestHead,
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
    const cached = result.cached;
    if (cached) {
      // A copy from the cache: its validator and freshness come from the entry itself.
      return {
        // Rendered from the whole entry: the viewer's If-None-Match never empties the card's source.
        answer: interpretedOnce(
          () => parts.renderCached(new Request(SERVER_READ), cached.entry, cached.state),
          endpoint,
          params,
        ),
        status: 200,
        etag: cached.entry.etag,
        cacheControl: cachedCacheControl(
          parts.windows,
          Math.max(0, parts.now() - cached.entry.storedAt),
          cached.state,
        ).value,
        cacheState: cached.state,
      };
    }
    const response = result.response;
    const read: Read = {
      answer: interpretedOnce(() => response, endpoint, params),
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

  /**
   * The card's answer as the element reads it, read from `response` when
   * first asked: only to render, which a kept card never does. One function
   * for every request, so a hit makes no named closure of its own.
   */
  function interpretedOnce(
    response: () => Response,
    endpoint: Parameters<typeof apiPath>[0],
    params: CheckedParams,
  ): () => Promise<CardAnswer> {
    let interpreted: Promise<CardAnswer> | undefined;
    return () => {
      if (interpreted) return interpreted;
      const read = response();
      interpreted = read.text().then((body) => {
        const headers: Record<string, string> = {};
        read.headers.forEach((value, name) => {
          headers[name] = value;
        });
        return cardAnswer(endpoint, params, read.status, headers, body, parts.now());
      });
      return interpreted;
    };
  }

  /** The card's answer and its follow-ups' (AI traffic's daily series), one validator for all. */
  async function readWithFollowUps(
    request: RequestHead,
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

  const respond = cardResponder({
    frameAncestors: config.frameAncestors,
    cors: (origin) => parts.cors.forAnswer(origin),
    embedStylesheet: stylesheetOf(CARDS_STYLESHEET),
  });

  /**
   * The card in `route.form` for an answer read as `read` says: the kept
   * bytes when its validator's card was made already, nothing for a
   * matching revalidation, else `render`ed once and kept.
   */
  async function made(
    request: RequestHead,
    route: CardRoute,
    read: Pick<Read, 'status' | 'etag' | 'cacheControl' | 'cacheState'>,
    render: () => Promise<string>,
  ): Promise<Made> {
    const { etag, key } = validatorOf(route, read.etag);
    let body: string | Uint8Array<ArrayBuffer> | undefined = key ? kept.get(key) : undefined;
    // A revalidation that matches is answered 304 from the validator alone.
    const unchanged =
      etag !== undefined &&
      read.status === 200 &&
      etagMatches(request.headers.get('If-None-Match'), etag);
    if (body === undefined && unchanged) body = '';
    if (body === undefined) {
      rendered();
      const text = scrubText(await render(), config.token);
      if (route.form === 'png') {
        body = await pngOfSvg(png, text);
        if (!body) throw new PictureUnavailable();
      } else body = encoder.encode(text);
      if (key) kept.set(key, body);
    }
    return {
      status: read.status,
      body,
      ...(etag ? { etag } : {}),
      cacheControl: read.status === 200 && read.cacheControl ? read.cacheControl : 'no-store',
      ...(read.cacheState ? { cacheState: read.cacheState } : {}),
    };
  }

  /** One widget's card in `form`, from its answer. */
  async function widgetCard(
    request: RequestHead,
    route: CardRoute,
    context: ProxyRequestContext | undefined,
  ): Promise<Made> {
    // Checked once per address: a card's element holds no state between renders but its answer.
    let card = checkedRoutes.get(route);
    if (!card) {
      card = requests.get(`${route.tag}?${route.query}`, () =>
        readCardRequest(route.tag, new URLSearchParams(route.query)),
      );
      checkedRoutes.set(route, card);
    }
    if (!card.ok) {
      if (!card.element || !card.tag || !card.attributes) throw card.error;
      return {
        status: card.status,
        body: dress(
          route,
          cardTitle(route.tag),
          cardHtml(
            card.tag,
            card.attributes,
            card.element,
            '',
            { error: card.error },
            lookOf(route.form),
          ),
          card.attributes,
        ),
        cacheControl: 'no-store',
      };
    }
    const read = await readWithFollowUps(
      readerOf(request, route.form),
      card.tag,
      card.element,
      card.endpoint,
      card.params,
      context,
    );
    return made(request, route, read, async () =>
      dress(
        route,
        cardTitle(route.tag),
        cardHtml(
          card.tag,
          card.attributes,
          card.element,
          card.key,
          await read.answer(),
          lookOf(route.form),
        ),
        card.attributes,
      ),
    );
  }

  /** The dashboard in `form`: each section's answer, read together; one validator for them all. */
  async function dashboard(
    request: RequestHead,
    route: CardRoute,
    context: ProxyRequestContext | undefined,
  ): Promise<Made> {
    const read = readAttributes(DASHBOARD_TAG, new URLSearchParams(route.query));
    if ('error' in read) throw read.error;
    // Planned once per address, as a widget's request is checked once.
    const plan = plans.get(route.query, () => planDashboard(read.attributes));
    const reader = readerOf(request, route.form);
    const reads = await Promise.all(
      plan.sections.map(async (section): Promise<Read> => {
        const asked = section.request;
        if ('error' in asked) return { answer: async () => ({ error: asked.error }), status: 422 };
        return readWithFollowUps(
          reader,
          section.tag,
          section.element,
          asked.endpoint,
          asked.params,
          context,
        );
      }),
    );
    const all = reads.length > 0 && reads.every((one) => one.etag);
    const etag = all
      ? `"${await hexDigest([route.query, ...reads.map((one) => one.etag!)])}"`
      : undefined;
    const state = reads.some((one) => one.cacheState === 'MISS') ? 'MISS' : reads[0]?.cacheState;
    return made(
      request,
      route,
      {
        status: 200,
        // Revalidated each time: its sections' freshness differ; a section without a validator is not kept.
        ...(etag ? { etag, cacheControl: 'public, max-age=0, must-revalidate' } : {}),
        ...(state ? { cacheState: state } : {}),
      },
      async () => {
        const answers = new Map(
          await Promise.all(
            plan.sections.map(
              async (section, index) => [section.name, await reads[index]!.answer()] as const,
            ),
          ),
        );
        return dress(
          route,
          'AI visibility',
          dashboardHtml(plan, answers, lookOf(route.form)),
          read.attributes,
        );
      },
    );
  }

  function dress(
    route: CardRoute,
    title: string,
    card: string,
    attributes: ReadonlyArray<readonly [string, string]>,
  ): string {
    if (route.form === 'fragment') return card;
    const theme = attributes.find(([name]) => name === 'theme')?.[1] ?? 'auto';
    if (route.form === 'svg' || route.form === 'png')
      return cardSvg(card, theme, route.tag === DASHBOARD_TAG ? DASHBOARD_LINES : undefined);
    return embedPage({
      title,
      body: card,
      theme,
      lang: 'en',
      // The cards' own stylesheet holds the page's rules too: one request for the whole embed.
      stylesheet: stylesheetOf(CARDS_STYLESHEET),
    });
  }

  /**
   * A stylesheet's bytes and validator, made once per name: a visit after its hour
   * revalidates it with a 304 instead of downloading it again.
   */
  async function stylesheet(route: CardRoute): Promise<Made> {
    const tag = route.tag;
    if (
      tag !== EMBED_STYLESHEET_NAME &&
      tag !== CARDS_STYLESHEET &&
      tag !== DASHBOARD_TAG &&
      !isWidgetTag(tag)
    )
      throw unknownElement();
    let sheet = stylesheets.get(tag);
    if (!sheet) {
      const text =
        tag === EMBED_STYLESHEET_NAME
          ? EMBED_STYLESHEET
          : tag === CARDS_STYLESHEET
            ? cardsStylesheet()
            : cardStylesheet(tag as WidgetTag | typeof DASHBOARD_TAG);
      sheet = { body: encoder.encode(text), etag: `"${await hexDigest([text])}-css"` };
      stylesheets.set(tag, sheet);
    }
    return { status: 200, ...sheet, cacheControl: 'public, max-age=3600' };
  }

  return async (request, route, context) => {
    await cardsReady();
    try {
      if (route.form === 'stylesheet')
        return respond(request, route.form, await stylesheet(route), context);
      if (route.tag === DASHBOARD_TAG)
        return respond(request, route.form, await dashboard(request, route, context), context);
      return respond(request, route.form, await widgetCard(request, route, context), context);
    } catch (error) {
      if (error instanceof PictureUnavailable) {
        return {
          response: jsonError(404, 'not_found', PNG_UNAVAILABLE),
          cache: '-',
          path: `/${route.form}`,
        };
      }
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
