// The first `bin/datathread.js …` in a fresh checkout compiles for about a minute: it says so on
// stderr before compiling, never waits silently; a later run starts at once and says nothing; a
// run after a source changed says that. Driven through the real bin script on a small project.
import { spawnSync } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let root: string;

async function writeCli(greeting: string): Promise<void> {
  await writeFile(
    join(root, 'src', 'cli', 'main.ts'),
    `declare const console: { log(text: string): void };\nexport async function runCli(argv: string[]): Promise<number> {\n  console.log(\`${greeting} \${argv.join(' ')}\`);\n  return 0;\n}\n`,
  );
}

function runBin(...argv: string[]): { stdout: string; stderr: string; status: number | null } {
  const result = spawnSync(process.execPath, [join(root, 'bin', 'datathread.js'), ...argv], { cwd: root, encoding: 'utf8' });
  return { stdout: result.stdout, stderr: result.stderr, status: result.status };
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'datathread-first-run-'));
  await mkdir(join(root, 'bin'));
  await mkdir(join(root, 'scripts'));
  await mkdir(join(root, 'src', 'cli'), { recursive: true });
  await copyFile(join(process.cwd(), 'bin', 'datathread.js'), join(root, 'bin', 'datathread.js'));
  await copyFile(join(process.cwd(), 'scripts', 'build-freshness.mjs'), join(root, 'scripts', 'build-freshness.mjs'));
  await symlink(join(process.cwd(), 'node_modules'), join(root, 'node_modules'));
  await writeFile(join(root, 'package.json'), '{"type": "module"}\n');
  await writeFile(
    join(root, 'tsconfig.json'),
    JSON.stringify({ compilerOptions: { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, rootDir: '.', outDir: 'dist', types: [] }, include: ['src'] }),
  );
  await writeFile(join(root, 'tsconfig.build.json'), JSON.stringify({ extends: './tsconfig.json', include: ['src'] }));
  // The server's entry point: the build counts as done once it exists.
  await writeFile(join(root, 'src', 'main.ts'), 'export const started = true;\n');
  await writeCli('hello');
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

/** Each case compiles the small project with the real TypeScript: slow on a loaded machine. */
const COMPILE_TIMEOUT_MS = 180_000;

describe('bin/datathread.js in a fresh checkout', () => {
  it('says why it waits before the first compile, then starts at once, and says when sources changed', () => {
    const first = runBin('ask', 'something');
    expect(first.status).toBe(0);
    expect(first.stderr).toBe('datathread: not built yet in this folder; compiling the TypeScript once (about a minute)…\n');
    expect(first.stdout).toBe('hello ask something\n');

    const second = runBin('check');
    expect(second).toEqual({ status: 0, stderr: '', stdout: 'hello check\n' });
  }, COMPILE_TIMEOUT_MS);

  it('says the sources changed before compiling them again', async () => {
    await writeCli('hi again');
    const changed = runBin('help');
    expect(changed.stderr).toBe('datathread: the sources changed since the last build; compiling…\n');
    expect(changed.stdout).toBe('hi again help\n');
  }, COMPILE_TIMEOUT_MS);
});
