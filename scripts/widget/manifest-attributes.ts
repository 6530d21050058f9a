/**
 * The docs of the attributes that feed API parameters, in the built
 * custom-elements.json (editors show them): the component's own sentence
 * (its JSDoc) followed by what the parameter's rule allows and the default
 * in effect for the element's request, both read from the endpoint table
 * through the element's catalogue entry (widget/catalog.ts), never written
 * in the component.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { ENDPOINTS } from '../../shared/api/endpoints.js';
import type { ParamRule } from '../../shared/api/param-rules.js';
import { withDefaults } from '../../shared/api/validate.js';
import { CATALOG, type WidgetEntry } from '../../widget/catalog.js';

interface ManifestAttribute {
  name: string;
  description?: string;
}
interface ManifestDeclaration {
  tagName?: string;
  customElement?: boolean;
  attributes?: ManifestAttribute[];
}
interface Manifest {
  modules: Array<{ declarations?: ManifestDeclaration[] }>;
}

/** What an attribute of the entry allows and defaults to, in words: "one of 30d, 90d, 365d; default 30d". */
export function allowedByAttribute(entry: WidgetEntry, attribute: string): string {
  const fed = entry.attributes[attribute];
  if (!fed) throw new Error(`${attribute} feeds no parameter of ${entry.endpoint}`);
  const rule = (ENDPOINTS[entry.endpoint].params as Record<string, ParamRule>)[fed.param];
  if (!rule) throw new Error(`${entry.endpoint} has no parameter ${fed.param}`);
  // The element's fixed parameters pick defaults and maxima that depend on them (a dataset).
  const query = withDefaults(entry.endpoint, { ...entry.fixed });
  const by = rule.cross?.perValue?.param;
  const max = by === undefined ? undefined : rule.cross?.perValue?.max?.[String(query[by])];
  const narrower = max !== undefined && 'max' in rule && max < rule.max ? `, at most ${max}` : '';
  const fallback = fed.default ?? query[fed.param];
  const defaultText = fallback === undefined ? '' : `; default ${String(fallback)}`;
  return `${rule.allowed}${narrower}${defaultText}`;
}

/** The manifest with every catalogue attribute's description completed. */
export function withAttributeDocs(manifest: Manifest): Manifest {
  for (const declaration of manifest.modules.flatMap((module) => module.declarations ?? [])) {
    const tag = declaration.tagName;
    if (!declaration.customElement || !tag || !Object.hasOwn(CATALOG, tag)) continue;
    const entry = CATALOG[tag as keyof typeof CATALOG];
    if (!('attributes' in entry)) continue;
    for (const attribute of declaration.attributes ?? []) {
      if (!Object.hasOwn(entry.attributes, attribute.name)) continue;
      const own = attribute.description?.trim().replace(/\.$/, '');
      const allowed = allowedByAttribute(entry, attribute.name);
      attribute.description = own ? `${own}: ${allowed}.` : `${allowed}.`;
    }
  }
  return manifest;
}

/** Rewrites dist/widget/custom-elements.json (as cem wrote it) with the attribute docs completed. */
export async function completeAttributeDocs(file: string): Promise<void> {
  const manifest = JSON.parse(await readFile(file, 'utf8')) as Manifest;
  await writeFile(file, `${JSON.stringify(withAttributeDocs(manifest), null, 2)}\n`);
}
