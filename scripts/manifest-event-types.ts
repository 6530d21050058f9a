/**
 * Gives every event of custom-elements.json its type. The analyzer reads the
 * components' `@event name - text` JSDoc, which names no type, so manifest-driven
 * typings generators would emit `CustomEvent<never>`. The types are already
 * written once, in the declarations' `HTMLElementEventMap` augmentation
 * (widget/internal/events.ts); this reads them from the built declarations,
 * spells an alias out (`AivisLoadEvent` -> `CustomEvent<AivisLoadDetail>`) and
 * insists that every name the text uses is exported by the package entry, so
 * a generator can import it from there.
 */
import { readdir, readFile } from 'node:fs/promises';
import ts from 'typescript';

/** A type in the manifest's schema: its text and the exported names it uses. */
export interface ManifestType {
  text: string;
  references?: Array<{ name: string; package?: string }>;
}

/** `declare global { interface HTMLElementEventMap { 'name': Type } }` members, by event name. */
export function eventMapEntries(source: ts.SourceFile): Map<string, ts.TypeNode> {
  const entries = new Map<string, ts.TypeNode>();
  const visit = (node: ts.Node): void => {
    if (
      ts.isInterfaceDeclaration(node) &&
      node.name.text === 'HTMLElementEventMap' &&
      ts.isModuleBlock(node.parent) &&
      ts.isModuleDeclaration(node.parent.parent) &&
      node.parent.parent.name.text === 'global'
    ) {
      for (const member of node.members) {
        if (ts.isPropertySignature(member) && member.type && ts.isStringLiteral(member.name)) {
          entries.set(member.name.text, member.type);
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return entries;
}

/** The text of a type node, with a reference to a local type alias replaced by what it stands for. */
function spelledOut(type: ts.TypeNode, source: ts.SourceFile): string {
  if (ts.isTypeReferenceNode(type) && ts.isIdentifier(type.typeName) && !type.typeArguments) {
    const name = type.typeName.text;
    const alias = source.statements.find(
      (statement): statement is ts.TypeAliasDeclaration =>
        ts.isTypeAliasDeclaration(statement) && statement.name.text === name,
    );
    if (alias && !alias.typeParameters) return alias.type.getText(source);
  }
  return type.getText(source);
}

/** Identifiers in a type's text that are not the platform's (`CustomEvent`, `Event`, ...). */
function namesIn(text: string): string[] {
  const source = ts.createSourceFile('type.ts', `type T = ${text};`, ts.ScriptTarget.Latest);
  const names = new Set<string>();
  const visit = (node: ts.Node): void => {
    if (ts.isTypeReferenceNode(node) && ts.isIdentifier(node.typeName))
      names.add(node.typeName.text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return [...names];
}

/** The names a module's declaration file exports (its `export { A, type B } from` and `export` lists). */
export function exportedNames(source: ts.SourceFile): Set<string> {
  const names = new Set<string>();
  for (const statement of source.statements) {
    if (
      ts.isExportDeclaration(statement) &&
      statement.exportClause &&
      ts.isNamedExports(statement.exportClause)
    ) {
      for (const element of statement.exportClause.elements) names.add(element.name.text);
    }
    const modifiers = ts.canHaveModifiers(statement) ? ts.getModifiers(statement) : undefined;
    const exported = modifiers?.some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword);
    if (
      exported &&
      (ts.isInterfaceDeclaration(statement) ||
        ts.isTypeAliasDeclaration(statement) ||
        ts.isClassDeclaration(statement)) &&
      statement.name
    ) {
      names.add(statement.name.text);
    }
  }
  return names;
}

/**
 * Each event's type as the declarations under `typesDir` write it, checked to
 * use only names exported by `typesEntry` (relative to the package root, where
 * `typesDir` is `types/`).
 */
export async function eventTypes(
  typesDir: string,
  typesEntry: { path: string; packageName: string; text: string },
): Promise<Map<string, ManifestType>> {
  const exported = exportedNames(
    ts.createSourceFile(typesEntry.path, typesEntry.text, ts.ScriptTarget.Latest, true),
  );
  // Names the declarations declare are the package's own (a generator must import them);
  // the rest (CustomEvent, Event, ...) are the platform's.
  const declared = new Set<string>();
  const entries: Array<[string, string]> = [];
  for (const file of await readdir(typesDir, { recursive: true })) {
    if (!file.endsWith('.d.ts')) continue;
    const source = ts.createSourceFile(
      file,
      await readFile(`${typesDir}/${file}`, 'utf8'),
      ts.ScriptTarget.Latest,
      true,
    );
    for (const name of declaredNames(source)) declared.add(name);
    for (const [name, node] of eventMapEntries(source))
      entries.push([name, spelledOut(node, source)]);
  }
  const types = new Map<string, ManifestType>();
  for (const [name, text] of entries) {
    const own = namesIn(text).filter((used) => declared.has(used));
    const missing = own.filter((used) => !exported.has(used));
    if (missing.length) {
      throw new Error(
        `the type of '${name}' (${text}) uses ${missing.join(', ')}, which ${typesEntry.path} does not export`,
      );
    }
    types.set(name, {
      text,
      // The package alone: its entry exports every name (checked above).
      references: own.map((used) => ({ name: used, package: typesEntry.packageName })),
    });
  }
  return types;
}

/** Interfaces, type aliases and classes a declaration file declares at its top level. */
function declaredNames(source: ts.SourceFile): string[] {
  return source.statements.flatMap((statement) =>
    (ts.isInterfaceDeclaration(statement) ||
      ts.isTypeAliasDeclaration(statement) ||
      ts.isClassDeclaration(statement)) &&
    statement.name
      ? [statement.name.text]
      : [],
  );
}

export interface EventfulManifest {
  modules: Array<{
    declarations?: Array<{ name: string; events?: Array<{ name: string; type?: ManifestType }> }>;
  }>;
}

/** The manifest with a type on every event; an event the declarations do not type fails the build. */
export function withEventTypes<M extends EventfulManifest>(
  manifest: M,
  types: ReadonlyMap<string, ManifestType>,
): M {
  for (const declaration of manifest.modules.flatMap((module) => module.declarations ?? [])) {
    for (const event of declaration.events ?? []) {
      const type = types.get(event.name);
      if (!type) {
        throw new Error(
          `${declaration.name} fires '${event.name}', which no HTMLElementEventMap entry of the declarations types`,
        );
      }
      event.type = type;
    }
  }
  return manifest;
}
