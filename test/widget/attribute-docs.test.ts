// @vitest-environment happy-dom
/**
 * The widgets' attribute docs in the built custom-elements.json state the
 * endpoint table's ranges, defaults and allowed values (editors show them).
 * Which element reads which endpoint is its catalogue entry's
 * (widget/catalog.ts). Which parameter an attribute feeds is read from the
 * element's behaviour (set the attribute, see which parameter of its request
 * changes: `window` feeds `period` on the rolling-window elements), and the
 * default is the one in effect for the element's request: the table's,
 * resolved for the element's own choices (competitors' limit by dataset), or
 * the element's own where it sends one (citations show 10 domains, not the
 * API's 25).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import '../../widget/index.js';
import { ENDPOINTS, type EndpointName } from '../../shared/api/endpoints.js';
import type { ParamRule } from '../../shared/api/param-rules.js';
import { withDefaults } from '../../shared/api/validate.js';
import { CATALOG } from '../../widget/catalog.js';

interface Declaration {
  tagName?: string;
  customElement?: boolean;
  attributes?: Array<{ name: string; description?: string }>;
}
const manifest = JSON.parse(readFileSync('dist/widget/custom-elements.json', 'utf8')) as {
  modules: Array<{ declarations?: Declaration[] }>;
};

const elements = manifest.modules
  .flatMap((module) => module.declarations ?? [])
  .filter((declaration) => declaration.customElement && declaration.tagName)
  .flatMap((declaration) => {
    const tag = declaration.tagName as string;
    const entry = Object.hasOwn(CATALOG, tag) ? CATALOG[tag as keyof typeof CATALOG] : undefined;
    if (!entry || !('endpoint' in entry)) return [];
    return [{ declaration, name: entry.endpoint as EndpointName }];
  });

/** The problems of one attribute's description against its rule; empty when it agrees. */
function disagreements(description: string, rule: ParamRule, byValue: unknown): string[] {
  const problems: string[] = [];
  const ranges = [...description.matchAll(/(\d+) to (\d+)/g)].map(
    ([, min, max]) => `${min}-${max}`,
  );
  if (rule.kind === 'int') {
    const max = rule.cross?.perValue?.max?.[String(byValue)] ?? rule.max;
    if (!ranges.includes(`${rule.min}-${max}`) || ranges.length !== 1)
      problems.push(`range ${ranges.join(', ') || 'missing'}, table ${rule.min} to ${max}`);
  }
  if (rule.kind === 'enum') {
    const missing = rule.values.filter((each) => !new RegExp(`\\b${each}\\b`).test(description));
    if (missing.length > 0) problems.push(`does not name ${missing.join(', ')}`);
  }
  return problems;
}

describe('widget attribute docs (custom-elements.json) agree with the endpoint table', () => {
  it('finds the elements and the attributes that are parameters', () => {
    expect(elements.map((element) => element.declaration.tagName)).toEqual(
      expect.arrayContaining(['aivis-competitor-ranking', 'aivis-action-plan']),
    );
  });

  it.each(elements)('$declaration.tagName ($name)', ({ declaration, name }) => {
    const rules = ENDPOINTS[name].params as Record<string, ParamRule>;
    const element = document.createElement(declaration.tagName as string) as unknown as {
      requestInput(): Record<string, unknown>;
      setAttribute(name: string, value: string): void;
    };
    const sent = (input: Record<string, unknown>) =>
      Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
    const own = sent(element.requestInput());
    const query = withDefaults(name, own);
    /** The parameter an attribute feeds: the one whose value follows the attribute. */
    const paramOf = (attribute: string): string | undefined => {
      const probe = `probe-${attribute}`;
      element.setAttribute(attribute, probe);
      const input = element.requestInput();
      return Object.keys(input).find((key) => input[key] === probe);
    };
    const checked: string[] = [];
    const problems: string[] = [];
    for (const attribute of declaration.attributes ?? []) {
      const param = paramOf(attribute.name);
      const rule = param !== undefined && Object.hasOwn(rules, param) ? rules[param] : undefined;
      if (!rule || rule.kind === 'bool' || rule.kind === 'text') continue;
      const description = attribute.description ?? '';
      checked.push(attribute.name);
      const by = rule.cross?.perValue?.param;
      for (const problem of disagreements(description, rule, by ? query[by] : undefined))
        problems.push(`${attribute.name}: ${problem}`);
      const expected = query[param as string];
      const stated = [
        ...description.matchAll(/default (\w+)/g),
        ...description.matchAll(/(\w+) \(default\)/g),
      ].map((match) => match[1]);
      // The default in effect for this element's query must be the one stated, and stated.
      if (expected !== undefined && !(stated.length === 1 && stated[0] === String(expected)))
        problems.push(
          `${attribute.name}: default ${stated.join(', ') || 'not stated'}, table ${String(expected)}`,
        );
      if (expected === undefined && stated.length > 0)
        problems.push(`${attribute.name}: states default ${stated.join(', ')}, the table has none`);
    }
    expect(problems).toEqual([]);
    // Every element here reads at least one ranged or enumerated parameter (period, limit, audience).
    expect(checked.length).toBeGreaterThan(0);
  });
});
