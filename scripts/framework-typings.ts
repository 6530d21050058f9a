/**
 * The widget package's typings for frameworks' templates (React, Vue, Svelte,
 * Preact, Solid), generated from custom-elements.json: one table of
 * frameworks, one reading of the manifest's elements, and per framework only
 * what differs (the module it augments and how its templates name a handler).
 * Every element is typed by its own class (each attribute under its property
 * name, with the property's type), its dashed attributes as strings, and its
 * events from HTMLElementEventMap, which the package's declarations augment
 * (widget/internal/events.ts). An attribute that feeds an API parameter is
 * typed by the parameter's rule instead, under both names (`limit={5}`,
 * `audience="marketing"`, `group-by="url"`): scripts/widget/attribute-types.ts.
 */

export interface ManifestAttribute {
  name: string;
  fieldName?: string;
  type?: { text: string };
}
export interface ManifestDeclaration {
  kind: string;
  name: string;
  tagName?: string;
  customElement?: boolean;
  attributes?: ManifestAttribute[];
  events?: Array<{ name: string; type?: { text: string } }>;
}
export interface CustomElementsManifest {
  modules: Array<{ declarations?: ManifestDeclaration[] }>;
}

/** What every framework's typings say of one element. */
export interface TypedElement {
  tag: string;
  className: string;
  /** Property names fed by attributes (`baseUrl`). */
  properties: string[];
  /** Attribute names that differ from their property (`base-url`). */
  dashedAttributes: string[];
  /** Property and attribute names typed by their parameter's rule -> the type (`limit`: number | `${number}`). */
  ruled: Record<string, string>;
  events: string[];
}

/** Tag -> attribute name -> its type from the rule of the parameter it feeds. */
export type AttributeTypes = Readonly<Record<string, Readonly<Record<string, string>>>>;

const quote = (text: string) => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

/** The manifest's custom elements, by tag. */
export function typedElements(
  manifest: CustomElementsManifest,
  attributeTypes: AttributeTypes = {},
): TypedElement[] {
  const elements = manifest.modules
    .flatMap((module) => module.declarations ?? [])
    .filter((declaration) => declaration.tagName && declaration.customElement)
    .sort((a, b) => a.tagName!.localeCompare(b.tagName!));
  if (elements.length === 0) throw new Error('custom-elements.json names no custom element');
  return elements.map((element) => {
    const types = attributeTypes[element.tagName!] ?? {};
    const attributes = element.attributes ?? [];
    const ruled: Record<string, string> = {};
    for (const attribute of attributes) {
      const type = types[attribute.name];
      if (!type) continue;
      ruled[attribute.name] = type;
      if (attribute.fieldName) ruled[attribute.fieldName] = type;
    }
    return {
      tag: element.tagName!,
      className: element.name,
      properties: attributes
        .map((attribute) => attribute.fieldName)
        .filter((name): name is string => name !== undefined && !(name in ruled)),
      dashedAttributes: attributes
        .filter((attribute) => attribute.name !== attribute.fieldName && !(attribute.name in ruled))
        .map((attribute) => attribute.name),
      ruled,
      events: [...new Set((element.events ?? []).map((event) => event.name))],
    };
  });
}

/** `'project' | 'baseUrl'`, or `never` for an element without attributes. */
const propertyUnion = (element: TypedElement) =>
  element.properties.length ? element.properties.map(quote).join(' | ') : 'never';

/** `aivis-load` -> `AivisLoad` (Vue's `onAivisLoad`). */
const pascal = (name: string) =>
  name.replace(/(^|-)([a-z0-9])/g, (_match, _dash, letter: string) => letter.toUpperCase());

interface Framework {
  /** The package's subpath and file: `@aivis/widgets/vue` -> vue.d.ts. */
  subpath: string;
  /** The package whose types the file augments; an optional peer of ours. */
  peer: string;
  /** The peer's versions whose checker the package tests run. */
  peerRange: string;
  /** The framework types the file imports. */
  imports: string;
  /** Helper types written once in the file, after the imports. */
  helpers: string;
  /** The augmentation around the entries. */
  open: string;
  close: string;
  /** One element's entry. */
  entry: (element: TypedElement) => string;
}

/**
 * Lines of extra members: the attributes typed by their rules, each other
 * dashed attribute as a string, then the lines a framework adds.
 */
function members(element: TypedElement, extra: string[]): string {
  const lines = [
    ...Object.entries(element.ruled).map(([name, type]) => `${quote(name)}?: ${type};`),
    ...element.dashedAttributes.map((name) => `${quote(name)}?: string | boolean | undefined;`),
    ...extra,
  ];
  return lines.map((line) => `\n        ${line}`).join('');
}

/**
 * Helper types every file starts with. A property whose type admits the empty
 * string also takes `true`: a bare attribute (`<aivis-visibility-score trend>`)
 * is '' in the DOM, and the templates' checkers type it as `true`. Not `false`,
 * which the frameworks set as the property's value and the element reads as on.
 */
const COMMON_HELPERS = `type EventOf<K extends string> = K extends keyof HTMLElementEventMap ? HTMLElementEventMap[K] : Event;
type Properties<E, P extends keyof E> = { [K in P]?: '' extends E[K] ? E[K] | true : E[K] };`;

/**
 * A tag's entry in a JSX-like table: the element's own properties, its
 * dashed attributes, then the handler lines the framework types its events
 * with (`handlers` gives them for one event).
 */
const propsEntry =
  (indent: string, handlers: (element: TypedElement, name: string) => string[]) =>
  (element: TypedElement) =>
    `${indent}${quote(element.tag)}: ElementProps<${element.className}, ${propertyUnion(element)}> & {${members(
      element,
      element.events.flatMap((name) => handlers(element, name)),
    )}\n      };`;

/** React, Preact and Solid type their tags in the module's `JSX.IntrinsicElements`. */
const intrinsicElementsOf = (module: string) => ({
  open: `declare module '${module}' {\n  namespace JSX {\n    interface IntrinsicElements {`,
  close: '    }\n  }\n}',
});

export const FRAMEWORKS = {
  // React 19 sets a property when the element has one, an attribute otherwise, and
  // listens to `onaivis-load` as `aivis-load`.
  react: {
    subpath: 'react',
    peer: '@types/react',
    // React 18's types check the same typings (test/package/framework-typings.test.ts).
    peerRange: '^18.3.0 || >=19',
    imports: "import type { DetailedHTMLProps, HTMLAttributes } from 'react';",
    helpers: `${COMMON_HELPERS}
type ElementProps<E, P extends keyof E> = DetailedHTMLProps<HTMLAttributes<E>, E> & Properties<E, P>;`,
    ...intrinsicElementsOf('react'),
    entry: propsEntry('      ', (_element, name) => [
      `${quote(`on${name}`)}?: (event: EventOf<${quote(name)}>) => void;`,
    ]),
  },
  // Vue's recipe for custom elements (vuejs.org, "Web Components and TypeScript"):
  // $props for the template's attributes, $emit for `@aivis-load` / `onAivisLoad`.
  vue: {
    subpath: 'vue',
    peer: 'vue',
    peerRange: '>=3.5',
    imports: "import type { EmitFn, HTMLAttributes, PublicProps } from 'vue';",
    helpers: `${COMMON_HELPERS}
type EventsOf<N extends string> = { [K in N]: (event: EventOf<K>) => void };
type CustomElement<E, P extends keyof E, N extends string, A> = new () => E & {
  /** @deprecated For template type checking only; the element has no $props. */
  $props: HTMLAttributes & Properties<E, P> & A & PublicProps;
  /** @deprecated For template type checking only; the element has no $emit. */
  $emit: EmitFn<EventsOf<N>>;
};`,
    open: "declare module 'vue' {\n  interface GlobalComponents {",
    close: '  }\n}',
    entry: (element) =>
      `    ${quote(element.tag)}: CustomElement<${element.className}, ${propertyUnion(element)}, ${
        element.events.map(quote).join(' | ') || 'never'
      }, {${members(
        element,
        element.events.map(
          (name) => `on${pascal(name)}?: (event: EventOf<${quote(name)}>) => void;`,
        ),
      )}\n      }>;`,
  },
  // Svelte 5 listens to `onaivis-load`; `on:aivis-load` is its older directive.
  svelte: {
    subpath: 'svelte',
    peer: 'svelte',
    peerRange: '>=5',
    imports: "import type { HTMLAttributes } from 'svelte/elements';",
    helpers: `${COMMON_HELPERS}
type ElementProps<E extends EventTarget, P extends keyof E> = HTMLAttributes<E> & Properties<E, P>;
type Handler<E, K extends string> = (event: EventOf<K> & { currentTarget: EventTarget & E }) => void;`,
    open: "declare module 'svelte/elements' {\n  interface SvelteHTMLElements {",
    close: '  }\n}',
    entry: propsEntry('    ', (element, name) => [
      `${quote(`on${name}`)}?: Handler<${element.className}, ${quote(name)}> | null;`,
      `${quote(`on:${name}`)}?: Handler<${element.className}, ${quote(name)}> | null;`,
    ]),
  },
  // Preact sets a property when the element has one and listens to `onaivis-load` as `aivis-load`.
  preact: {
    subpath: 'preact',
    peer: 'preact',
    // Vite's Preact starter comes with Preact 10.
    peerRange: '^10.29.0 || >=11',
    imports: "import type { HTMLAttributes } from 'preact';",
    helpers: `${COMMON_HELPERS}
type ElementProps<E extends EventTarget, P extends keyof E> = HTMLAttributes<E> & Properties<E, P>;`,
    ...intrinsicElementsOf('preact'),
    entry: propsEntry('      ', (element, name) => [
      `${quote(`on${name}`)}?: (event: EventOf<${quote(name)}> & { currentTarget: ${element.className} }) => void;`,
    ]),
  },
  // Solid sets properties on custom elements and listens to `on:aivis-load` as `aivis-load`.
  solid: {
    subpath: 'solid',
    peer: 'solid-js',
    peerRange: '>=1.9',
    imports: "import type { JSX } from 'solid-js';",
    helpers: `${COMMON_HELPERS}
type ElementProps<E, P extends keyof E> = JSX.HTMLAttributes<E> & Properties<E, P>;`,
    ...intrinsicElementsOf('solid-js'),
    entry: propsEntry('      ', (element, name) => [
      `${quote(`on:${name}`)}?: JSX.EventHandlerWithOptionsUnion<${element.className}, EventOf<${quote(name)}>>;`,
    ]),
  },
} satisfies Record<string, Framework>;

export type FrameworkName = keyof typeof FRAMEWORKS;

/** The file a framework's typings ship in, beside the package.json. */
export const typingsFile = (framework: Framework) => `${framework.subpath}.d.ts`;

/** One framework's typings file for every element of the manifest. */
export function frameworkDeclarations(
  name: FrameworkName,
  manifest: CustomElementsManifest,
  packageName: string,
  typesEntry: string,
  attributeTypes: AttributeTypes = {},
): string {
  const framework: Framework = FRAMEWORKS[name];
  const elements = typedElements(manifest, attributeTypes);
  const classes = elements.map((element) => element.className).join(', ');
  return `// Generated by scripts/framework-typings.ts from custom-elements.json. Do not edit.
// Enable with \`/// <reference types="${packageName}/${framework.subpath}" />\` (or \`import type {} from '${packageName}/${framework.subpath}'\`).
${framework.imports}
import type { ${classes} } from './${typesEntry.replace(/\.d\.ts$/, '.js')}';

${framework.helpers}

${framework.open}
${elements.map(framework.entry).join('\n')}
${framework.close}
`;
}
