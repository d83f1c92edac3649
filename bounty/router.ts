import {
  bountyEvaluationPageSchema,
  bountyHealthSchema,
  bountyProposalPageSchema,
  parseBountyListQuery,
  type BountyErrorCode,
} from "@/features/bounty/bounty.schema";
import { BountyStateUnavailable, type BountyStore } from "./state-store";

// Routing of the bounty read service (seed "Bounty read service", docs/ARCHITECTURE.md, "Errors, limits and lists"), free of node:http so
// that it reads like the seed's table: method check, path, parse, read, answer through a schema.

export type BountyReply = { status: number; body: unknown; headers?: Record<string, string> };
export const ALLOWED_METHODS = "GET, HEAD";

const messages: Record<BountyErrorCode, string> = {
  bounty_state_unavailable: "The bounty state cannot be read",
  method_not_allowed: "The bounty service is read-only; use GET or HEAD",
  not_found: "No such route",
  bad_request: "The request could not be parsed",
  request_headers_too_large: "The request's headers are too large (16 KiB in all); send fewer or shorter headers",
  request_timeout: "The request's headers or body came too slowly",
  payload_too_large: "The request's chunk extensions are too large",
  internal_error: "The bounty service could not complete the request",
};

export function errorReply(status: number, code: BountyErrorCode): BountyReply {
  const headers = code === "method_not_allowed" ? { allow: ALLOWED_METHODS } : undefined;
  return { status, body: { error: { code, message: messages[code] } }, headers };
}

type Handler = (store: BountyStore, params: URLSearchParams) => Promise<BountyReply>;

const routes: Record<string, Handler> = {
  // GET /health — reads the configured state; 503 when it cannot
  "/health": async (store) => {
    const counts = await store.counts();
    return { status: 200, body: bountyHealthSchema.parse({ status: "ok", service: "capsule-bounty", ...counts }) };
  },
  // GET /v1/bounty-proposals — a page of proposals, oldest first
  "/v1/bounty-proposals": async (store, params) => {
    const { limit, offset } = parseBountyListQuery(params);
    const items = await store.listProposals({ limit, offset });
    return { status: 200, body: bountyProposalPageSchema.parse({ items, limit, offset }) };
  },
  // GET /v1/bounty-evaluations — a page of evaluations, oldest first; optional proposalId filter (an empty page when it names none)
  "/v1/bounty-evaluations": async (store, params) => {
    const { limit, offset, proposalId } = parseBountyListQuery(params);
    const items = await store.listEvaluations({ limit, offset, proposalId });
    return { status: 200, body: bountyEvaluationPageSchema.parse({ items, limit, offset }) };
  },
};

export type RouteOutcome = { reply: BountyReply; failure?: unknown };

/** Answers one request. `failure` carries the cause of a 503/500 for the caller to log. */
export async function routeBountyRequest(store: BountyStore, method: string, rawUrl: string): Promise<RouteOutcome> {
  // Read-only on every path, known or not: the method is checked before the path.
  if (method !== "GET" && method !== "HEAD") return { reply: errorReply(405, "method_not_allowed") };
  let url: URL;
  try {
    url = new URL(rawUrl, "http://bounty.invalid");
  } catch {
    return { reply: errorReply(400, "bad_request") };
  }
  // paths match exactly as sent: URL would resolve "/v1/../health" or "/v1\\bounty-proposals" to a route
  // (an absolute-form target, "http://host/health", is its path)
  const sentPath = rawUrl.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, "").split(/[?#]/)[0] || "/";
  const handler = sentPath === url.pathname && Object.hasOwn(routes, url.pathname) ? routes[url.pathname] : undefined;
  if (!handler) return { reply: errorReply(404, "not_found") };
  try {
    return { reply: await handler(store, url.searchParams) };
  } catch (error) {
    if (error instanceof BountyStateUnavailable) return { reply: errorReply(503, "bounty_state_unavailable"), failure: error };
    return { reply: errorReply(500, "internal_error"), failure: error };
  }
}
