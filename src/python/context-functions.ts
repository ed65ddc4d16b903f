// The functions Python code can call: read_file(path) and list_files() over the context folder
// (same virtual paths and refusals as the read/list tools), and query_result(query_id), a result
// this conversation already has, as a list of dicts.
import { readFile } from 'node:fs/promises';
import { AccessDeniedError, ContextPathError } from '../context-files/access-denied-error.js';
import type { ContextFolder } from '../context-files/context-folder.js';
import type { QueryResult } from '../tools/tool-context.js';
import type { JsonValue } from '../databases/types.js';
import { PythonFunctionError } from './python-function-error.js';
import type { PythonFunction } from './run-python.js';

export interface PythonFunctionSources {
  /** Undefined when the configured folder does not exist. */
  folder: ContextFolder | undefined;
  findQueryResult(queryId: string): Promise<QueryResult | undefined>;
}

function textArgument(name: string, fn: string, args: unknown[], kwargs: Record<string, unknown>): string {
  const value = args[0] ?? kwargs[name];
  if (typeof value !== 'string') throw new PythonFunctionError('TypeError', `${fn}() argument '${name}' must be str`);
  return value;
}

function requireFolder(sources: PythonFunctionSources): ContextFolder {
  if (!sources.folder) throw new PythonFunctionError('FileNotFoundError', 'there is no project context folder configured on this server');
  return sources.folder;
}

export function rowsAsRecords(result: QueryResult): Record<string, JsonValue>[] {
  return result.rows.map((row) => Object.fromEntries(result.columns.map((column, index) => [column.name, row[index] ?? null])));
}

export function createContextFunctions(sources: PythonFunctionSources): Record<string, PythonFunction> {
  return {
    read_file: {
      signature: '(path: str) -> str',
      call: async (args, kwargs) => {
        const path = textArgument('path', 'read_file', args, kwargs);
        try {
          const entry = await requireFolder(sources).resolve(path);
          if (entry.stats.isDirectory()) throw new PythonFunctionError('IsADirectoryError', `${entry.virtualPath} is a directory; use list_files()`);
          return await readFile(entry.realPath, 'utf8');
        } catch (error) {
          if (error instanceof AccessDeniedError) throw new PythonFunctionError('PermissionError', error.message);
          if (error instanceof ContextPathError) throw new PythonFunctionError('FileNotFoundError', error.message);
          throw error;
        }
      },
    },
    list_files: {
      signature: '() -> list[str]',
      call: async () => {
        const folder = requireFolder(sources);
        const rules = folder.ignoreRules();
        const files = await folder.listFilesBelow(await folder.resolve('/', rules), rules);
        return files.map((file) => file.virtualPath);
      },
    },
    query_result: {
      signature: '(query_id: str) -> list[dict[str, Any]]',
      call: async (args, kwargs) => {
        const queryId = textArgument('query_id', 'query_result', args, kwargs);
        const result = await sources.findQueryResult(queryId);
        if (!result) throw new PythonFunctionError('KeyError', `no query result "${queryId}" in this conversation; use a query_id returned by execute_sql`);
        return rowsAsRecords(result);
      },
    },
  };
}
