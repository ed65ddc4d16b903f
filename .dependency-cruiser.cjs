// The import graph of src/ runs one way: entry points (main.ts, cli/, mcp-server/) -> channels/ and
// server/ -> application.ts -> the core -> config/, mcp/ (client connections) -> support/, logging/.
// `npm run lint` fails on a new cycle or an import that climbs a layer. Which chat SDKs the core may
// import and who reads process.env are checked by test/architecture.test.ts, not here.

/** The core of README's "How it fits together": it never reaches up to what starts or serves it. */
const CORE = '^src/(agent|tools|sql|databases|charts|stories|conversations|store|identity|markdown|tables|sandbox|python|context-files|context-check|governance|schedules)/';
/** What starts datathread or serves it to the outside: only entry points import these. */
const ENTRY_POINTS_AND_CHANNELS = ['^src/(channels|server|cli|mcp-server)/', '^src/(main|application)[.]ts$'];
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A cycle: move the shared type or function into a lower file both sides import.',
      from: {},
      // No exception: a list renderer, whose items hold blocks, gets the block renderer as a parameter.
      to: { circular: true },
    },
    {
      name: 'core-stays-below-entry-points',
      severity: 'error',
      comment: 'The core never imports a channel, the HTTP server, the CLI, the MCP server or the composition root.',
      from: { path: CORE },
      to: { path: ENTRY_POINTS_AND_CHANNELS },
    },
    {
      name: 'databases-sql-and-sandbox-stay-below-config',
      severity: 'error',
      comment:
        'Warehouse access, the SQL gate and the sandbox own their rules and settings schemas; config/ imports them, ' +
        'and they never import config/ or the tools, agent and conversations that use them.',
      from: { path: '^src/(databases|sql|sandbox)/' },
      to: { path: '^src/(config|tools|agent|conversations)/' },
    },
    {
      name: 'config-and-mcp-client-stay-below-the-core',
      severity: 'error',
      comment: 'The config schema and the MCP client connections are read by the tools and the agent, never the reverse.',
      from: { path: '^src/(config|mcp)/' },
      to: { path: ['^src/(agent|tools|conversations|stories|python|context-check)/', ...ENTRY_POINTS_AND_CHANNELS] },
    },
    {
      name: 'support-and-logging-import-nothing-above',
      severity: 'error',
      comment: 'support/ and logging/ are the floor every layer stands on.',
      from: { path: '^src/(support|logging)/' },
      to: { path: '^src/', pathNot: '^src/(support|logging)/' },
    },
    {
      name: 'channels-never-import-tools',
      severity: 'error',
      comment: 'A channel hands TurnRequests to conversations/ and draws ReplyPlans (src/channels/README.md).',
      from: { path: '^src/channels/' },
      to: { path: '^src/tools/' },
    },
    {
      name: 'nothing-imports-the-cli',
      severity: 'error',
      comment: 'cli/ is an entry point; start-up shared with the server lives in config/bootstrap.ts.',
      from: { pathNot: '^src/cli/' },
      to: { path: '^src/cli/' },
    },
    {
      name: 'only-the-cli-starts-the-mcp-server',
      severity: 'error',
      comment: 'mcp-server/ serves datathread over MCP (`datathread mcp`); the tools use mcp/ (client connections).',
      from: { pathNot: '^src/(cli|mcp-server)/' },
      to: { path: '^src/mcp-server/' },
    },
    {
      name: 'dialect-adapters-load-lazily',
      severity: 'error',
      comment:
        "A dialect's adapter imports its driver (together about 135 MB for all dialects): outside its own folder it is " +
        'imported with import() when a database of that dialect is configured (create-database-adapter.ts), or as a type only.',
      from: { pathNot: '^src/databases/[^/]+/' },
      to: { path: '^src/databases/[^/]+/[^/]+-adapter[.]ts$', dependencyTypesNot: ['dynamic-import', 'type-only'] },
    },
  ],
  options: {
    includeOnly: '^src/',
    // Type-only imports count: a cycle of types still ties the files together.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    doNotFollow: { path: 'node_modules' },
  },
};
