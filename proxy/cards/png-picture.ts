/**
 * A card's SVG picture as a PNG, for mail clients and chats that show only
 * raster images (docs/widgets.md, "Pictures"). Drawn without a browser by
 * `@resvg/resvg-js` (native, prebuilt per platform), loaded through the
 * entry's loader when the first PNG is asked for, so that the proxy starts
 * and runs without it: where it does not load (workerd, whose entry gives no
 * loader; a platform without a prebuilt binary) a PNG is
 * answered 404 naming the SVG picture instead.
 */

export const PNG_UNAVAILABLE =
  'PNG pictures need the @resvg/resvg-js package, which does not load on this runtime; ask for the same card as .svg';

interface Resvg {
  render(): { asPng(): Uint8Array };
}
export type ResvgModule = {
  Resvg: new (svg: string, options?: Record<string, unknown>) => Resvg;
};

/** Loads `@resvg/resvg-js`: given by the Node and Bun entries (proxy/main.ts), never by a Worker's. */
export type LoadPngRenderer = () => Promise<unknown>;

/** The renderer a loader gives, or undefined where it gives none or fails (asked once per proxy). */
export function pngRenderer(
  load: LoadPngRenderer | undefined,
): () => Promise<ResvgModule | undefined> {
  let loading: Promise<ResvgModule | undefined> | undefined;
  return () => {
    loading ??= load
      ? load().then(
          (module) => {
            const found = module as ResvgModule & { default?: ResvgModule };
            return typeof found.Resvg === 'function' ? found : found.default;
          },
          () => undefined,
        )
      : Promise.resolve(undefined);
    return loading;
  };
}

/**
 * The PNG of `svg` (the card's own picture, already scrubbed), or undefined
 * where no renderer loads. The SVG is the proxy's own and bounded in size;
 * its text was escaped when it was written, so hostile data stays text.
 */
export async function pngOfSvg(
  renderer: () => Promise<ResvgModule | undefined>,
  svg: string,
): Promise<Uint8Array<ArrayBuffer> | undefined> {
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
