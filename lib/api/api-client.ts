// Browser-side calls to the bridge: parse the seed's error body into a readable ApiError.
export class ApiError extends Error {
  readonly code: string;
  readonly status: number;
  readonly issues: Array<{ path: string; message: string }>;
  /** The error body's extra fields (e.g. INSUFFICIENT_BOND's bondRequired and bonded, in wei). */
  readonly details: Record<string, unknown>;
  constructor(code: string, message: string, status: number, issues: Array<{ path: string; message: string }> = [], details: Record<string, unknown> = {}) {
    super(message);
    this.code = code;
    this.status = status;
    this.issues = issues;
    this.details = details;
  }
}

/** The seed's error body of a failed answer as an ApiError (a generic one when the body is not that). */
export async function parseError(response: Response): Promise<ApiError> {
  try {
    const body = (await response.json()) as { error?: unknown; message?: unknown; issues?: unknown; [field: string]: unknown };
    const code = typeof body.error === "string" ? body.error : "HTTP_ERROR";
    const message = typeof body.message === "string" ? body.message : `The server answered ${response.status}`;
    const issues = Array.isArray(body.issues) ? (body.issues as Array<{ path: string; message: string }>) : [];
    const { ok: _ok, error: _error, message: _message, statusCode: _statusCode, issues: _issues, ...details } = body;
    return new ApiError(code, message, response.status, issues, details);
  } catch {
    return new ApiError("HTTP_ERROR", `The server answered ${response.status}`, response.status);
  }
}
