// A refusal in HTTP's own terms, met before any use case ran or outside the domain: a request body
// too large for its bound or not readable as sent (lib/http/read-upload.ts), an image the proxy
// could not fetch (lib/media/fetch-remote-image.ts). It carries its status; domain errors
// (lib/errors.ts) carry a kind, and the error table (lib/http/error-table.ts) gives theirs.
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** Headers of this answer alone (a 416's Content-Range). */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = "HttpError";
  }
}
