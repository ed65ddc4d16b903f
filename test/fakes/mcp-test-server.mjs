// A small MCP server on stdio for the tests, written with the SDK's low-level Server so it can
// publish the faulty schemas real servers publish (an array without `items`, `required: null`).
// Every call is appended to the file named by FAKE_MCP_LOG, so a test can see it arrived.
import { appendFileSync } from 'node:fs';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';

const server = new Server({ name: 'fake-weather', version: '1.0.0' }, { capabilities: { tools: {} } });

server.setRequestHandler(ListToolsRequestSchema, async () => ({
  tools: [
    {
      name: 'forecast',
      description: 'Weather forecast for a city.',
      inputSchema: {
        type: 'object',
        properties: { city: { type: 'string' }, days: { type: 'integer', minimum: 1 } },
        required: ['city'],
        additionalProperties: false,
      },
    },
    {
      name: 'tag_cities',
      description: 'Tags cities (a deliberately faulty schema).',
      inputSchema: { type: 'object', properties: { cities: { type: 'array' } }, required: null },
    },
  ],
}));

server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const { name, arguments: args = {} } = request.params;
  if (process.env.FAKE_MCP_LOG) appendFileSync(process.env.FAKE_MCP_LOG, `${JSON.stringify({ name, args })}\n`);
  if (name === 'forecast') return { content: [{ type: 'text', text: `Forecast for ${args.city}: sunny, 21°C for ${args.days ?? 1} day(s)` }] };
  if (name === 'tag_cities') return { content: [{ type: 'text', text: `tagged ${(args.cities ?? []).length}` }] };
  return { content: [{ type: 'text', text: `unknown tool ${name}` }], isError: true };
});

await server.connect(new StdioServerTransport());
