import { AppError } from "@/lib/errors/app-error";
import { errorBody } from "@/lib/errors/error-body";

export function jsonResponse(data: unknown, init: { status?: number; headers?: Record<string, string> } = {}): Response {
  return new Response(JSON.stringify(data), {
    status: init.status ?? 200,
    headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store", ...init.headers },
  });
}

export function errorResponse(error: AppError, headers: Record<string, string> = {}): Response {
  return jsonResponse(errorBody(error), { status: error.statusCode, headers: { ...headers, ...error.headers } });
}
