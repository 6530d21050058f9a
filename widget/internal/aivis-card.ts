/**
 * What every card on a page shares, a widget or the dashboard that lays
 * widgets out: the attributes naming its project, period and connection, and
 * those for how it looks and reads. One table, so the two cannot drift.
 */
import { LitElement, type PropertyDeclarations, type PropertyValues } from 'lit';
import type { EndpointName } from '../../shared/api/endpoints.js';
import type { CompiledShapes } from '../../shared/http/shape-check.js';
import type { CatalogTag } from '../catalog.js';
import { registerResponseShapes } from './connection.js';
import { defineElement } from './define.js';

export class AivisCard extends LitElement {
  // A table instead of @property decorators: their helpers cost the bundle
  // more than the table (the full bundle's budget, docs/widgets.md). The JSDoc stays on the fields for
  // the manifest; subclasses that mean more by one re-declare it with theirs.
  static override properties: PropertyDeclarations = {
    project: { reflect: true },
    period: { reflect: true },
    baseUrl: { attribute: 'base-url', reflect: true },
    token: {},
    locale: { reflect: true },
    theme: { reflect: true },
    heading: { reflect: true },
    headingLevel: { attribute: 'heading-level', reflect: true },
  };

  /**
   * Registers the card under its catalogue tag with the response shapes it
   * reads: the one line of each element's registration module
   * (docs/widgets.md, "Adding an element").
   */
  static define(
    this: CustomElementConstructor,
    tag: CatalogTag,
    shapes?: CompiledShapes,
    endpoints?: readonly EndpointName[],
  ): void {
    if (shapes && endpoints) registerResponseShapes(shapes, endpoints);
    // biome-ignore lint/complexity/noThisInStatic: `this` is the element class being defined, a subclass.
    defineElement(tag, this);
  }

  /** Numeric project id (from GET /projects). */
  declare project?: string;

  /** AI-visibility report period. */
  declare period?: string;

  /** Base address of the Data API without /api/v1, or of the token-keeping proxy (recommended). */
  declare baseUrl?: string;

  /** Personal access token. Avoid it on shared pages: point base-url at the proxy instead. Never reflected. */
  declare token?: string;

  /** BCP 47 locale for numbers and dates; defaults to the page's lang, then the browser's. */
  declare locale?: string;

  /** Colour scheme: auto (follows prefers-color-scheme), light or dark. */
  declare theme?: string;

  /**
   * The card's heading. By default the widget's name and the brand its data
   * carries ("AI visibility · Brightlane"); markup in the `heading` slot
   * replaces both.
   */
  declare heading?: string;

  /** The card heading's level, 2 (default) to 6; the headings inside the card follow it. */
  declare headingLevel?: string;

  /**
   * A server-rendered card (docs/loading.md, "Cards from the server") is on
   * screen before the bundle runs: Lit takes it over after the next frame,
   * so its first paint does not wait for the takeover, and clears the
   * server's markup from the declarative shadow root it renders into in the
   * same task as its first render, so nothing moves.
   */
  protected override scheduleUpdate() {
    // LitElement renders before the root's first child: the server's, if any.
    const options = this.renderOptions;
    if (this.hasUpdated || !options.renderBefore) return super.scheduleUpdate();
    return new Promise(requestAnimationFrame).then(() => {
      this.renderRoot.replaceChildren();
      options.renderBefore = null;
      super.scheduleUpdate();
    });
  }

  protected override firstUpdated(changed: PropertyValues<this>): void {
    super.firstUpdated(changed);
    // A page that sets no font leaves the browser's serif default: use the
    // system stack then (--aivis-font-family still wins), in a widget and in
    // the dashboard's own heading alike. Checked once, after the first render,
    // when the styles are computed anyway.
    const family = getComputedStyle(this).fontFamily;
    if (/^("?Times( New Roman)?"?|serif)$/i.test(family)) {
      this.renderRoot.querySelector('[part~="base"]')?.classList.add('system-font');
    }
  }
}
