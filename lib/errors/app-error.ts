// The seed's error codes and their HTTP statuses (docs/ARCHITECTURE.md, "Errors, limits and lists"), in one table.
export const errorStatus = {
  UNAUTHORIZED: 401,
  INVALID_SIGNATURE: 401,
  FORBIDDEN: 403,
  INSUFFICIENT_BOND: 403,
  NOT_FOUND: 404,
  CAPSULE_NOT_FOUND: 404,
  OUTLET_NOT_FOUND: 404,
  ROLE_NOT_FOUND: 404,
  CASE_NOT_FOUND: 404,
  LISTING_NOT_FOUND: 404,
  VAULT_OBJECT_NOT_FOUND: 404,
  WEBHOOK_NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  MISDIRECTED_REQUEST: 421,
  CONFLICT: 409,
  VOTING_CLOSED: 409,
  OUTLET_NOT_ACTIVE: 409,
  OUTLET_NAME_TAKEN: 409,
  DRAFT_CHANGED: 409,
  INVALID_STATE: 409,
  REQUEST_TIMEOUT: 408,
  PAYLOAD_TOO_LARGE: 413,
  VAULT_QUOTA_EXCEEDED: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  VALIDATION_ERROR: 400,
  REQUEST_HEADERS_TOO_LARGE: 431,
  RATE_LIMITED: 429,
  PAYMENT_REQUIRED: 402,
  PAYMENT_INVALID: 422,
  LINK_NOT_FETCHED: 422,
  INTERNAL_ERROR: 500,
  BOUNTY_BAD_RESPONSE: 502,
  CHAIN_UNAVAILABLE: 503,
  SIGN_IN_UNAVAILABLE: 503,
  BOUNTY_SERVICE_UNREACHABLE: 503,
  BOUNTY_STATE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof errorStatus;

export type ValidationIssue = { path: string; message: string };

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly statusCode: number;
  readonly issues?: ValidationIssue[];
  readonly headers?: Record<string, string>;
  readonly details?: Record<string, unknown>;

  constructor(
    code: ErrorCode,
    message: string,
    options: { issues?: ValidationIssue[]; headers?: Record<string, string>; details?: Record<string, unknown> } = {},
  ) {
    super(message);
    this.name = "AppError";
    this.code = code;
    this.statusCode = errorStatus[code];
    this.issues = options.issues;
    this.headers = options.headers;
    this.details = options.details;
  }
}

export const notFound = (code: Extract<ErrorCode, `${string}NOT_FOUND`>, message: string) => new AppError(code, message);
