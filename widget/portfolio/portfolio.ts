/// <reference path="../internal/response-shapes.d.ts" />
// The shapes of the endpoints this element reads: the list and the summary.
import shapes, { endpoints } from 'virtual:aivis/response-shapes?element=aivis-portfolio';
import { registerResponseShapes } from '../internal/connection.js';
import { defineElement } from '../internal/define.js';
import { AivisPortfolio } from './portfolio.component.js';

export { AivisPortfolio };

registerResponseShapes(shapes, endpoints);
defineElement('aivis-portfolio', AivisPortfolio);

declare global {
  interface HTMLElementTagNameMap {
    'aivis-portfolio': AivisPortfolio;
  }
}
