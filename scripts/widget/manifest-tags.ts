/**
 * The tag of each element in the built custom-elements.json. The analyzer
 * finds a tag only in a literal `customElements.define('tag', Class)`; the
 * registration modules call the base element's static `define` instead
 * (widget/internal/define.ts), so the tags are read from the catalogue
 * (widget/catalog.ts): the element of `<folder>/<folder>.ts` is the class
 * that module exports, declared in `<folder>/<folder>.component.ts`.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { CATALOG } from '../../widget/catalog.js';

interface Reference {
  name: string;
  module: string;
}
interface ManifestModule {
  path: string;
  declarations?: Array<{ kind: string; name: string; tagName?: string; customElement?: boolean }>;
  exports?: Array<{ kind: string; name: string; declaration: Reference }>;
}
interface Manifest {
  modules: ManifestModule[];
}

/** The manifest with every catalogue element's class named a custom element under its tag. */
export function withTagNames(manifest: Manifest): Manifest {
  const byPath = new Map(manifest.modules.map((module) => [module.path, module]));
  for (const [tag, { folder }] of Object.entries(CATALOG)) {
    const registration = byPath.get(`widget/${folder}/${folder}.ts`);
    const component = byPath.get(`widget/${folder}/${folder}.component.ts`);
    const exported = registration?.exports?.filter((each) => each.kind === 'js') ?? [];
    const declaration = component?.declarations?.find(
      (each) => each.kind === 'class' && exported.some((item) => item.name === each.name),
    );
    if (!registration || !declaration)
      throw new Error(`custom-elements.json: no class for ${tag} in widget/${folder}/`);
    declaration.tagName = tag;
    declaration.customElement = true;
    registration.exports = [
      ...(registration.exports ?? []).filter((each) => each.kind !== 'custom-element-definition'),
      {
        kind: 'custom-element-definition',
        name: tag,
        declaration: {
          name: declaration.name,
          module: `/${component!.path.replace(/\.ts$/, '.js')}`,
        },
      },
    ];
  }
  return manifest;
}

/** Rewrites dist/widget/custom-elements.json (as the analyzer wrote it) with the tags. */
export async function completeTagNames(file: string): Promise<void> {
  const manifest = JSON.parse(await readFile(file, 'utf8')) as Manifest;
  await writeFile(file, `${JSON.stringify(withTagNames(manifest), null, 2)}\n`);
}
