import "server-only";
import { randomBytes } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ByteRange, StoredObject, UploadStorage } from "@/lib/uploads/storage";

const KEY_PATTERN = /^[0-9a-f]{64}\.[a-z0-9]{1,8}$/;
const EXPORT_KEY_PATTERN = /^exports\/[A-Za-z0-9_-]{32}\.zip$/;

/**
 * Files under `<dataDir>/uploads/ab/cd/<key>` (exports: `<dataDir>/uploads/exports/<name>.zip`),
 * written to a temporary name and renamed into place.
 */
export function createLocalStorage(dataDir: string): UploadStorage {
  const root = path.resolve(dataDir, "uploads");
  const pathOf = (key: string) => {
    // Keys are made by Agora; anything else is a bug, never a path to follow.
    if (EXPORT_KEY_PATTERN.test(key)) return path.join(root, key);
    if (!KEY_PATTERN.test(key)) throw new Error(`Not a storage key: ${key}`);
    return path.join(root, key.slice(0, 2), key.slice(2, 4), key);
  };
  const writeAtomically = async (key: string, write: (temporary: string) => Promise<void>) => {
    const target = pathOf(key);
    await fs.mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
    const temporary = path.join(path.dirname(target), `.${path.basename(target)}.${randomBytes(6).toString("hex")}.tmp`);
    try {
      await write(temporary);
      await fs.rename(temporary, target);
    } catch (error) {
      await fs.rm(temporary, { force: true });
      throw error;
    }
  };
  const size = async (key: string) => {
    try {
      return (await fs.stat(pathOf(key))).size;
    } catch {
      return null;
    }
  };
  return {
    kind: "local",
    async put(key, bytes) {
      if ((await size(key)) === bytes.length) return;
      await writeAtomically(key, (temporary) => fs.writeFile(temporary, bytes, { mode: 0o600, flag: "wx" }));
    },
    async putStream(key, body) {
      await writeAtomically(key, (temporary) => pipeline(body, createWriteStream(temporary, { mode: 0o600, flags: "wx" })));
    },
    size,
    async read(key: string, range?: ByteRange): Promise<StoredObject | null> {
      const total = await size(key);
      if (total === null) return null;
      const stream = createReadStream(pathOf(key), range ? { start: range.start, end: range.end } : {});
      return { size: total, body: Readable.toWeb(stream) as ReadableStream<Uint8Array> };
    },
    async remove(key) {
      await fs.rm(pathOf(key), { force: true });
    },
    async isEmpty() {
      try {
        const entries = await fs.readdir(root, { recursive: true, withFileTypes: true });
        return !entries.some((entry) => entry.isFile());
      } catch {
        return true;
      }
    },
  };
}
