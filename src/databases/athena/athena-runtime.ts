// What an athena database needs at run time: its adapter (whose driver is imported only here, on
// first use) and the catalog reader `datathread sync` reads it with.
import type { DialectRuntime } from '../dialect-runtime.js';
import { athenaCatalogReader, type AthenaTableComments } from './athena-catalog.js';
import type { DatabaseAdapter } from '../types.js';

/** The adapter is recognised by what it can do, not by its class: importing the class would load the AWS SDK. */
function readsTableComments(adapter: DatabaseAdapter): adapter is DatabaseAdapter & AthenaTableComments {
  return adapter.dialect === 'athena' && typeof (adapter as Partial<AthenaTableComments>).tableComments === 'function';
}

export const athenaRuntime: DialectRuntime = {
  createAdapter: async (config) => new (await import('./athena-adapter.js')).AthenaAdapter(config),
  catalogReader: (config, adapter) => (adapter && readsTableComments(adapter) ? athenaCatalogReader(config, adapter) : undefined),
};
