// `npm start` compiles only when the sources changed since the last build: a small project built
// with the real TypeScript compiler is reused while its sources are unchanged (even when touched),
// rebuilt when one changes, and never stamped current after a failed compile.
import { mkdir, mkdtemp, readFile, rm, stat, symlink, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

interface Freshness {
  ensureBuild(root: string, options?: { output?: 'ignore' | number; onStale?: () => void }): 'current' | 'built' | 'failed';
  isBuildCurrent(root: string): boolean;
}

let freshness: Freshness;
let root: string;
const quiet = { output: 'ignore' as const };

async function writeSource(text: string): Promise<void> {
  await writeFile(join(root, 'src', 'main.ts'), `export const greeting: string = ${text};\n`);
}

async function built(): Promise<string> {
  return readFile(join(root, 'dist', 'src', 'main.js'), 'utf8');
}

beforeAll(async () => {
  freshness = (await import(join(process.cwd(), 'scripts', 'build-freshness.mjs'))) as Freshness;
  root = await mkdtemp(join(tmpdir(), 'datathread-build-freshness-'));
  await symlink(join(process.cwd(), 'node_modules'), join(root, 'node_modules'));
  await mkdir(join(root, 'src'));
  await writeFile(join(root, 'package.json'), '{"type": "module"}\n');
  await writeFile(join(root, 'tsconfig.json'), JSON.stringify({ compilerOptions: { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, rootDir: '.', outDir: 'dist', types: [] }, include: ['src'] }));
  await writeFile(join(root, 'tsconfig.build.json'), JSON.stringify({ extends: './tsconfig.json', include: ['src'] }));
  await writeSource("'first'");
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('build freshness', () => {
  it('builds when nothing was built, then reuses the build while the sources are unchanged, even touched', async () => {
    const stale: string[] = [];
    expect(freshness.ensureBuild(root, { ...quiet, onStale: () => stale.push('compiling') })).toBe('built');
    expect(stale).toEqual(['compiling']);
    expect(await built()).toContain("'first'");
    const before = (await stat(join(root, 'dist', 'src', 'main.js'))).mtimeMs;

    expect(freshness.ensureBuild(root, { ...quiet, onStale: () => stale.push('compiling') })).toBe('current');
    const later = new Date(Date.now() + 60_000);
    await utimes(join(root, 'src', 'main.ts'), later, later);
    expect(freshness.ensureBuild(root, quiet)).toBe('current');
    expect((await stat(join(root, 'dist', 'src', 'main.js'))).mtimeMs).toBe(before);
    expect(stale).toEqual(['compiling']);
  });

  it('rebuilds when a source changed, and when a source is added', async () => {
    await writeSource("'second'");
    expect(freshness.isBuildCurrent(root)).toBe(false);
    expect(freshness.ensureBuild(root, quiet)).toBe('built');
    expect(await built()).toContain("'second'");

    await writeFile(join(root, 'src', 'extra.ts'), 'export const extra = 1;\n');
    expect(freshness.ensureBuild(root, quiet)).toBe('built');
    expect(await readFile(join(root, 'dist', 'src', 'extra.js'), 'utf8')).toContain('extra = 1');
  });

  it('a failed compile leaves the build stale, so the next start compiles again', async () => {
    await writeSource('42');
    expect(freshness.ensureBuild(root, quiet)).toBe('failed');
    expect(freshness.isBuildCurrent(root)).toBe(false);
    await writeSource("'fixed'");
    expect(freshness.ensureBuild(root, quiet)).toBe('built');
    expect(await built()).toContain("'fixed'");
  });

  it('an install without sources (dist only) uses dist as it is', async () => {
    await rm(join(root, 'src'), { recursive: true });
    expect(freshness.isBuildCurrent(root)).toBe(true);
  });
});
