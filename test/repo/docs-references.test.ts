/**
 * Every comment that cites the Data API ("data-api 4.3 rule 2") names a
 * section, and a rule, that docs/data-api.md has, and none cites the service's
 * spec, which is not in the repository.
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { pointAtDocs, sourceFiles } from '../../scripts/point-comments-at-docs.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** Written in pieces, so this file does not cite what it forbids (and the script leaves it alone). */
const OLD = 'sp' + 'ec';
const SPEC_FILE = `api-${OLD}.md`;
const SECTION = String.raw`\d+(?:\.\d+)?`;
/** "data-api 4.3 rule 2", "data-api 5 rules 6-8", "data-api sections 2 to 9", "data-api 4, 5, 7, 8". */
const CITATION = new RegExp(
  String.raw`(?<![\w.\-/])data-api(?: sections?)? (${SECTION}(?:(?:, | and | to )${SECTION})*)(?: rules? (\d+)(?:-(\d+))?)?`,
  'g',
);

/** Section number -> the numbers of its numbered rules, read from the headings and lists of the doc. */
function sectionsOf(markdown: string): Map<string, Set<number>> {
  const sections = new Map<string, Set<number>>();
  let current: Set<number> | undefined;
  for (const line of markdown.split('\n')) {
    const heading = /^#{2,3} (\d+(?:\.\d+)?)\.? /.exec(line);
    if (heading) {
      current = new Set();
      sections.set(heading[1]!, current);
      continue;
    }
    const rule = /^(\d+)\. /.exec(line);
    if (rule && current) current.add(Number(rule[1]));
  }
  return sections;
}

interface Citation {
  file: string;
  text: string;
  sections: string[];
  rules: number[];
}

function citationsIn(file: string, text: string): Citation[] {
  return [...text.matchAll(CITATION)].map((match) => {
    const first = Number(match[2] ?? 0);
    const last = Number(match[3] ?? first);
    return {
      file,
      text: match[0],
      sections: match[1]!.split(/, | and | to /),
      rules: match[2] ? Array.from({ length: last - first + 1 }, (_, i) => first + i) : [],
    };
  });
}

let files: Array<{ file: string; text: string }>;
let sections: Map<string, Set<number>>;

beforeAll(async () => {
  sections = sectionsOf(await readFile(`${ROOT}docs/data-api.md`, 'utf8'));
  files = await Promise.all(
    (await sourceFiles(ROOT)).map(async (file) => ({
      file,
      text: await readFile(`${ROOT}${file}`, 'utf8'),
    })),
  );
});

describe('references to docs/data-api.md', () => {
  it('the doc has the sections the code is numbered by', () => {
    for (const section of ['1', '2.5', '4', '4.3', '4.8', '5', '7', '8']) {
      expect(sections.has(section), section).toBe(true);
    }
    expect([...sections.get('4.3')!]).toEqual([1, 2]);
    expect([...sections.get('5')!]).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('every citation in the source names a section, and a rule, the doc has', () => {
    const citations = files.flatMap(({ file, text }) => citationsIn(file, text));
    // The tree cites the doc well over a hundred times; far fewer means the pattern broke.
    expect(citations.length).toBeGreaterThan(100);
    const unresolved = citations.filter(
      ({ sections: cited, rules }) =>
        cited.some((section) => !sections.has(section)) ||
        (rules.length > 0 &&
          (cited.length !== 1 || rules.some((rule) => !sections.get(cited[0]!)?.has(rule)))),
    );
    expect(unresolved.map(({ file, text }) => `${file}: ${text}`)).toEqual([]);
  });

  it('no source file cites the service spec, which is not in the repository', () => {
    const citing = files.filter(({ text }) => pointAtDocs(text) !== text).map(({ file }) => file);
    expect(citing).toEqual([]);
    const naming = files.filter(({ text }) => text.includes(SPEC_FILE)).map(({ file }) => file);
    expect(naming).toEqual([]);
  });
});

describe('point-comments-at-docs', () => {
  it('rewrites each form of spec citation and leaves other uses of the word alone', () => {
    const before = [
      `// ${OLD} 4.3 rule 2: text caps the page at 20 rows`,
      `/** The ${OLD}-7 error body (${OLD} sections 4 and 8; ${OLD} 1, ${OLD} 8). */`,
      `const spec = projectSpec(id); // ${SPEC_FILE} is not ours; spec.id, ProjectSpec`,
    ].join('\n');
    const after = pointAtDocs(before);
    expect(after).toBe(
      [
        '// data-api 4.3 rule 2: text caps the page at 20 rows',
        '/** The data-api 7 error body (data-api sections 4 and 8; data-api 1, data-api 8). */',
        `const spec = projectSpec(id); // ${SPEC_FILE} is not ours; spec.id, ProjectSpec`,
      ].join('\n'),
    );
    expect(pointAtDocs(after)).toBe(after);
  });
});
