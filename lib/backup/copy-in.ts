import "server-only";
import type pg from "pg";

// `COPY ... FROM STDIN` through the `pg` driver: a submittable query (the interface pg's own
// Query implements) that answers the server's CopyInResponse with the rows it holds, then ends
// the copy. The loader hands it a few megabytes of rows at a time, so nothing more is held.

type Connection = {
  query(text: string): void;
  sendCopyFromChunk(chunk: Buffer): void;
  endCopyFrom(): void;
  sendCopyFail(message: string): void;
};

class CopyIn {
  private error: Error | undefined;
  readonly done: Promise<void>;
  private settle!: (error?: Error) => void;

  constructor(
    private readonly sql: string,
    private readonly rows: Buffer,
  ) {
    this.done = new Promise((resolve, reject) => (this.settle = (error) => (error ? reject(error) : resolve())));
  }

  submit(connection: Connection): void {
    connection.query(this.sql);
  }

  handleCopyInResponse(connection: Connection): void {
    connection.sendCopyFromChunk(this.rows);
    connection.endCopyFrom();
  }

  handleCommandComplete(): void {}

  handleReadyForQuery(): void {
    this.settle(this.error);
  }

  // pg forgets this query once it reports an error, so the error settles it (no ReadyForQuery follows here).
  handleError(error: Error): void {
    this.error = error;
    this.settle(error);
  }
}

/** Runs one `COPY ... FROM STDIN` with these rows (complete lines in COPY's text format). */
export async function copyIn(client: pg.Client, sql: string, rows: Buffer): Promise<void> {
  const query = new CopyIn(sql, rows);
  client.query(query as unknown as pg.QueryConfig);
  await query.done;
}
