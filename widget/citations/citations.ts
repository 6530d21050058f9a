/// <reference path="../internal/response-shapes.d.ts" />
// The shapes of the endpoint this element reads: only its own ship with it.
import shapes, { endpoints } from 'virtual:aivis/response-shapes?element=aivis-citations';
import { registerResponseShapes } from '../internal/connection.js';
import { defineElement } from '../internal/define-element.js';
import { AivisCitations } from './citations.component.js';

export { AivisCitations };

registerResponseShapes(shapes, endpoints);

defineElement('aivis-citations', AivisCitations);

declare global {
  interface HTMLElementTagNameMap {
    'aivis-citations': AivisCitations;
  }
}
