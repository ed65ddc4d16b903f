// Statements the differential fuzzer found the gate reading differently from an engine, kept as
// regression cases: each must now read the same on the gate and the engine. `found` names the
// difference; the markers (mk_NN) are read back from the statement.
export type DifferentialEngine = 'PostgreSQL' | 'MariaDB' | 'DuckDB' | 'SQLite' | 'ClickHouse';

export interface Counterexample {
  sql: string;
  found: string;
}

export const COUNTEREXAMPLES: Record<DifferentialEngine, readonly Counterexample[]> = {
  PostgreSQL: [],
  MariaDB: [],
  DuckDB: [],
  SQLite: [],
  ClickHouse: [],
};
