#!/usr/bin/env node
// The `datathread` command. The TypeScript sources are compiled to dist/ by `npm run build`
// (run automatically by `npm install` through the prepare script).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const entry = new URL('../dist/src/cli/main.js', import.meta.url);
if (!existsSync(fileURLToPath(entry))) {
  process.stderr.write('datathread is not built yet: run `npm run build` in its folder first.\n');
  process.exit(1);
}
const { runCli } = await import(entry.href);
const code = await runCli(process.argv.slice(2));
if (code >= 0) process.exit(code);
