// What a starrocks database needs at run time: its adapter (whose driver is imported only here, on
// first use) and the catalog reader `datathread sync` reads it with.
import type { DialectRuntime } from '../dialect-runtime.js';
import { starrocksCatalogReader } from './starrocks-catalog.js';

export const starrocksRuntime: DialectRuntime = {
  createAdapter: async (config) => {
    const { MYSQL_INTROSPECTION_SQL, MysqlAdapter } = await import('../mysql/mysql-adapter.js');
    return new MysqlAdapter(config, { dialect: 'starrocks', introspectionSql: MYSQL_INTROSPECTION_SQL });
  },
  catalogReader: () => starrocksCatalogReader,
};
