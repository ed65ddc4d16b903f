#!/usr/bin/env node
// The `datathread` command. The TypeScript sources are compiled to dist/ by `npm run build` (run
// automatically by `npm install` through the prepare script); in a source checkout, sources changed
// since that build are compiled first, after a line on stderr saying why (compiler messages on
// stderr too: stdout may carry MCP). Run it as `bin/datathread.js` in the checkout: `npx datathread`
// there first copies the whole project into npx's cache and compiles it, silently.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const freshness = new URL('../scripts/build-freshness.mjs', import.meta.url);
if (existsSync(fileURLToPath(freshness))) {
  const { ensureBuild, staleMessage } = await import(freshness.href);
  const onStale = (reason) => process.stderr.write(staleMessage(reason));
  if (ensureBuild(root, { onStale }) === 'failed') {
    process.stderr.write('datathread: the build failed (messages above); fix the sources or run `npm run build` in its folder.\n');
    process.exit(1);
  }
}
const entry = new URL('../dist/src/cli/main.js', import.meta.url);
if (!existsSync(fileURLToPath(entry))) {
  process.stderr.write('datathread is not built yet: run `npm run build` in its folder first.\n');
  process.exit(1);
}
const { runCli } = await import(entry.href);
const code = await runCli(process.argv.slice(2));
if (code >= 0) process.exit(code);
