// The import graph of src/ runs one way, down the LAYERS below: entry points (main.ts, cli/, mcp-server/)
// -> channels/ and server/ -> application.ts -> uses of the turn -> the turn (conversations/) -> agent,
// tools and the features they offer -> identity and the feature folders access/, memory/ ->
// the store -> config/, mcp/ -> warehouse access and rendering -> support/, logging/.
// `npm run lint` fails on a new cycle or an import that climbs a layer. Which chat SDKs the core may
// import and who reads process.env are checked by test/architecture.test.ts, not here.

/**
 * Every folder (and top-level file) of src/, lowest layer first. A file imports only from its own
 * layer or lower ones; within a layer only a cycle is forbidden. A new folder must be added here
 * (the `every-folder-has-a-layer` rule fails otherwise).
 */
const LAYERS = [
  ['support', 'logging'],
  ['databases', 'sql', 'sandbox', 'markdown', 'tables', 'charts', 'context-files'],
  ['config', 'mcp'],
  // The store implements every feature's persistence; the types it shares with a feature live here.
  ['store'],
  ['identity', 'access', 'memory', 'context-sync'],
  ['agent', 'tools', 'python', 'stories', 'schedules', 'governance', 'verified'],
  // The turn: a request through the features' steps and the agent loop to an outcome and a reply plan.
  ['conversations'],
  ['evaluation', 'context-check'],
  ['application.ts'],
  ['channels', 'server'],
  ['cli', 'mcp-server', 'main.ts'],
];

/**
 * The imports allowed to climb a layer, each with why. Keep this list short: most climbs are a type
 * that belongs lower down.
 */
const ALLOWED_CLIMBS = [
  {
    from: 'src/access/access-rules.ts',
    to: 'src/conversations/types.ts',
    reason: 'a type only: who asks and where is read from the TurnRequest, whose shape the turn owns',
  },
];

const pathOf = (names) =>
  `^src/(${names
    .map((name) => (name.endsWith('.ts') ? `${name.replace('.', '[.]')}$` : `${name}/`))
    .join('|')})`;
const CORE = pathOf(LAYERS.slice(0, LAYERS.findIndex((layer) => layer.includes('application.ts'))).flat());
/** What starts datathread or serves it to the outside: only entry points import these. */
const ENTRY_POINTS_AND_CHANNELS = ['^src/(channels|server|cli|mcp-server)/', '^src/(main|application)[.]ts$'];

const layerRules = LAYERS.slice(0, -1).map((layer, index) => {
  const exceptions = ALLOWED_CLIMBS.filter((climb) => new RegExp(pathOf(layer)).test(climb.from));
  return {
    name: `layer-${index}-imports-nothing-above`,
    severity: 'error',
    comment: `src/{${layer.join(',')}} imports only its own layer or lower ones (LAYERS in .dependency-cruiser.cjs).`,
    from: { path: pathOf(layer), ...(exceptions.length > 0 ? { pathNot: exceptions.map((climb) => `^${climb.from}$`) } : {}) },
    to: { path: pathOf(LAYERS.slice(index + 1).flat()) },
  };
});
const climbRules = ALLOWED_CLIMBS.map((climb) => {
  const index = LAYERS.findIndex((layer) => new RegExp(pathOf(layer)).test(climb.from));
  return {
    name: `allowed-climb-${climb.from}`,
    severity: 'error',
    comment: `${climb.from} climbs only to ${climb.to}: ${climb.reason}`,
    from: { path: `^${climb.from}$` },
    to: { path: pathOf(LAYERS.slice(index + 1).flat()), pathNot: `^${climb.to}$` },
  };
});

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A cycle: move the shared type or function into a lower file both sides import.',
      from: {},
      // A list renderer, whose items hold blocks, gets the block renderer as a parameter. The one
      // exception: a dialect's entry in databases/dialects.ts loads its runtime with import() on first
      // use, and that runtime reads the config types built from the registry; nothing is loaded in a circle.
      to: { circular: true, viaOnly: { dependencyTypesNot: ['dynamic-import'] } },
    },
    ...layerRules,
    ...climbRules,
    {
      name: 'every-folder-has-a-layer',
      severity: 'error',
      comment: 'A folder of src/ that is in no layer of LAYERS: add it where it belongs.',
      from: { pathNot: pathOf(LAYERS.flat()) },
      to: {},
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
