// Contract section 5: the only codes Agora answers with, and their HTTP status.
export const ERROR_CODES = {
  40000: { status: 400, description: "Bad request" },
  40100: { status: 401, description: "API key is required" },
  40101: { status: 401, description: "API key is invalid or revoked" },
  40102: { status: 401, description: "Authorization token is required" },
  40103: { status: 401, description: "Authorization token is invalid, expired or revoked" },
  40300: { status: 403, description: "Not allowed" },
  40400: { status: 404, description: "Not found" },
  40500: { status: 405, description: "Method not allowed" },
  40900: { status: 409, description: "Already taken" },
  41300: { status: 413, description: "Request body is too large" },
  42900: { status: 429, description: "Too many requests" },
  50000: { status: 500, description: "Internal server error" },
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;
export const SUCCESS_CODE = 20000;
