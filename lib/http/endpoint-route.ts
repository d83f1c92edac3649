import "server-only";
import type { z } from "zod";
import type { Address } from "viem";
import { config } from "@/lib/config/config";
import { database as databaseHandle, db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { toAppError } from "@/lib/errors/error-body";
import { allowOf } from "@/lib/endpoints/route-table";
import type { BodySchemaOf, Endpoint, ParamsSchemaOf, QuerySchemaOf } from "@/lib/endpoints/define";
import { logError } from "@/lib/log";
import { requestCounters } from "@/lib/rate-limit/counter-store";
import { enforceRateLimit, rateLimitHeaders } from "@/lib/rate-limit/rate-limiter";
import { bridgeRules } from "@/lib/rate-limit/rules";
import type { CapsuleRow } from "@/lib/db/tables/capsules.table";
import { addressNetwork, clientIp, clientNetwork } from "./client-ip";
import type { RequestHead } from "./request-head";
import { linkOrigin } from "./public-origin";
import { admit } from "./stages/admit";
import type { AccessSubject, Authorize, Viewer } from "./stages/authorize";
import { buildStarted, buildUnderWay, lifetimeOf, rememberedAnswer, rememberedDespiteFailedBuild, tagAnswer } from "./stages/conditional";
import { parseRequest } from "./stages/parse";
import { respond } from "./stages/respond";
import { errorAnswer, errorResponse, toResponse, type Answer } from "./json";
import { countAuthFailure } from "./signed-request";

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

export type EndpointContext<E extends Endpoint> = {
  request: RequestHead;
  /** Aborted when the client goes away (requests through Next; undefined on the fast path, which never streams). */
  signal: AbortSignal | undefined;
  params: Out<ParamsSchemaOf<E>>;
  query: Out<QuerySchemaOf<E>>;
  body: Out<BodySchemaOf<E>>;
  ip: string;
  now: number;
  /** Signed routes: the wallet the action is for and the session it came from (zero address / `ip:<ip>` otherwise). */
  wallet: Address;
  sessionId: string;
  /** The outlet and capsule the declared roles were checked against (empty without `roles`). */
  access: AccessSubject;
  /** `privateDrafts` reads: the signed reader and the outlets where it edits (undefined: anonymous). */
  viewer: Viewer;
  /** `privateDrafts` reads with a `capsuleParam`: the capsule row the viewer was checked against (handlers need not read it again). */
  capsule: CapsuleRow | undefined;
};

const REPLY = Symbol("reply");
export type Reply<T> = { [REPLY]: true; status: number; body: T };

/** An answer with another status than the descriptor's (one it lists in `alsoAnswers`). */
export function reply<T>(status: number, body: T): Reply<T> {
  return { [REPLY]: true, status, body };
}

/**
 * A handler answers the response body, a `reply(status, body)`, or raw bytes as a Response. The
 * body is typed `unknown` on purpose: services build it loosely and the wrapper parses it with the
 * descriptor's response schema, so what leaves the server is the schema's output (a mismatch is a
 * logged 500, never a leak of internal columns).
 */
export type EndpointHandler<E extends Endpoint> = (ctx: EndpointContext<E>) => Promise<unknown>;

const CONDITIONAL = Symbol("conditional");
export type Conditional = { [CONDITIONAL]: true; version: unknown; settled: boolean; build: () => unknown; rowsAlone: boolean };

/**
 * A conditional read (descriptor `conditional: true`): `version` is everything the answer is built
 * from (rows, already read), `build` makes the body. An anonymous GET gets a strong ETag over the
 * version and the request, and a 304 without `build` running when If-None-Match names it;
 * `settled` answers may be kept by shared caches for CAPSULE_HTTP_CACHE_MAX_AGE seconds.
 * `rowsAlone`: the answer depends on the database's rows and nothing else (no clock), so on embedded
 * SQLite it is remembered until any write: a matching If-None-Match gets its 304, and any other
 * anonymous GET the same body, without reading a row (remembered-answers.ts).
 */
export function conditional(version: unknown, settled: boolean, build: () => unknown, options: { rowsAlone?: boolean } = {}): Conditional {
  return { [CONDITIONAL]: true, version, settled, build, rowsAlone: options.rowsAlone === true };
}

const isConditional = (value: unknown): value is Conditional => typeof value === "object" && value !== null && CONDITIONAL in value;

type RawParams = Record<string, string | string[] | undefined>;
type NextContext = { params?: Promise<RawParams> } | undefined;
type RouteHandler = (request: Request, context: NextContext) => Promise<Response>;
/**
 * An endpoint with its handler: `run` is the Next route handler; `answer` is the same work without
 * the web Response (the process entry's fast path writes it to the socket itself). A handler that
 * returns raw bytes answers its Response as is.
 */
export type Served = { endpoint: Endpoint; run: RouteHandler; answer: (request: Request | RequestHead, params: RawParams) => Promise<Answer | Response> };

const isReply = (value: unknown): value is Reply<unknown> => typeof value === "object" && value !== null && REPLY in value;

/**
 * The route wrapper, as named stages (lib/http/stages): admit (rate limits and authentication, in the
 * order that spends least on a request that will fail), the conditional stage's remembered answer,
 * parse, authorize, the handler, the conditional stage's ETag and 304, respond (the response schema).
 * Errors are rendered in the seed's body; every 401 counts against the client's network (lib/http/client-ip.ts). `authorize` is
 * the stage a feature implements (features/serve.ts passes the roles feature's), so this wrapper
 * imports no feature.
 */
export function serveWith(authorize: Authorize) {
  return function serve<E extends Endpoint>(endpoint: E, handler: EndpointHandler<E>): Served {
    return served(authorize, endpoint, handler);
  };
}

function served<E extends Endpoint>(authorize: Authorize, endpoint: E, handler: EndpointHandler<E>): Served {
  const answer = async (request: Request | RequestHead, rawParams: RawParams): Promise<Answer | Response> => {
    let headers: Record<string, string> = {};
    const counters = requestCounters();
    const rules = bridgeRules();
    const now = Math.floor(Date.now() / 1000);
    const ip = clientIp(request);
    const network = addressNetwork(ip);
    // read before any row: an answer built after it is at least as new as it says
    const handle = endpoint.conditional && config().CAPSULE_HTTP_REMEMBER === "1" ? databaseHandle() : undefined;
    const generation = handle?.generation?.();
    // counted from the generation's read, so an answer is never older than the bound says
    const rememberMs = generation !== undefined ? handle?.rememberMs?.() : undefined;
    const lifetime = rememberMs !== undefined ? lifetimeOf(rememberMs, Date.now()) : undefined;
    let buildDone: (() => void) | undefined;
    // the links' origin (part of cache keys and tags), once it is needed; "-" when none fits
    let origin: string | undefined;
    try {
      const database = db();
      const admitted = await admit(endpoint, request, { db: database, counters, rules, network, now });
      headers = admitted.headers;
      const { wallet, sessionId, reader } = admitted;
      origin = !reader && generation !== undefined ? (linkOrigin(request) ?? "-") : undefined;
      if (origin !== undefined && generation !== undefined) {
        const known = rememberedAnswer(endpoint, request, origin, generation, headers);
        if (known) return known;
        if (await buildUnderWay(request, origin, generation)) {
          const built = rememberedAnswer(endpoint, request, origin, generation, headers);
          if (built) return built;
        } else {
          buildDone = buildStarted(request, origin, generation);
        }
      }
      const parsed = parseRequest(endpoint, request, rawParams, admitted.rawBody);
      const { access, viewer, capsule } = await authorize(database, endpoint, parsed, wallet, reader);
      const signal = request instanceof Request ? request.signal : undefined;
      const ctx = { request, signal, ...parsed, ip, now, wallet, sessionId, access, viewer, capsule } as EndpointContext<E>;
      let result = await handler(ctx);
      if (result instanceof Response) return result;
      let caching: Record<string, string> = {};
      let remember: ((status: number, body: string | undefined) => void) | undefined;
      if (isConditional(result)) {
        if (!reader) {
          origin ??= linkOrigin(request) ?? "-";
          const tagged = tagAnswer(endpoint, request, origin, result, generation, headers, lifetime);
          if (tagged.notModified) return tagged.notModified;
          ({ caching, remember } = tagged);
        }
        result = await result.build();
      }
      const status = isReply(result) ? result.status : (endpoint.status ?? 200);
      // a signed read may hold drafts: never stored by a shared cache, and keyed on the token by any cache
      const privacy: Record<string, string> = reader ? { "cache-control": "private, no-store" } : caching;
      const answered = respond(endpoint, status, isReply(result) ? result.body : result, { ...headers, ...privacy });
      remember?.(status, answered.body ?? undefined);
      return answered;
    } catch (error) {
      const { appError, unexpected } = toAppError(error);
      if (unexpected) logError("route", error, { method: request.method, endpoint: endpoint.id });
      // a build ahead of an answer's expiry that failed: the answer it was to replace is still within its bound
      const kept = unexpected && buildDone && origin !== undefined && generation !== undefined ? rememberedDespiteFailedBuild(endpoint, request, origin, generation, headers) : undefined;
      if (kept) return kept;
      if (appError.statusCode === 401) await countAuthFailure(counters, rules, network, now).catch((e: unknown) => logError("route", e, { what: "count a failed authentication" }));
      return errorAnswer(appError, headers);
    } finally {
      buildDone?.();
    }
  };
  const run: RouteHandler = async (request, context) => {
    const answered = await answer(request, (await context?.params) ?? {});
    return answered instanceof Response ? answered : toResponse(answered);
  };
  return { endpoint, run, answer };
}

const NEXT_METHODS = ["GET", "HEAD", "OPTIONS", "POST", "PUT", "PATCH", "DELETE"] as const;
export type RouteExports = Record<(typeof NEXT_METHODS)[number], RouteHandler>;

/** Answers that are not an endpoint's count like public GETs (per client IP). */
async function countedAnswer(request: Request, answer: (headers: Record<string, string>) => Response): Promise<Response> {
  try {
    const limit = await enforceRateLimit(requestCounters().publicGet, bridgeRules().publicGet, clientNetwork(request), Math.floor(Date.now() / 1000));
    return answer(rateLimitHeaders(limit));
  } catch (error) {
    const { appError, unexpected } = toAppError(error);
    if (unexpected) logError("route", error, { method: request.method });
    return errorResponse(appError);
  }
}

/**
 * Every method export of one route file: the served endpoints, HEAD from GET, OPTIONS (204 with
 * `Allow`), and 405 METHOD_NOT_ALLOWED with `Allow` for the rest, in the seed's error body.
 */
export function endpointRoutes(...served: Served[]): RouteExports {
  const byMethod = new Map(served.map((s) => [s.endpoint.method, s.run] as const));
  const allow = allowOf([...byMethod.keys()]);
  const path = served[0]?.endpoint.path ?? "/api";
  const notAllowed: RouteHandler = (request) =>
    countedAnswer(request, (headers) =>
      errorResponse(new AppError("METHOD_NOT_ALLOWED", `${request.method} is not allowed on ${path}; allowed: ${allow}`, { headers: { Allow: allow } }), headers),
    );
  const get = byMethod.get("GET");
  return {
    GET: get ?? notAllowed,
    HEAD: get ?? notAllowed,
    POST: byMethod.get("POST") ?? notAllowed,
    PUT: notAllowed,
    PATCH: notAllowed,
    DELETE: notAllowed,
    OPTIONS: (request) => countedAnswer(request, (headers) => new Response(null, { status: 204, headers: { ...headers, Allow: allow } })),
  };
}
