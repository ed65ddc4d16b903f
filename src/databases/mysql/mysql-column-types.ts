// Column type names for results: the protocol sends a type code; people and the model know SQL
// names (`bigint`, `decimal`, `varchar`). Text and binary share codes and differ by character set.
import type { FieldPacket } from 'mysql2';

const BINARY_CHARSET = 63;

const TYPE_NAMES: Readonly<Record<number, string>> = {
  0: 'decimal', 1: 'tinyint', 2: 'smallint', 3: 'int', 4: 'float', 5: 'double', 6: 'null',
  7: 'timestamp', 8: 'bigint', 9: 'mediumint', 10: 'date', 11: 'time', 12: 'datetime', 13: 'year',
  14: 'date', 15: 'varchar', 16: 'bit', 242: 'vector', 245: 'json', 246: 'decimal', 247: 'enum', 248: 'set',
  249: 'blob', 250: 'blob', 251: 'blob', 252: 'blob', 253: 'varchar', 254: 'char', 255: 'geometry',
};

const TEXT_FOR_BLOB: Readonly<Record<string, string>> = { blob: 'text', varchar: 'varchar', char: 'char' };
const BINARY_FOR_TEXT: Readonly<Record<string, string>> = { blob: 'blob', varchar: 'varbinary', char: 'binary' };

export function mysqlColumnType(field: FieldPacket): string {
  const name = TYPE_NAMES[field.columnType ?? -1] ?? `type ${field.columnType ?? 'unknown'}`;
  if (!(name in TEXT_FOR_BLOB)) return name;
  return field.characterSet === BINARY_CHARSET ? BINARY_FOR_TEXT[name]! : TEXT_FOR_BLOB[name]!;
}
