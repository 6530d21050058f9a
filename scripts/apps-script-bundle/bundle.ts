/**
 * Bundles TypeScript entries into one IIFE each with Vite (Rolldown): the
 * add-on logic (shared core + apps-script/src) into `var AivisAddon = ...`,
 * the connector into `var AivisLooker = ...`, and each browser page's script. Nothing is minified: Apps Script shows
 * stack traces against this code.
 */
import { build, type Rollup } from 'vite';

export async function bundleIife(
  entry: string,
  globalName: string,
  define: Record<string, string> = {},
): Promise<string> {
  const result = await build({
    configFile: false,
    logLevel: 'warn',
    define,
    build: {
      write: false,
      minify: false,
      target: 'es2020',
      sourcemap: false,
      emptyOutDir: false,
      lib: { entry, formats: ['iife'], name: globalName, fileName: () => `${globalName}.js` },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rollup.RollupOutput[];
  const chunk = outputs.flatMap((output) => output.output).find((item) => item.type === 'chunk');
  if (chunk?.type !== 'chunk') throw new Error(`Bundling ${entry} produced no code`);
  return chunk.code;
}
