import "server-only";
import type { Address } from "viem";
import { config } from "@/lib/config/config";
import type { Db } from "@/lib/db/database";
import { DRAFT_READ_ACTION, type Endpoint, type SignedEndpoint } from "@/lib/endpoints/define";
import { AppError } from "@/lib/errors/app-error";
import type { RequestCounters } from "@/lib/rate-limit/counter-store";
import { enforceRateLimit, rateLimitHeaders } from "@/lib/rate-limit/rate-limiter";
import type { bridgeRules } from "@/lib/rate-limit/rules";
import { uploadBodyLimit } from "@/lib/vault/upload-body-limit";
import type { RequestHead } from "@/lib/http/request-head";
import { readJsonBody } from "@/lib/http/request-body";
import { authenticateRead, authenticateSigned } from "@/lib/http/signed-request";

// Stage 1 of the route wrapper: limit and authenticate, in the order that spends the least on a
// request that will fail (lib/http/signed-request.ts says the order for signed writes).

export type Admitted = {
  /** Rate-limit headers every answer carries from here on (and Vary on signed reads). */
  headers: Record<string, string>;
  /** The signed wallet of a write (the zero address otherwise) and the session it came from (`ip:<client network>` otherwise). */
  wallet: Address;
  sessionId: string;
  rawBody: string;
  /** A signed read's wallet (reads that can show drafts); undefined: anonymous. */
  reader: Address | undefined;
};

type Context = {
  db: Db;
  counters: RequestCounters;
  rules: ReturnType<typeof bridgeRules>;
  /** The client's network (lib/http/client-ip.ts `addressNetwork`): the key of the per-client limits. */
  network: string;
  now: number;
};

const ZERO = "0x0000000000000000000000000000000000000000" as Address;
const isSigned = (endpoint: Endpoint): endpoint is SignedEndpoint => endpoint.action !== undefined;

export async function admit(endpoint: Endpoint, request: Request | RequestHead, ctx: Context): Promise<Admitted> {
  const { db, counters, rules, network, now } = ctx;
  if (request.method === "GET" || request.method === "HEAD") {
    let headers = rateLimitHeaders(await enforceRateLimit(counters.publicGet, rules.publicGet, network, now));
    let reader: Address | undefined;
    if (endpoint.privateDrafts) {
      headers = { ...headers, Vary: "Authorization" };
      reader = await authenticateRead({ db, counters, rules, action: DRAFT_READ_ACTION, request, network, now });
    }
    return { headers, wallet: ZERO, sessionId: `ip:${network}`, rawBody: "", reader };
  }
  const cfg = config();
  const maxBodyBytes = endpoint.bodyLimit === "vault-upload" ? uploadBodyLimit(cfg.CAPSULE_VAULT_MAX_BYTES) : cfg.CAPSULE_MAX_BODY_BYTES;
  // only Next hands over writes; the fast path answers GETs alone
  if (!(request instanceof Request)) throw new AppError("INTERNAL_ERROR", "The server could not complete the request");
  if (isSigned(endpoint)) {
    const signed = await authenticateSigned({ db, counters, rules, endpoint, request, network, now, maxBodyBytes });
    return { ...signed, reader: undefined };
  }
  const headers = rateLimitHeaders(await enforceRateLimit(counters.write, rules.write, `ip:${network}`, now));
  return { headers, wallet: ZERO, sessionId: `ip:${network}`, rawBody: await readJsonBody(request, maxBodyBytes), reader: undefined };
}
