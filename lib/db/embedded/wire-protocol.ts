import "server-only";

// Framing of the PostgreSQL protocol for the embedded wire server: every length a client
// declares is checked before anything waits for or loops over it, so a hostile frame closes
// its own connection and nothing else.

/** PostgreSQL's own cap on a startup packet (MAX_STARTUP_PACKET_LENGTH). */
export const MAX_STARTUP_BYTES = 10_000;
/** Largest message after startup; Agora's statements and parameters stay far below it. */
export const MAX_MESSAGE_BYTES = 64 * 1024 * 1024;
/** Unconsumed bytes a connection may hold: one batch of a few large messages. */
export const MAX_PENDING_BYTES = 2 * MAX_MESSAGE_BYTES;

const PROTOCOL_3 = 196608;
const SSL_REQUEST = 80877103;
const GSSENC_REQUEST = 80877104;
const CANCEL_REQUEST = 80877102;
// Messages after which the server answers: a batch ends with one of them.
const BATCH_END = new Set(["S", "Q", "X", "H"]);

/** Closes the connection with a FATAL ErrorResponse carrying this SQLSTATE. */
export class WireError extends Error {
  constructor(
    readonly sqlState: string,
    message: string,
  ) {
    super(message);
  }
}

const tooLarge = (what: string, max: number) => new WireError("08P01", `${what} exceeds ${max} bytes`);

/** Incomplete input: how many bytes must be buffered before reading again can make progress. */
export interface Need {
  need: number;
}

export type StartupFrame =
  { kind: "encryption"; size: number } | { kind: "cancel"; size: number } | { kind: "startup"; size: number; packet: Buffer; user: string };

function readUser(packet: Buffer): string {
  const fields = packet.subarray(8).toString("utf8").split("\0");
  for (let i = 0; i + 1 < fields.length; i += 2) if (fields[i] === "user") return fields[i + 1]!;
  return "";
}

/** The first frame of a connection: SSL/GSS request, cancel request or startup packet. */
export function readStartupFrame(buffer: Buffer): StartupFrame | Need {
  if (buffer.length < 4) return { need: 4 };
  const length = buffer.readInt32BE(0);
  if (length < 8) throw new WireError("08P01", "invalid length of startup packet");
  if (length > MAX_STARTUP_BYTES) throw tooLarge("startup packet", MAX_STARTUP_BYTES);
  if (buffer.length < length) return { need: length };
  const code = buffer.readInt32BE(4);
  if (code === SSL_REQUEST || code === GSSENC_REQUEST) return { kind: "encryption", size: length };
  if (code === CANCEL_REQUEST) return { kind: "cancel", size: length };
  if (code !== PROTOCOL_3) throw new WireError("0A000", "unsupported frontend protocol");
  const packet = buffer.subarray(0, length);
  return { kind: "startup", size: length, packet, user: readUser(packet) };
}

function readLength(buffer: Buffer, offset: number, max: number): number {
  const length = buffer.readInt32BE(offset + 1);
  if (length < 4) throw new WireError("08P01", "invalid message length");
  if (length > max) throw tooLarge("message", max);
  return length;
}

/** One typed message (during authentication). */
export function takeMessage(buffer: Buffer, max: number): { type: string; body: Buffer; size: number } | Need {
  if (buffer.length < 5) return { need: 5 };
  const end = 1 + readLength(buffer, 0, max);
  if (buffer.length < end) return { need: end };
  return { type: String.fromCharCode(buffer[0]!), body: buffer.subarray(5, end), size: end };
}

/** Complete batches (messages up to one the server answers) off the front of the buffer. */
export function takeBatch(buffer: Buffer): { batch: Buffer } | Need {
  let offset = 0;
  for (;;) {
    if (offset + 5 > buffer.length) return { need: offset + 5 };
    const type = String.fromCharCode(buffer[offset]!);
    const end = offset + 1 + readLength(buffer, offset, MAX_MESSAGE_BYTES);
    if (end > buffer.length) return { need: end };
    offset = end;
    if (BATCH_END.has(type)) return { batch: buffer.subarray(0, offset) };
  }
}

export function endsWithFlush(batch: Buffer): boolean {
  // A Flush message is exactly 5 bytes: 'H' and the length 4.
  return batch.length >= 5 && batch[batch.length - 5] === 0x48 && batch.readInt32BE(batch.length - 4) === 4;
}

function frame(type: string, body: Buffer): Buffer {
  const header = Buffer.alloc(5);
  header.write(type, 0, "latin1");
  header.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([header, body]);
}

function authentication(code: number, data: string): Buffer {
  const head = Buffer.alloc(4);
  head.writeInt32BE(code);
  return frame("R", Buffer.concat([head, Buffer.from(data)]));
}

export const authenticationSasl = () => authentication(10, "SCRAM-SHA-256\0\0");
export const authenticationSaslContinue = (data: string) => authentication(11, data);
export const authenticationSaslFinal = (data: string) => authentication(12, data);

/** The client-first-message of a SASLInitialResponse body, or null unless it picks SCRAM-SHA-256. */
export function readSaslInitialResponse(body: Buffer): string | null {
  const nul = body.indexOf(0);
  if (nul < 0 || body.subarray(0, nul).toString() !== "SCRAM-SHA-256" || body.length < nul + 5) return null;
  const length = body.readInt32BE(nul + 1);
  if (length < 0 || length !== body.length - nul - 5) return null;
  return body.subarray(nul + 5).toString();
}

export function errorResponse(error: WireError): Buffer {
  const field = (code: string, value: string) => `${code}${value.replaceAll("\0", "")}\0`;
  const body = field("S", "FATAL") + field("V", "FATAL") + field("C", error.sqlState) + field("M", error.message) + "\0";
  return frame("E", Buffer.from(body));
}
