#!/usr/bin/env node
// Builds dist/ only when the sources changed since the last build, so `npm start` starts at once
// after `npm install` (whose prepare script builds) and still never runs stale code: a digest of
// every file under src/ and of the TypeScript settings is stored next to the output by each build
// and compared before each start. Content, not modification times, decides (a checkout that
// touches files without changing them rebuilds nothing).
//
//   node scripts/build-freshness.mjs build    compile (tsc -p tsconfig.build.json), then stamp
//   node scripts/build-freshness.mjs ensure   compile only when the stamp does not match
//
// Without src/ (an image holding only dist/) there is nothing to compare and dist/ is used as is.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const SETTINGS_FILES = ['tsconfig.json', 'tsconfig.build.json'];
export const STAMP_FILE = join('dist', '.build-stamp.json');
export const ENTRY_FILE = join('dist', 'src', 'main.js');

function filesUnder(directory) {
  const files = [];
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) files.push(...filesUnder(path));
    else if (entry.isFile()) files.push(path);
  }
  return files;
}

/** sha256 over the path and content of every source file and the TypeScript settings, in a fixed order. */
export function sourceDigest(root) {
  const hash = createHash('sha256');
  const files = [...filesUnder(join(root, 'src')), ...SETTINGS_FILES.map((name) => join(root, name)).filter((path) => existsSync(path))];
  for (const path of files.map((file) => relative(root, file)).sort()) {
    hash.update(`${path}\0`);
    hash.update(readFileSync(join(root, path)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

function readStamp(root) {
  try {
    return JSON.parse(readFileSync(join(root, STAMP_FILE), 'utf8'));
  } catch {
    return undefined;
  }
}

/** True when dist/ was built from exactly the current sources (or there are no sources to compare). */
export function isBuildCurrent(root) {
  if (!existsSync(join(root, ENTRY_FILE))) return false;
  if (!existsSync(join(root, 'src'))) return true;
  return readStamp(root)?.sourceDigest === sourceDigest(root);
}

/**
 * Compiles with the project's TypeScript and stamps dist/ with the digest taken before compiling,
 * so a file saved during the build makes the next start build again. `output` receives the
 * compiler's messages (stderr by default, keeping stdout free for the MCP protocol).
 */
export function build(root, { output = 2 } = {}) {
  const digest = sourceDigest(root);
  const compiler = createRequire(join(root, 'package.json')).resolve('typescript/bin/tsc');
  const result = spawnSync(process.execPath, [compiler, '-p', join(root, 'tsconfig.build.json')], { cwd: root, stdio: ['ignore', output, output] });
  if (result.status !== 0) return false;
  writeFileSync(join(root, STAMP_FILE), `${JSON.stringify({ sourceDigest: digest })}\n`);
  return true;
}

/** Why dist/ must be compiled before it runs: 'not-built' (a fresh checkout) or 'changed'; undefined when current. */
export function staleReason(root) {
  if (isBuildCurrent(root)) return undefined;
  return existsSync(join(root, ENTRY_FILE)) ? 'changed' : 'not-built';
}

/** The line said on stderr before compiling, so a wait of a minute is never silent. */
export function staleMessage(reason) {
  return reason === 'not-built'
    ? 'datathread: not built yet in this folder; compiling the TypeScript once (about a minute)…\n'
    : 'datathread: the sources changed since the last build; compiling…\n';
}

/** Builds when the sources changed; returns what happened. `onStale` hears why before compiling. */
export function ensureBuild(root, { output = 2, onStale = () => {} } = {}) {
  const reason = staleReason(root);
  if (reason === undefined) return 'current';
  onStale(reason);
  return build(root, { output }) ? 'built' : 'failed';
}

function main() {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  const command = process.argv[2];
  if (command === 'build') process.exit(build(root, { output: 'inherit' }) ? 0 : 1);
  if (command === 'ensure') {
    const onStale = (reason) => process.stderr.write(staleMessage(reason));
    process.exit(ensureBuild(root, { output: 'inherit', onStale }) === 'failed' ? 1 : 0);
  }
  process.stderr.write('usage: node scripts/build-freshness.mjs build | ensure\n');
  process.exit(2);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
