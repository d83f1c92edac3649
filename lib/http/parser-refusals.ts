import type http from "node:http";
import type { Socket } from "node:net";

// Node's own answers to a request its parser refused (headers too large, too slow, not HTTP) are a
// bare status line without a body. Both listeners of the project — the web server
// (server/http/connection-guard.ts) and the bounty read service (bounty/server.ts) — answer them
// instead through this module, each in its own error shape, with the headers every answer carries,
// and close the connection.

export type ParserRefusal = {
  /** The status line's code and reason. */
  statusCode: number;
  reason: string;
  /** What went wrong, in the web server's error codes (docs/API.md, "Errors"). */
  code: "REQUEST_TIMEOUT" | "REQUEST_HEADERS_TOO_LARGE" | "PAYLOAD_TOO_LARGE" | "VALIDATION_ERROR";
  /** Node's error code, for a caller with an answer of its own for some (the bounty service's 405). */
  nodeCode: string | undefined;
};

const REFUSALS: Record<string, Omit<ParserRefusal, "nodeCode">> = {
  ERR_HTTP_REQUEST_TIMEOUT: { statusCode: 408, reason: "Request Timeout", code: "REQUEST_TIMEOUT" },
  HPE_HEADER_OVERFLOW: { statusCode: 431, reason: "Request Header Fields Too Large", code: "REQUEST_HEADERS_TOO_LARGE" },
  HPE_CHUNK_EXTENSIONS_OVERFLOW: { statusCode: 413, reason: "Payload Too Large", code: "PAYLOAD_TOO_LARGE" },
};
const MALFORMED: Omit<ParserRefusal, "nodeCode"> = { statusCode: 400, reason: "Bad Request", code: "VALIDATION_ERROR" };

/** What a parser error answers (400 for any error not named above). */
export function parserRefusal(nodeCode: string | undefined): ParserRefusal {
  return { ...(REFUSALS[nodeCode ?? ""] ?? MALFORMED), nodeCode };
}

/** A whole raw JSON answer that closes the connection: status line, the headers every answer carries, body. */
export function rawJsonAnswer(statusCode: number, reason: string, body: unknown, headers: Record<string, string> = {}): string {
  const payload = JSON.stringify(body);
  return [
    `HTTP/1.1 ${statusCode} ${reason}`,
    "Content-Type: application/json; charset=utf-8",
    `Content-Length: ${Buffer.byteLength(payload)}`,
    "Cache-Control: no-store",
    "X-Content-Type-Options: nosniff",
    "Referrer-Policy: same-origin",
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    "Connection: close",
    "",
    payload,
  ].join("\r\n");
}

/**
 * Node's slow-client bounds on `server` (call before it listens): the headers within `headersTimeoutMs`,
 * the whole request within `requestTimeoutMs`, else 408; checked every quarter of the headers'
 * time (0.25..1 s) rather than Node's default 30 s, so the timeouts mean what they say.
 */
export function applyRequestTimeouts(server: http.Server, headersTimeoutMs: number, requestTimeoutMs: number): void {
  server.requestTimeout = requestTimeoutMs;
  server.headersTimeout = Math.min(headersTimeoutMs, requestTimeoutMs);
  (server as http.Server & { connectionsCheckingInterval?: number }).connectionsCheckingInterval = Math.max(250, Math.min(1000, Math.floor(server.headersTimeout / 4)));
}

export type ParserRefusalAnswer = { statusCode: number; reason: string; body: unknown; headers?: Record<string, string> };

/**
 * Replaces Node's bare answers to client errors on `server`: `answer` renders a refusal in the
 * listener's error shape; `onError` sees every client error first (the web server counts timeouts).
 * A reset, a socket no longer writable or an answer already under way is closed without a word.
 */
export function answerParserRefusals(
  server: http.Server,
  answer: (refusal: ParserRefusal) => ParserRefusalAnswer,
  onError?: (error: NodeJS.ErrnoException) => void,
): void {
  server.on("clientError", (error: NodeJS.ErrnoException, socket: Socket) => {
    onError?.(error);
    const answering = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
    if (error.code === "ECONNRESET" || !socket.writable || answering?.headersSent) {
      socket.destroy();
      return;
    }
    const reply = answer(parserRefusal(error.code));
    socket.end(rawJsonAnswer(reply.statusCode, reply.reason, reply.body, reply.headers));
    setTimeout(() => socket.destroy(), 1000).unref(); // a client that never reads its answer
  });
}
