// The README and the pages under docs/ link to each other and into the repository: every relative
// link must name a file that exists, and every #anchor a heading of that file (GitHub's slugs), so
// moving a section never leaves a dead link behind.
import { readdir, readFile, stat } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');

async function markdownPages(): Promise<string[]> {
  const pages = ['README.md', 'CONTRIBUTING.md'];
  const walk = async (folder: string): Promise<void> => {
    for (const entry of await readdir(join(root, folder), { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) await walk(path);
      else if (entry.name.endsWith('.md')) pages.push(path);
    }
  };
  await walk('docs');
  return pages;
}

/** GitHub's heading anchor: lower case, punctuation dropped, spaces to hyphens. */
function headingSlug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\- _]/gu, '')
    .replace(/ /g, '-');
}

function withoutCodeBlocks(text: string): string {
  return text.replace(/^```[\s\S]*?^```/gm, '');
}

async function anchorsOf(path: string): Promise<Set<string>> {
  const text = withoutCodeBlocks(await readFile(join(root, path), 'utf8'));
  return new Set([...text.matchAll(/^#+\s+(.*)$/gm)].map((match) => headingSlug(match[1] ?? '')));
}

async function brokenLinks(page: string): Promise<string[]> {
  const text = withoutCodeBlocks(await readFile(join(root, page), 'utf8')).replace(/`[^`\n]*`/g, '');
  const broken: string[] = [];
  for (const match of text.matchAll(/\]\(([^)\s]+)\)/g)) {
    const target = match[1] ?? '';
    if (/^[a-z]+:/i.test(target)) continue;
    const [path = '', anchor] = target.split('#');
    const file = path === '' ? page : relative(root, join(root, dirname(page), path));
    const found = await stat(join(root, file)).catch(() => undefined);
    if (found === undefined) {
      broken.push(`${page}: ${target} (no such file)`);
      continue;
    }
    if (anchor !== undefined && found.isFile() && !(await anchorsOf(file)).has(anchor)) broken.push(`${page}: ${target} (no such heading)`);
  }
  return broken;
}

describe('the documentation', () => {
  it('keeps the README short: at most 300 lines', async () => {
    const lines = (await readFile(join(root, 'README.md'), 'utf8')).split('\n').length;
    expect(lines).toBeLessThanOrEqual(300);
  });

  it("runs the command line from the checkout's bin, never through npx (which copies and compiles the project silently)", async () => {
    const readme = await readFile(join(root, 'README.md'), 'utf8');
    expect(readme.match(/npx datathread \w+/g) ?? []).toEqual([]);
    expect(readme).toContain('bin/datathread.js ask "');
  });

  it('has no relative link to a missing file or heading', async () => {
    const broken = (await Promise.all((await markdownPages()).map(brokenLinks))).flat();
    expect(broken).toEqual([]);
  });

  it('names every folder of src/ in docs/architecture.md', async () => {
    const architecture = await readFile(join(root, 'docs', 'architecture.md'), 'utf8');
    const folders = (await readdir(join(root, 'src'), { withFileTypes: true })).filter((entry) => entry.isDirectory()).map((entry) => entry.name);
    expect(folders.filter((folder) => !architecture.includes(`\`${folder}/\``))).toEqual([]);
  });
});
