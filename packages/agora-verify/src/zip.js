import { inflateRawSync } from "node:zlib";

// Just enough of a zip reader for an export: the central directory, stored (0) and deflated (8)
// entries, no zip64, no encryption. Reading the central directory (not the local headers) is what
// makes entries written with data descriptors readable too.

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;

function findEndOfDirectory(bytes) {
  // The record is 22 bytes plus a comment of up to 65535.
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - 65535); at -= 1) {
    if (bytes.readUInt32LE(at) === END_OF_DIRECTORY) return at;
  }
  throw new Error("not a zip file (no end of central directory)");
}

/** Every file in the zip: `{ name, data }`, data a Buffer. */
export function readZipEntries(bytes) {
  const end = findEndOfDirectory(bytes);
  const count = bytes.readUInt16LE(end + 10);
  let at = bytes.readUInt32LE(end + 16);
  if (at === 0xffffffff || count === 0xffff) throw new Error("zip64 archives are not supported");
  const entries = [];
  for (let index = 0; index < count; index += 1) {
    if (bytes.readUInt32LE(at) !== DIRECTORY_ENTRY) throw new Error("corrupt zip central directory");
    const method = bytes.readUInt16LE(at + 10);
    const compressedSize = bytes.readUInt32LE(at + 20);
    const nameLength = bytes.readUInt16LE(at + 28);
    const extraLength = bytes.readUInt16LE(at + 30);
    const commentLength = bytes.readUInt16LE(at + 32);
    const localOffset = bytes.readUInt32LE(at + 42);
    const name = bytes.subarray(at + 46, at + 46 + nameLength).toString("utf8");
    at += 46 + nameLength + extraLength + commentLength;
    if (name.endsWith("/")) continue;
    if (bytes.readUInt32LE(localOffset) !== LOCAL_HEADER) throw new Error(`corrupt zip entry ${name}`);
    const dataStart = localOffset + 30 + bytes.readUInt16LE(localOffset + 26) + bytes.readUInt16LE(localOffset + 28);
    const raw = bytes.subarray(dataStart, dataStart + compressedSize);
    if (method === 0) entries.push({ name, data: Buffer.from(raw) });
    else if (method === 8) entries.push({ name, data: inflateRawSync(raw) });
    else throw new Error(`zip entry ${name} uses compression method ${method}, which is not supported`);
  }
  return entries;
}
