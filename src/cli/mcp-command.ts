// `datathread mcp`: serves datathread as an MCP server over stdio until the client disconnects.
// stdout carries the protocol, so nothing else may write there (logs go to stderr).
import { createApplication } from '../application.js';
import { createDatathreadMcpServer } from '../mcp-server/datathread-mcp-server.js';
import { StdioLineTransport } from '../mcp-server/stdio-line-transport.js';
import type { ParsedArguments } from './arguments.js';
import { restrictToDatabase } from './ask-command.js';
import type { Bootstrapped } from '../config/bootstrap.js';

export async function mcpCommand(parsed: ParsedArguments, started: Bootstrapped): Promise<number> {
  const databaseOption = parsed.options.get('database');
  const config = restrictToDatabase(started.config, typeof databaseOption === 'string' ? databaseOption : undefined);
  const application = await createApplication({ environment: started.environment, config, logger: started.logger });
  const server = createDatathreadMcpServer(application);
  const closed = new Promise<void>((resolve) => {
    server.server.onclose = () => resolve();
  });
  // A refused message (too large, not JSON-RPC) is answered with an error and logged; the server stays up.
  server.server.onerror = (error) => started.logger.warn('MCP protocol error', { error });
  await server.connect(new StdioLineTransport());
  // The stdio transport does not notice the client going away: stdin ending is the sign.
  const stop = () => void server.close();
  process.stdin.once('end', stop);
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
  started.logger.info('datathread MCP server running on stdio');
  await closed;
  await application.close();
  return 0;
}
