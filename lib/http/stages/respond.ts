import type { Endpoint } from "@/lib/endpoints/define";
import { AppError } from "@/lib/errors/app-error";
import { logError } from "@/lib/log";
import { jsonAnswer, type Answer } from "@/lib/http/json";

// The last stage: the handler's answer through the descriptor's response schema, so what leaves the
// server is the schema's output (a mismatch is a logged 500, never a leak of internal columns).

export function respond(endpoint: Endpoint, status: number, body: unknown, headers: Record<string, string>): Answer {
  const parsed = endpoint.response.safeParse(body);
  if (!parsed.success) {
    logError("route", parsed.error, { endpoint: endpoint.id, problem: "the handler's answer does not match its response schema" });
    throw new AppError("INTERNAL_ERROR", "The server could not complete the request");
  }
  return jsonAnswer(parsed.data, { status, headers });
}
