import "server-only";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import zlib from "node:zlib";
import tar from "tar-stream";

// One gzipped tar, written under a temporary name beside the target and renamed into place only
// once it is complete: a backup that is killed leaves no file under the name asked for.

export interface ArchiveWriter {
  /** An entry of known size, its bytes streamed in (backpressure: resolves once they are taken). */
  add(name: string, size: number, body: Readable | Buffer): Promise<void>;
  /** Bytes written to disk so far (compressed). */
  written(): number;
  /** Closes the archive and renames it to its final name; answers its size. */
  finish(): Promise<number>;
  /** Removes the temporary file. */
  abort(): Promise<void>;
}

export function openArchive(target: string): ArchiveWriter {
  const finalPath = path.resolve(target);
  const temporary = path.join(path.dirname(finalPath), `.${path.basename(finalPath)}.${randomBytes(6).toString("hex")}.partial`);
  const pack = tar.pack();
  const file = fs.createWriteStream(temporary, { flags: "wx", mode: 0o600 });
  // Level 1: the SQL shrinks about as much as at the default level, at a fraction of the time.
  const done = pipeline(pack, zlib.createGzip({ level: 1 }), file);
  // A failure surfaces through add/finish; this keeps it from being an unhandled rejection meanwhile.
  done.catch(() => undefined);
  const fail = () => done.then(() => new Error("archive closed"));

  return {
    async add(name, size, body) {
      const sink = pack.entry({ name, size, mode: 0o600, mtime: new Date() });
      const source = Buffer.isBuffer(body) ? Readable.from([body]) : body;
      await Promise.race([pipeline(source, sink), fail().then((error) => Promise.reject(error))]);
    },
    written: () => file.bytesWritten,
    async finish() {
      pack.finalize();
      await done;
      await fs.promises.rename(temporary, finalPath);
      return (await fs.promises.stat(finalPath)).size;
    },
    async abort() {
      pack.destroy();
      await done.catch(() => undefined);
      await fs.promises.rm(temporary, { force: true });
    },
  };
}
