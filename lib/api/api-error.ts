import { ERROR_CODES, type ErrorCode } from "@/lib/api/error-codes";

/** An expected failure: its code and description go to the client as they are. */
export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly headers: Record<string, string>;
  /** The envelope's `data`: empty, except where the contract puts something there (a draft's 409). */
  readonly data: Record<string, unknown>;

  constructor(code: ErrorCode, description?: string, headers: Record<string, string> = {}, data: Record<string, unknown> = {}) {
    super(description ?? ERROR_CODES[code].description);
    this.name = "ApiError";
    this.code = code;
    this.headers = headers;
    this.data = data;
  }

  get status(): number {
    return ERROR_CODES[this.code].status;
  }
}

export const badRequest = (description: string) => new ApiError(40000, description);
