import type { Site } from './browser.js';
/** Where the bench site mounts the token-keeping proxy, as docs/loading.md's page expects it. */
export declare const PROXY_PATH = "/aivis-proxy";
export declare const TOKEN = "aivis_test_entry";
/** The three bodies the three-widget page asks for. */
export declare const THREE_WIDGET_PATHS: string[];
/**
 * A page fetching `paths` from the API and writing each body as text as it
 * arrives (window.firstAt after the first, window.renderedAt after the
 * last); with a token when it is given, as the widgets send it.
 */
export declare function plainPage(baseUrl: string, paths: readonly string[], token?: string): string;
/**
 * A classic script for the top of <head>: window.firstAt on the frame after
 * the first widget's answer, window.renderedAt after the `count`-th (loads
 * and errors alike, so a failing section cannot hang the bench).
 */
export declare function watchWidgets(count: number): string;
/** The html block of docs/loading.md that holds a whole page (its `<aivis-provider`). */
export declare function loadingDocPage(): string;
/** docs/loading.md's page on `siteUrl`, watched for `count` widgets; the doc's site replaced, nothing else. */
export declare function docPageOn(siteUrl: string, count: number, page?: string): string;
export declare function benchPages(site: Site, baseUrl: string): {
    widgets: string;
    preloaded: string;
    baseline: string;
};
/** Asks for each path once, so both pages meet the same warm server. */
export declare function warmSandbox(baseUrl: string, paths?: string[]): Promise<void>;
