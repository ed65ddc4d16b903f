// The `datathread` command run from the TypeScript sources (as bin/datathread.js runs the built
// dist/), so a test can start `datathread mcp` as a real child process without building first.
import { createJiti } from 'jiti';

const jiti = createJiti(import.meta.url);
const { runCli } = await jiti.import('../../src/cli/main.ts');
const code = await runCli(process.argv.slice(2));
if (code >= 0) process.exit(code);
