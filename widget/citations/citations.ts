/// <reference path="../internal/response-shapes.d.ts" />
// The shapes of the endpoint this element reads: only its own ship with it.
import shapes, { endpoints } from 'virtual:aivis/response-shapes?element=aivis-citations';
import { AivisCitations } from './citations.component.js';

export { AivisCitations };

AivisCitations.define('aivis-citations', shapes, endpoints);

declare global {
  interface HTMLElementTagNameMap {
    'aivis-citations': AivisCitations;
  }
}
