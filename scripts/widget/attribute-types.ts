/**
 * The template types of the attributes that feed API parameters, read from
 * the rules they feed (the endpoint table, through the catalogue's
 * attribute-to-parameter table, widget/catalog.ts): a number or its text where
 * the rule takes an integer (`project={1001}`, `limit="10"`), the allowed
 * values where it takes one of a list (`audience="ceo"` is refused by the
 * checker as by the element). scripts/framework-typings.ts writes them into
 * every framework's typings; other attributes keep their property's type.
 */
import { ENDPOINTS, projectParam } from '../../shared/api/endpoints.js';
import type { ParamRule } from '../../shared/api/param-rules.js';
import { CATALOG } from '../../widget/catalog.js';

const quote = (text: string) => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

/** A rule's values as a TypeScript type, or undefined where the property's own type says it. */
export function typeOfRule(rule: ParamRule): string | undefined {
  if (rule.kind === 'enum') return rule.values.map(quote).join(' | ');
  // A number, or its text as an attribute carries it: number | `${number}`.
  if (rule.kind === 'int' || rule.kind === 'number') return `number | \`$\{number}\``;
  return undefined;
}

/** Tag -> attribute name (as the page writes it) -> its type, for every catalogue element. */
export function attributeTypes(): Record<string, Record<string, string>> {
  const types: Record<string, Record<string, string>> = {};
  for (const [tag, entry] of Object.entries(CATALOG)) {
    // Every element with a project attribute sends it as the path's project.
    const own: Record<string, string> = { project: typeOfRule(projectParam)! };
    if ('attributes' in entry) {
      const params = ENDPOINTS[entry.endpoint].params as Record<string, ParamRule>;
      for (const [attribute, fed] of Object.entries(entry.attributes)) {
        const rule = params[fed.param];
        if (!rule) throw new Error(`${tag}: ${entry.endpoint} has no parameter ${fed.param}`);
        const type = typeOfRule(rule);
        if (type) own[attribute] = type;
      }
    }
    types[tag] = own;
  }
  return types;
}
