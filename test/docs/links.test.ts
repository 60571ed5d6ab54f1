/**
 * Links to a document's headings resolve: every `[…](file.md#anchor)` in the docs and READMEs, and
 * every `docs/<name>.md#anchor` a source or test file cites, names a heading that exists (GitHub's
 * anchors). docs/decisions.md and docs/screens.md list every entry in their index, and source files
 * cite those two by anchor, never by a section name that may be renamed.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));
const read = (file: string) => readFileSync(file, 'utf8');

/** GitHub's anchor for a heading: lower case, punctuation dropped (not `-` or `_`), spaces as hyphens. */
function anchorOf(heading: string): string {
  return heading.trim().toLowerCase().replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '').replace(/ /g, '-');
}

/** The headings of a markdown text (outside code blocks), in order. */
function headings(markdown: string): string[] {
  const text = markdown.replace(/^```[\s\S]*?^```/gm, '');
  return [...text.matchAll(/^#{1,6} +(.+?) *#* *$/gm)].map((m) => m[1]);
}

const anchorsCache = new Map<string, string[]>();
function anchors(file: string): string[] {
  let found = anchorsCache.get(file);
  if (!found) anchorsCache.set(file, (found = headings(read(file)).map(anchorOf)));
  return found;
}

/** Markdown links to a heading, `[…](path.md#anchor)` or `[…](#anchor)`, with the file they point into. */
function markdownLinks(file: string, markdown: string): { target: string; anchor: string; text: string }[] {
  return [...markdown.matchAll(/\]\(([^)\s#]*)#([^)\s]+)\)/g)]
    .filter((m) => m[1] === '' || m[1].endsWith('.md'))
    .map((m) => ({ target: m[1] === '' ? file : resolve(dirname(file), m[1]), anchor: m[2], text: m[0] }));
}

/** Citations of a document in source text: `docs/name.md#anchor`, or `docs/name.md` alone (anchor ''). */
function citations(source: string): { doc: string; anchor: string; text: string }[] {
  return [...source.matchAll(/docs\/([\w-]+\.md)(?:#([\w-]+))?/g)].map((m) => ({ doc: m[1], anchor: m[2] ?? '', text: m[0] }));
}

function filesUnder(folder: string, pattern: RegExp): string[] {
  return (readdirSync(join(root, folder), { recursive: true, withFileTypes: true }) as import('node:fs').Dirent[])
    .filter((entry) => entry.isFile() && pattern.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((file) => !file.includes('node_modules') && file !== fileURLToPath(import.meta.url));
}

const documents = [join(root, 'README.md'), join(root, 'bench/README.md'), ...filesUnder('docs', /\.md$/)].filter(existsSync);
const sources = ['src-main', 'src-shared', 'src-renderer', 'test', 'bin', 'scripts', 'bench']
  .filter((folder) => existsSync(join(root, folder)))
  .flatMap((folder) => filesUnder(folder, /\.(ts|vue|mjs|js)$/));

/** Broken links of a document: those whose file or heading does not exist. */
function brokenLinks(file: string, markdown: string): string[] {
  return markdownLinks(file, markdown)
    .filter((link) => !existsSync(link.target) || !anchors(link.target).includes(link.anchor))
    .map((link) => `${relative(root, file)}: ${link.text}`);
}

test('GitHub anchors as the documents use them', () => {
  expect(anchorOf('A full disk is 507 STORAGE_FULL')).toBe('a-full-disk-is-507-storage_full');
  expect(anchorOf("The shop files are the owner's only")).toBe('the-shop-files-are-the-owners-only');
  expect(anchorOf('`Idempotency-Key` on the three creates')).toBe('idempotency-key-on-the-three-creates');
  expect(anchorOf('Zoomed to 400% (320 px)')).toBe('zoomed-to-400-320-px');
});

test('every link to a heading in the docs resolves', () => {
  expect(documents.length).toBeGreaterThan(4);
  expect(documents.flatMap((file) => brokenLinks(file, read(file)))).toEqual([]);
});

test('every citation of a document in the source names a file and a heading that exist', () => {
  const broken: string[] = [];
  for (const file of sources) {
    for (const cite of citations(read(file))) {
      const doc = join(root, 'docs', cite.doc);
      if (!existsSync(doc) || (cite.anchor !== '' && !anchors(doc).includes(cite.anchor))) broken.push(`${relative(root, file)}: ${cite.text}`);
    }
  }
  expect(broken).toEqual([]);
});

test('source files cite decisions.md and screens.md by anchor', () => {
  const bare = sources.flatMap((file) =>
    citations(read(file))
      .filter((cite) => (cite.doc === 'decisions.md' || cite.doc === 'screens.md') && cite.anchor === '')
      .map((cite) => `${relative(root, file)}: ${cite.text}`),
  );
  expect(bare).toEqual([]);
});

test.each(['decisions.md', 'screens.md'])('%s: every heading is unique and listed in the index', (name) => {
  const markdown = read(join(root, 'docs', name));
  const all = headings(markdown).map(anchorOf);
  expect(all.filter((anchor, i) => all.indexOf(anchor) !== i), 'headings with the same anchor').toEqual([]);
  const index = markdown.match(/^## Index\n([\s\S]*?)^## /m)?.[1] ?? '';
  const listed = new Set(markdownLinks('', index).map((link) => link.anchor));
  const entries = [...markdown.matchAll(/^#{2,3} +(.+)$/gm)].map((m) => anchorOf(m[1])).filter((anchor) => anchor !== 'index');
  expect(entries.filter((anchor) => !listed.has(anchor)), 'headings missing from the index').toEqual([]);
});

test('the checks notice a broken link, a missing heading and a bare citation', () => {
  const decisions = join(root, 'docs/decisions.md');
  expect(brokenLinks(decisions, '[x](#no-such-entry) [y](screens.md#pets) [z](nowhere.md#a)')).toEqual([
    'docs/decisions.md: ](#no-such-entry)',
    'docs/decisions.md: ](nowhere.md#a)',
  ]);
  expect(citations('see docs/decisions.md#low-stock and docs/decisions.md, Backups')).toEqual([
    { doc: 'decisions.md', anchor: 'low-stock', text: 'docs/decisions.md#low-stock' },
    { doc: 'decisions.md', anchor: '', text: 'docs/decisions.md' },
  ]);
  expect(anchors(decisions)).toContain('low-stock');
});
