// Glue table comments, which Athena answers only through its API (ListTableMetadata: the table's
// `comment` parameter), not through information_schema. One paginated call per database.
import { type AthenaClient, ListTableMetadataCommand } from '@aws-sdk/client-athena';

/** ListTableMetadata's largest page. */
const PAGE_TABLES = 50;
const DEFAULT_CATALOG = 'AwsDataCatalog';

export async function listTableComments(client: AthenaClient, catalog: string | undefined, database: string): Promise<Map<string, string>> {
  const comments = new Map<string, string>();
  let nextToken: string | undefined;
  do {
    const page = await client.send(new ListTableMetadataCommand({ CatalogName: catalog ?? DEFAULT_CATALOG, DatabaseName: database, MaxResults: PAGE_TABLES, NextToken: nextToken }));
    for (const table of page.TableMetadataList ?? []) {
      const comment = table.Parameters?.comment?.trim();
      if (table.Name && comment) comments.set(table.Name, comment);
    }
    nextToken = page.NextToken;
  } while (nextToken);
  return comments;
}
