/**
 * A card's SVG picture as a PNG, for mail clients and chats that show only
 * raster images (docs/widgets.md, "Pictures"). Drawn without a browser by
 * `@resvg/resvg-js` (native, prebuilt per platform), loaded when the first
 * PNG is asked for so that the proxy starts and runs without it: where it
 * does not load (workerd, a platform without a prebuilt binary) a PNG is
 * answered 404 naming the SVG picture instead.
 */

/** What the library is asked for: kept out of every bundle (a native module), found beside the proxy. */
const RESVG_PACKAGE = '@resvg/resvg-js';

export const PNG_UNAVAILABLE =
  'PNG pictures need the @resvg/resvg-js package, which does not load on this runtime; ask for the same card as .svg';

interface Resvg {
  render(): { asPng(): Uint8Array };
}
type ResvgModule = {
  Resvg: new (svg: string, options?: Record<string, unknown>) => Resvg;
};

let loading: Promise<ResvgModule | undefined> | undefined;

/** The renderer, or undefined where it does not load (asked once per process). */
function renderer(): Promise<ResvgModule | undefined> {
  loading ??= import(/* @vite-ignore */ RESVG_PACKAGE).then(
    (module: ResvgModule & { default?: ResvgModule }) =>
      typeof module.Resvg === 'function' ? module : module.default,
    () => undefined,
  );
  return loading;
}

/**
 * The PNG of `svg` (the card's own picture, already scrubbed), or undefined
 * where no renderer loads. The SVG is the proxy's own and bounded in size;
 * its text was escaped when it was written, so hostile data stays text.
 */
export async function pngOfSvg(svg: string): Promise<Uint8Array<ArrayBuffer> | undefined> {
  const resvg = await renderer();
  if (!resvg) return undefined;
  const png = new resvg.Resvg(svg, {
    // System fonts only (the SVG names system-safe families); nothing fetched.
    font: { loadSystemFonts: true, defaultFontFamily: 'DejaVu Sans' },
    fitTo: { mode: 'original' },
  })
    .render()
    .asPng();
  // A copy in its own buffer: the native side's memory is not kept.
  return new Uint8Array(png);
}
