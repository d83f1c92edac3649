import "server-only";
import { after } from "next/server";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { toAppError } from "@/lib/errors/error-body";
import { errorResponse } from "@/lib/http/json";
import { readBody } from "@/lib/http/request-body";
import { linkOrigin, misdirected } from "@/lib/http/public-origin";
import { logError } from "@/lib/log";
import { clientNetwork } from "@/lib/http/client-ip";
import { requestCounters } from "@/lib/rate-limit/counter-store";
import { enforceRateLimit, rateLimitHeaders } from "@/lib/rate-limit/rate-limiter";
import { bridgeRules } from "@/lib/rate-limit/rules";
import { acceptHubRequest, parseHubRequest } from "./subscribe";

const MAX_BODY_BYTES = 8 * 1024;

/** POST /websub — a subscriber's subscribe or unsubscribe request (W3C WebSub §5.1), answered 202; intent is verified afterwards. */
export async function serveHubRequest(request: Request): Promise<Response> {
  let headers: Record<string, string> = {};
  try {
    // each request may write a subscription and makes the hub call out: an unsigned write, limited per IP
    headers = rateLimitHeaders(await enforceRateLimit(requestCounters().write, bridgeRules().write, `ip:${clientNetwork(request)}`, Math.floor(Date.now() / 1000)));
    const origin = linkOrigin(request);
    if (origin === undefined) throw misdirected();
    if (!(request.headers.get("content-type") ?? "").toLowerCase().startsWith("application/x-www-form-urlencoded")) {
      throw new AppError("UNSUPPORTED_MEDIA_TYPE", "A hub request is a form: send Content-Type application/x-www-form-urlencoded");
    }
    // read at most the cap: a longer (or endless) body is refused at its first byte past it, never buffered whole
    const text = await readBody(request, MAX_BODY_BYTES);
    const accepted = await acceptHubRequest(db(), parseHubRequest(new URLSearchParams(text)), origin, Math.floor(Date.now() / 1000));
    after(() => accepted.verify().catch((error: unknown) => logError("websub", error, { what: "verifying intent" })));
    return new Response(null, { status: 202, headers });
  } catch (error) {
    const { appError, unexpected } = toAppError(error);
    if (unexpected) logError("websub", error, { what: "hub request" });
    return errorResponse(appError, headers);
  }
}
