// The keys each dialect adds to a `databases:` entry, gathered from the registry (dialects.ts):
// database-config.ts composes the flat schema from them, so a new dialect never edits the schema.
import { DIALECT_NAMES, DIALECTS, type Dialect } from './dialects.js';

type Definitions = (typeof DIALECTS)[Dialect];
type FieldsOf<Definition> = Definition extends { configFields: infer Fields } ? Fields : Record<never, never>;
type Intersection<Union> = (Union extends unknown ? (each: Union) => void : never) extends (all: infer All) => void ? All : never;

/** Every dialect's own keys in one shape. */
export const DIALECT_CONFIG_FIELDS = Object.assign(
  {},
  ...DIALECT_NAMES.map((dialect) => ('configFields' in DIALECTS[dialect] ? DIALECTS[dialect].configFields : {})),
) as Intersection<FieldsOf<Definitions>>;

/** Keys that another type refuses, by the one dialect they apply to. */
export const DIALECT_ONLY_FIELDS: Partial<Record<Dialect, readonly string[]>> = Object.fromEntries(
  DIALECT_NAMES.flatMap((dialect) => ('onlyFields' in DIALECTS[dialect] ? [[dialect, DIALECTS[dialect].onlyFields]] : [])),
);
