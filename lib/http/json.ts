import { AppError } from "@/lib/errors/app-error";
import { errorBody } from "@/lib/errors/error-body";

/**
 * An answer before it is sent: the route wrapper makes these, Next's route handlers send them as a
 * web Response, the process entry's fast path (server/http/fast-reads.ts) writes them to the socket.
 */
export type Answer = { status: number; headers: Record<string, string>; body: string | null };

export function jsonAnswer(data: unknown, init: { status?: number; headers?: Record<string, string> } = {}): Answer {
  return jsonTextAnswer(JSON.stringify(data), init);
}

/** An answer of JSON already serialized (a remembered answer's text). */
export function jsonTextAnswer(text: string, init: { status?: number; headers?: Record<string, string> } = {}): Answer {
  return {
    status: init.status ?? 200,
    headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store", ...init.headers },
    body: text,
  };
}

export function errorAnswer(error: AppError, headers: Record<string, string> = {}): Answer {
  return jsonAnswer(errorBody(error), { status: error.statusCode, headers: { ...headers, ...error.headers } });
}

export const toResponse = (answer: Answer): Response => new Response(answer.body, { status: answer.status, headers: answer.headers });

export function jsonResponse(data: unknown, init: { status?: number; headers?: Record<string, string> } = {}): Response {
  return toResponse(jsonAnswer(data, init));
}

export function errorResponse(error: AppError, headers: Record<string, string> = {}): Response {
  return toResponse(errorAnswer(error, headers));
}
