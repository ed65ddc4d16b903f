// A pg "submittable" that runs one statement through the extended query protocol and reads at
// most `rowLimit` rows from its portal, then stops. pg's own Query with `rows` keeps fetching
// until the end; this one sends Sync after the first batch, so a 10-million-row SELECT costs
// rowLimit rows of memory and the server drops the rest when the transaction ends.
//
// The extended protocol is also a safety layer: Parse accepts exactly one statement, so
// "COMMIT; DELETE FROM t" is refused by the server instead of escaping the read-only transaction.

export interface CappedQueryField {
  name: string;
  dataTypeID: number;
}

export interface CappedQueryResult {
  fields: CappedQueryField[];
  /** Raw text values (or null) per row, at most rowLimit rows. */
  rows: (string | null)[][];
  /** True when the portal had more rows than rowLimit. */
  suspended: boolean;
}

/** The part of pg's internal Connection this class drives (protocol messages). */
interface ProtocolConnection {
  parse(query: { text: string; name?: string; types?: number[] }): void;
  bind(config: { portal?: string; statement?: string; values?: unknown[] }): void;
  describe(message: { type: 'P' | 'S'; name?: string }): void;
  execute(config: { portal?: string; rows?: number }): void;
  flush(): void;
  sync(): void;
  sendCopyFail(message: string): void;
}

interface RowDescriptionMessage {
  fields: { name: string; dataTypeID: number }[];
}

interface DataRowMessage {
  fields: (string | null)[];
}

export class CappedPortalQuery {
  readonly done: Promise<CappedQueryResult>;
  private resolveDone!: (result: CappedQueryResult) => void;
  private rejectDone!: (error: unknown) => void;
  private connection: ProtocolConnection | undefined;
  private syncSent = false;
  private failed = false;
  private fields: CappedQueryField[] = [];
  private readonly rows: (string | null)[][] = [];
  private suspended = false;

  constructor(
    private readonly text: string,
    private readonly rowLimit: number,
  ) {
    this.done = new Promise((resolve, reject) => {
      this.resolveDone = resolve;
      this.rejectDone = reject;
    });
    // The caller awaits `done`; this keeps an early failure from counting as unhandled.
    this.done.catch(() => undefined);
  }

  submit(connection: ProtocolConnection): void {
    this.connection = connection;
    connection.parse({ text: this.text, types: [] });
    connection.bind({ values: [] });
    connection.describe({ type: 'P', name: '' });
    // rows: 0 would mean "all"; ask for one at least.
    connection.execute({ portal: '', rows: Math.max(1, this.rowLimit) });
    connection.flush();
  }

  handleRowDescription(message: RowDescriptionMessage): void {
    this.fields = message.fields.map((field) => ({ name: field.name, dataTypeID: field.dataTypeID }));
  }

  handleDataRow(message: DataRowMessage): void {
    if (this.rows.length < this.rowLimit) this.rows.push(message.fields);
  }

  handlePortalSuspended(): void {
    this.suspended = true;
    this.sync();
  }

  handleCommandComplete(): void {
    this.sync();
  }

  handleEmptyQuery(): void {
    this.sync();
  }

  handleError(error: unknown): void {
    if (this.failed) return;
    this.failed = true;
    // After an error the server skips messages until Sync; send it so the connection comes back.
    this.sync();
    this.rejectDone(error);
  }

  handleReadyForQuery(): void {
    if (this.failed) return;
    this.resolveDone({ fields: this.fields, rows: this.rows, suspended: this.suspended });
  }

  handleCopyInResponse(connection: ProtocolConnection): void {
    connection.sendCopyFail('datathread sends no COPY data');
  }

  handleCopyData(): void {
    // COPY ... TO STDOUT rows are not a result set datathread reads.
  }

  private sync(): void {
    if (this.syncSent || !this.connection) return;
    this.syncSent = true;
    try {
      this.connection.sync();
    } catch {
      // The socket is gone; pg reports that to the caller on its own.
    }
  }
}
