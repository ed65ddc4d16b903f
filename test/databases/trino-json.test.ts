import { describe, expect, test } from 'vitest';
import { parseTrinoResponse, quoteUnsafeIntegers } from '../../src/databases/trino/trino-json.js';

describe('Trino answers parsed with their big integers whole', () => {
  test('integers past 2^53 keep every digit; safe integers and decimals stay numbers', () => {
    expect(parseTrinoResponse('{"data":[[9007199254740993,-9223372036854775808,9007199254740991,1.5,1.2345678901234567E19]]}')).toEqual({
      data: [['9007199254740993', '-9223372036854775808', 9007199254740991, 1.5, 12345678901234567000]],
    });
  });

  test('digits inside strings, escaped quotes included, are left alone', () => {
    const text = '{"id":"20240102_9007199254740993","sql":"SELECT \\"x\\", 12345678901234567890","n":[12345678901234567890]}';
    expect(quoteUnsafeIntegers(text)).toBe('{"id":"20240102_9007199254740993","sql":"SELECT \\"x\\", 12345678901234567890","n":["12345678901234567890"]}');
  });

  test('text that is not JSON (an HTML error page) is handed back unchanged', () => {
    expect(parseTrinoResponse('<html>502 Bad Gateway 12345678901234567890</html>')).toBe('<html>502 Bad Gateway 12345678901234567890</html>');
  });
});
