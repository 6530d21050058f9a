/**
 * The widgets' events: prefixed, bubbling, composed (they leave the shadow
 * root), typed in HTMLElementEventMap. Details carry data or a plain error
 * object (AivisError.toJSON()), never the token.
 */
import type { EndpointName } from '../../shared/api/endpoints.js';
import type { AivisErrorDetails } from '../../shared/http/errors.js';

export interface AivisLoadDetail {
  /** The endpoint the data came from, e.g. `summary`, `competitors`, `action-plan`. */
  endpoint: EndpointName;
  /** The parsed response body. */
  data: unknown;
}

export interface AivisErrorDetail {
  endpoint: EndpointName;
  /** What went wrong; `code` is one of AivisError's codes. */
  error: AivisErrorDetails;
}

export type AivisLoadEvent = CustomEvent<AivisLoadDetail>;
export type AivisErrorEvent = CustomEvent<AivisErrorDetail>;

declare global {
  interface HTMLElementEventMap {
    'aivis-load': AivisLoadEvent;
    'aivis-error': AivisErrorEvent;
  }
  /** The events bubble and are composed, so a page can listen on document. */
  interface DocumentEventMap {
    'aivis-load': AivisLoadEvent;
    'aivis-error': AivisErrorEvent;
  }
}

export function emit<K extends 'aivis-load' | 'aivis-error'>(
  target: EventTarget,
  type: K,
  detail: HTMLElementEventMap[K]['detail'],
): void {
  target.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
}
