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

/**
 * What a failed answer without the bridge's own error body means, in words: a gateway's page (502, 503, 504) when the
 * Capsule server behind it is down or restarting, another server failure, or any other status.
 */
export function statusInWords(status: number): string {
  if (status === 502 || status === 503 || status === 504) {
    return `The Capsule server is not answering right now (HTTP ${status}); it may be restarting. Try again in a minute.`;
  }
  if (status >= 500) return `The Capsule server failed while answering (HTTP ${status}). Try again in a moment; if it keeps failing, tell the site’s operator.`;
  return `The server answered HTTP ${status}.`;
}

/** The seed's error body of a failed answer as an ApiError (a generic one, in words, when the body is not that). */
export async function parseError(response: Response): Promise<ApiError> {
  try {
    const body = (await response.json()) as { error?: unknown; message?: unknown; issues?: unknown; [field: string]: unknown };
    const code = typeof body.error === "string" ? body.error : "HTTP_ERROR";
    const message = typeof body.message === "string" ? body.message : statusInWords(response.status);
    const issues = Array.isArray(body.issues) ? (body.issues as Array<{ path: string; message: string }>) : [];
    const { ok: _ok, error: _error, message: _message, statusCode: _statusCode, issues: _issues, ...details } = body;
    return new ApiError(code, message, response.status, issues, details);
  } catch {
    return new ApiError("HTTP_ERROR", statusInWords(response.status), response.status);
  }
}

/**
 * What a failed answer says to a person: the bridge's own message, except a rate limit (429), whose message is written
 * for API clients ("Rate limit exceeded: 100 requests per 60 s (bridge-get)") and is said in words, with the wait the
 * answer gave (its retryAfter, in seconds). The words name no window: limits run per minute or per hour, and are
 * counted per address or per wallet.
 */
export function apiErrorInWords(error: ApiError): string {
  if (error.status !== 429) return error.message;
  return `Too many requests: the server limits how often one address or wallet may ask. ${waitInWords(Number(error.details.retryAfter))}`;
}

function waitInWords(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds <= 0) return "Try again in a minute.";
  if (seconds < 120) return `Try again in ${seconds <= 1 ? "1 second" : `${Math.ceil(seconds)} seconds`}.`;
  return `Try again in ${Math.ceil(seconds / 60)} minutes.`;
}
