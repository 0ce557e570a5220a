import "server-only";
import fs from "node:fs";
import type { Readable } from "node:stream";
import zlib from "node:zlib";
import tar from "tar-stream";

export interface ArchiveEntry {
  name: string;
  size: number;
  body: Readable;
}

/** The archive's entries in order, each to be read (or drained) before the next. */
export async function* readArchive(file: string): AsyncGenerator<ArchiveEntry> {
  const extract = tar.extract();
  const source = fs.createReadStream(file);
  const gunzip = zlib.createGunzip();
  source.on("error", (error) => extract.destroy(error));
  gunzip.on("error", (error) => extract.destroy(new Error(`not a backup file (${error.message})`)));
  source.pipe(gunzip).pipe(extract);
  try {
    for await (const entry of extract) {
      yield { name: entry.header.name, size: entry.header.size ?? 0, body: entry };
      // An entry the reader left unread is drained, so the next one can come.
      entry.resume();
    }
  } finally {
    source.destroy();
  }
}

export async function readAll(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
