// An external function (read_file, list_files, query_result) refusing a call: raised inside the
// Python code as the named built-in exception, so the code can catch it and the model reads it.
import { DatathreadError } from '../support/errors.js';

export class PythonFunctionError extends DatathreadError {
  override readonly name = 'PythonFunctionError';
  readonly code = 'python_function_refused';

  constructor(
    /** A Python built-in exception name: PermissionError, FileNotFoundError, KeyError, ValueError… */
    readonly pythonType: string,
    message: string,
  ) {
    super(message);
  }
}
