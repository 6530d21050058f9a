/**
 * What every production build script asks of Vite (scripts/widget/build.ts,
 * scripts/proxy/build.ts): no vite.config or public folder, the repository as root,
 * production mode, warnings only, no source maps or size report, and an
 * output folder the script clears itself (so several builds can share it).
 * Each script adds only what its artefact needs.
 */
import { fileURLToPath } from 'node:url';
import { build, type InlineConfig, mergeConfig } from 'vite';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

export function buildForProduction(config: InlineConfig): ReturnType<typeof build> {
  return build(
    mergeConfig(
      {
        configFile: false,
        root: ROOT,
        logLevel: 'warn',
        publicDir: false,
        mode: 'production',
        build: { emptyOutDir: false, sourcemap: false, reportCompressedSize: false },
      } satisfies InlineConfig,
      config,
    ),
  );
}
