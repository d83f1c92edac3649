import { route } from "@/lib/http/route";
import { config } from "@/lib/config/config";
import { BountyClientError, fetchBountyEvaluations, fetchBountyHealth, fetchBountyProposals } from "@/lib/bounty/client";
import { parseBountyListQuery } from "@/lib/schemas/bounty";

export const dynamic = "force-dynamic";

// Same-origin, read-only proxy to the bounty read service (it listens on loopback, so the browser
// cannot reach it). Answers are passed through unchanged, in the service's own shapes.

function bountyJson(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store", ...headers },
  });
}

function bountyBaseUrl(): string {
  const cfg = config();
  return cfg.BOUNTY_API_URL ?? `http://127.0.0.1:${cfg.BOUNTY_PORT}`;
}

async function forward(path: string, search: URLSearchParams): Promise<Response> {
  const options = { baseUrl: bountyBaseUrl(), signal: AbortSignal.timeout(10_000) };
  const query = parseBountyListQuery(search);
  try {
    if (path === "v1/bounty-proposals") return bountyJson(await fetchBountyProposals({ limit: query.limit, offset: query.offset }, options));
    if (path === "v1/bounty-evaluations") return bountyJson(await fetchBountyEvaluations(query, options));
    if (path === "health") return bountyJson(await fetchBountyHealth(options));
  } catch (error) {
    if (error instanceof BountyClientError) {
      const status = error.code === "invalid_response" ? 502 : error.status;
      return bountyJson({ error: { code: error.code } }, status);
    }
    return bountyJson({ error: { code: "bounty_service_unreachable" } }, 503);
  }
  return bountyJson({ error: { code: "not_found" } }, 404);
}

// GET /api/bounty/v1/bounty-proposals · /api/bounty/v1/bounty-evaluations · /api/bounty/health
export const GET = route({}, async ({ request, params }) => forward(params.path ?? "", new URL(request.url).searchParams));

// The service is read-only: every mutation method is refused, as the service itself does.
const methodNotAllowed = async () => bountyJson({ error: { code: "method_not_allowed" } }, 405, { allow: "GET, HEAD" });
export const POST = methodNotAllowed;
export const PUT = methodNotAllowed;
export const PATCH = methodNotAllowed;
export const DELETE = methodNotAllowed;
