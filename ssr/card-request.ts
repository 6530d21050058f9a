/**
 * A card's request as a URL's query gives it (`/cards/<element>?<attributes>`):
 * the element's own attributes, read and checked as the element reads and
 * checks them (its catalogue entry, widget/catalog.ts, and the endpoint
 * table through checkedParams), with the element's own messages. The
 * connection attributes (base-url, token) are never taken: the server that
 * renders the card is the connection.
 */
import type { EndpointName } from '../shared/api/endpoints.js';
import type { CheckedParams } from '../shared/api/validate.js';
import { AivisError, validationError } from '../shared/http/errors.js';
import { checkedParams, forAttributes, propertyOf } from '../widget/internal/catalog-params.js';
import {
  DASHBOARD_TAG,
  entryOf,
  isWidgetTag,
  newCard,
  observedAttributes,
  WIDGET_CLASSES,
  type WidgetTag,
} from './card-elements.js';

/** Attributes of a card the server sets from the request: none may name the connection. */
const CONNECTION_ATTRIBUTES = new Set(['base-url', 'token']);
/** What one attribute's value may hold: a value of the catalogue is far shorter. */
export const MAX_ATTRIBUTE_CHARS = 200;
/** Attributes in one query: an element has about ten. */
const MAX_ATTRIBUTES = 24;

export type CardElement = ReturnType<typeof newCard>;

export interface WidgetCardRequest {
  ok: true;
  tag: WidgetTag;
  /** The attributes as given (checked), in a stable order: the card's tag carries them. */
  attributes: ReadonlyArray<readonly [string, string]>;
  endpoint: EndpointName;
  params: CheckedParams;
  /** The element's own name for this request (requestKey). */
  key: string;
  element: CardElement;
}

export interface RefusedCardRequest {
  ok: false;
  /** 404: no such element; 422: an attribute the element refuses. */
  status: 404 | 422;
  error: AivisError;
  /** The element, when it exists: its error card says what it refused. */
  element?: CardElement;
  tag?: WidgetTag;
  attributes?: ReadonlyArray<readonly [string, string]>;
}

/** A card's request, checked: what to ask and for which element, or why not. */
export type CardRequest = WidgetCardRequest | RefusedCardRequest;

export const CARD_TAGS: readonly string[] = [...Object.keys(WIDGET_CLASSES), DASHBOARD_TAG];

export function unknownElement(): AivisError {
  return new AivisError({
    code: 'not_found',
    status: 404,
    message: `No such element. Cards are ${CARD_TAGS.join(', ')}.`,
  });
}

/** The query's attributes for `tag`: each once, known to the element, bounded; else the refusal. */
export function readAttributes(
  tag: WidgetTag | typeof DASHBOARD_TAG,
  query: URLSearchParams,
): { attributes: Array<[string, string]> } | { error: AivisError } {
  const known = observedAttributes(tag).filter((name) => !CONNECTION_ATTRIBUTES.has(name));
  const errors: Record<string, string[]> = {};
  const seen = new Map<string, string>();
  let count = 0;
  for (const [name, value] of query) {
    if (++count > MAX_ATTRIBUTES) {
      errors.query = [`at most ${MAX_ATTRIBUTES} attributes`];
      break;
    }
    const shown = name.length > 40 ? `${name.slice(0, 40)}…` : name;
    if (CONNECTION_ATTRIBUTES.has(name)) {
      errors[shown] = ['is not taken here: the server that renders the card is its connection'];
    } else if (!known.includes(name)) {
      errors[shown] = [`is not an attribute of <${tag}> (it has ${known.join(', ')})`];
    } else if (seen.has(name)) {
      errors[shown] = ['is given twice'];
    } else if (value.length > MAX_ATTRIBUTE_CHARS) {
      errors[shown] = [`is longer than ${MAX_ATTRIBUTE_CHARS} characters`];
    } else seen.set(name, value);
  }
  if (Object.keys(errors).length > 0) return { error: validationError(errors) };
  return { attributes: [...seen].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)) };
}

/**
 * The element's own name for its request: the JSON of its raw parameters,
 * as its task names them (AivisElement's held answer is matched by it).
 */
export function requestKey(element: CardElement): string {
  return JSON.stringify((element as unknown as { requestInput(): unknown }).requestInput());
}

/** Sets the attributes on an element made on the server, as the parser would. */
export function applyAttributes(
  element: object,
  attributes: ReadonlyArray<readonly [string, string]>,
): void {
  for (const [name, value] of attributes) {
    (element as Record<string, unknown>)[propertyOf(name)] = value;
  }
}

/** `/cards/<tag>?<query>`'s request, checked as the element checks it. */
export function readCardRequest(
  tag: string,
  query: URLSearchParams,
): WidgetCardRequest | RefusedCardRequest {
  if (!isWidgetTag(tag)) return { ok: false, status: 404, error: unknownElement() };
  const read = readAttributes(tag, query);
  const element = newCard(tag);
  if ('error' in read)
    return { ok: false, status: 422, error: read.error, element, tag, attributes: [] };
  applyAttributes(element, read.attributes);
  const entry = entryOf(tag);
  const key = requestKey(element);
  try {
    const params = checkedParams(entry, JSON.parse(key)) as CheckedParams;
    return {
      ok: true,
      tag,
      attributes: read.attributes,
      endpoint: entry.endpoint,
      params,
      key,
      element,
    };
  } catch (error) {
    return {
      ok: false,
      status: 422,
      error: forAttributes(entry, error) as AivisError,
      element,
      tag,
      attributes: read.attributes,
    };
  }
}
