/**
 * Loads explanations.ts, which the full bundle ships as a chunk beside itself
 * (`import()` resolves against the bundle's own address, so one script tag
 * works from any folder and under `script-src 'self'`; docs/widgets.md,
 * "Size"). A card awaits it before it settles on an error or on an answer
 * with differences, so the module is there, synchronously, when it renders them.
 */
export type Explanations = typeof import('./explanations.js');

let loaded: Explanations | undefined;
let loading: Promise<Explanations> | undefined;

/** The module once loaded; undefined before (loadExplanations). */
export const explanations = (): Explanations | undefined => loaded;

/** Loads the module once; a failed load (the chunk unreachable) is tried again next time. */
export function loadExplanations(): Promise<Explanations> {
  loading ??= import('./explanations.js').then(
    (module) => (loaded = module),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** `work`, whose failure waits for the explanations first, so the error box can render at once. */
export async function explainedFailure<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    // Without the chunk the card still shows a plain box (AivisElement.renderError).
    await loadExplanations().catch(() => undefined);
    throw error;
  }
}
