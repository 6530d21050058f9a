/**
 * The least the widget bench needs from a browser: pages and bundle files
 * served from one loopback origin, and Debian's Chromium through
 * playwright-core (never a downloaded browser).
 */
import { type Browser } from 'playwright-core';
import { type FetchHandler } from '../server/serve-fetch-handler.js';
export interface Site {
    url: string;
    /** Serves `html` at /<name>.html and returns its address. */
    page(name: string, html: string): string;
    close(): Promise<void>;
}
export interface SiteOptions {
    /** Served under this path prefix (the token-keeping proxy on the page's origin). */
    mount?: {
        path: string;
        handler: FetchHandler;
    };
}
/**
 * Pages by name, and /widget/<file>.js from `bundleDir` with an ETag and
 * `Cache-Control: no-cache`, as a web server serves a static file that may
 * change: a repeat visit revalidates the bundle (a 304) rather than
 * downloading it again.
 */
export declare function startSite(bundleDir: string, options?: SiteOptions): Promise<Site>;
export declare function launchChromium(): Promise<Browser>;
/** Chromium's network emulation (CDP Network.emulateNetworkConditions); none on loopback. */
export interface Network {
    /** Round trip added to every request, ms. */
    latencyMs: number;
    /** Both directions, bits per second. */
    bitsPerSecond: number;
}
export interface Rendered {
    /** Navigation start to the frame after the first figure (the page's firstAt, else renderedAt). */
    first: number;
    /** Navigation start to the frame after the last figure (the page's renderedAt). */
    all: number;
}
/** Navigation start until the page sets window.renderedAt, in a fresh context (a first visit). */
export declare function timeToRendered(browser: Browser, url: string, network?: Network): Promise<Rendered>;
/**
 * A repeat visit: the page loaded once in a fresh context (filling the
 * browser's cache), then opened again in a new tab of the same context;
 * the second load's times.
 */
export declare function timeToRenderedAgain(browser: Browser, url: string, network?: Network): Promise<Rendered>;
