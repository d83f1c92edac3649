import "server-only";
import { AppError } from "@/lib/errors/app-error";
import { toAppError } from "@/lib/errors/error-body";
import { requestCounters } from "@/lib/rate-limit/counter-store";
import { enforceRateLimit, rateLimitHeaders } from "@/lib/rate-limit/rate-limiter";
import { bridgeRules } from "@/lib/rate-limit/rules";
import { addressNetwork, clientIp } from "./client-ip";
import { errorResponse } from "./json";
import type { RouteExports } from "./endpoint-route";

/** Counts an unknown path against the client's public GET limit, by its network (probing costs like reading). */
export async function countUnknownPath(ip: string): Promise<Record<string, string>> {
  return rateLimitHeaders(await enforceRateLimit(requestCounters().publicGet, bridgeRules().publicGet, addressNetwork(ip), Math.floor(Date.now() / 1000)));
}

async function notFound(request: Request): Promise<Response> {
  try {
    const headers = await countUnknownPath(clientIp(request));
    return errorResponse(new AppError("NOT_FOUND", `No bridge route at ${request.method} ${new URL(request.url).pathname}`), headers);
  } catch (error) {
    return errorResponse(toAppError(error).appError);
  }
}

/** Every method of the /api fallback (app/api/[...path]/route.ts): 404 NOT_FOUND in the seed's body. */
export const unknownApiRoute: RouteExports = { GET: notFound, HEAD: notFound, OPTIONS: notFound, POST: notFound, PUT: notFound, PATCH: notFound, DELETE: notFound };
