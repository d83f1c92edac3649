import "server-only";
import type { z } from "zod";
import type { Address } from "viem";
import { config } from "@/lib/config/config";
import { database as databaseHandle, db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { toAppError } from "@/lib/errors/error-body";
import { allowOf } from "@/lib/endpoints/route-table";
import { DRAFT_READ_ACTION, type BodySchemaOf, type Endpoint, type ParamsSchemaOf, type QuerySchemaOf, type SignedEndpoint } from "@/lib/endpoints/define";
import { logError } from "@/lib/log";
import { metrics } from "@/lib/metrics/metrics";
import { requestCounters } from "@/lib/rate-limit/counter-store";
import { enforceRateLimit, rateLimitHeaders } from "@/lib/rate-limit/rate-limiter";
import { bridgeRules } from "@/lib/rate-limit/rules";
import { uploadBodyLimit } from "@/lib/services/vault/vault";
import { getVisibleCapsuleOrThrow, viewerOf, type Viewer } from "@/lib/db/draft-visibility";
import type { CapsuleRow } from "@/lib/db/tables/capsules.table";
import { cachePolicy } from "./cache-policy";
import { clientIp } from "./client-ip";
import { entityTag, ifNoneMatchHits } from "./conditional";
import { rememberedAnswers } from "./remembered-answers";
import type { RequestHead } from "./request-head";
import { linkOrigin } from "./public-origin";
import { enforceRoles, type AccessSubject } from "./enforce-roles";
import { errorAnswer, errorResponse, jsonAnswer, jsonTextAnswer, toResponse, type Answer } from "./json";
import { parseInput, pathParams, queryObject } from "./parse-input";
import { parseJson, readBody } from "./request-body";
import { authenticateRead, authenticateSigned, countAuthFailure } from "./signed-request";

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

/** ETag and Cache-Control of an anonymous conditional read; signed reads (drafts) are never tagged. */
function cacheHeadersOf(endpoint: Endpoint, request: RequestHead, origin: string, answer: Conditional): { etag: string; "cache-control": string } {
  const policy = cachePolicy();
  const url = new URL(request.url);
  const etag = entityTag([policy.buildId, endpoint.id, url.pathname, url.search, origin, answer.version]);
  return { etag, "cache-control": answer.settled ? policy.settled : policy.changing };
}

// per module copy (Next's bundle and the process entry each hold one); both are right, each for its own answers
const remembered = rememberedAnswers();
const tagKeyOf = (request: RequestHead, origin: string) => `${request.url} ${origin}`;

type RawParams = Record<string, string | string[] | undefined>;
type NextContext = { params?: Promise<RawParams> } | undefined;
type RouteHandler = (request: Request, context: NextContext) => Promise<Response>;
/**
 * An endpoint with its handler: `run` is the Next route handler; `answer` is the same work without
 * the web Response (the process entry's fast path writes it to the socket itself). A handler that
 * returns raw bytes answers its Response as is.
 */
export type Served = { endpoint: Endpoint; run: RouteHandler; answer: (request: Request | RequestHead, params: RawParams) => Promise<Answer | Response> };

const ZERO = "0x0000000000000000000000000000000000000000" as Address;
const isReply = (value: unknown): value is Reply<unknown> => typeof value === "object" && value !== null && REPLY in value;
const isSigned = (endpoint: Endpoint): endpoint is SignedEndpoint => endpoint.action !== undefined;

/**
 * The route wrapper: rate limits, authenticates (header shape before the body), parses params,
 * query and body, enforces the declared roles, calls the handler and parses its answer with the
 * response schema. Errors are rendered in the seed's body; every 401 counts against the client IP.
 */
export function serve<E extends Endpoint>(endpoint: E, handler: EndpointHandler<E>): Served {
  const answer = async (request: Request | RequestHead, rawParams: RawParams): Promise<Answer | Response> => {
    let headers: Record<string, string> = {};
    const counters = requestCounters();
    const rules = bridgeRules();
    const now = Math.floor(Date.now() / 1000);
    const ip = clientIp(request);
    // read before any row: an answer built after it is at least as new as it says
    const generation = endpoint.conditional && config().CAPSULE_HTTP_REMEMBER === "1" ? databaseHandle().generation?.() : undefined;
    try {
      const cfg = config();
      const database = db();
      let wallet = ZERO;
      let sessionId = `ip:${ip}`;
      let rawBody = "";
      let reader: Address | undefined;
      let origin: string | undefined; // the links' origin (part of cache keys and tags), once it is needed; "-" when none fits
      if (request.method === "GET" || request.method === "HEAD") {
        headers = rateLimitHeaders(await enforceRateLimit(counters.publicGet, rules.publicGet, ip, now));
        if (endpoint.privateDrafts) {
          headers = { ...headers, Vary: "Authorization" };
          reader = await authenticateRead({ db: database, counters, rules, action: DRAFT_READ_ACTION, request, ip, now });
        }
        if (!reader && generation !== undefined) origin = linkOrigin(request) ?? "-";
        const known = origin !== undefined && generation !== undefined ? remembered.get(tagKeyOf(request, origin), generation) : undefined;
        if (known) {
          const caching = { etag: known.etag, "cache-control": known.cacheControl };
          if (ifNoneMatchHits(request.headers.get("if-none-match"), known.etag)) {
            metrics().httpRememberedAnswers.inc({ route: endpoint.path, status: "304" });
            return { status: 304, headers: { ...headers, ...caching }, body: null };
          }
          if (known.body !== undefined) {
            metrics().httpRememberedAnswers.inc({ route: endpoint.path, status: String(known.status) });
            return jsonTextAnswer(known.body, { status: known.status, headers: { ...headers, ...caching } });
          }
        }
      } else {
        const maxBodyBytes = endpoint.bodyLimit === "vault-upload" ? uploadBodyLimit(cfg.CAPSULE_VAULT_MAX_BYTES) : cfg.CAPSULE_MAX_BODY_BYTES;
        // only Next hands over writes; the fast path answers GETs alone
        if (!(request instanceof Request)) throw new AppError("INTERNAL_ERROR", "The server could not complete the request");
        if (isSigned(endpoint)) {
          const signed = await authenticateSigned({ db: database, counters, rules, endpoint, request, ip, now, maxBodyBytes });
          ({ wallet, sessionId, rawBody, headers } = signed);
        } else {
          headers = rateLimitHeaders(await enforceRateLimit(counters.write, rules.write, `ip:${ip}`, now));
          rawBody = await readBody(request, maxBodyBytes);
        }
      }

      const params = endpoint.params ? parseInput(endpoint.params, pathParams(rawParams), "input") : undefined;
      const query = endpoint.query ? parseInput(endpoint.query, queryObject(new URL(request.url).searchParams), "query") : undefined;
      const body = endpoint.body ? parseInput(endpoint.body, parseJson(rawBody), "body") : undefined;
      const access = endpoint.roles ? await enforceRoles(database, endpoint.roles, { params, body, wallet }) : {};
      const viewer = endpoint.privateDrafts ? await viewerOf(database, reader) : undefined;
      const capsuleParam = endpoint.privateDrafts?.capsuleParam;
      const capsule = capsuleParam ? await getVisibleCapsuleOrThrow(database, Number((params as Record<string, unknown>)[capsuleParam]), viewer) : undefined;
      const signal = request instanceof Request ? request.signal : undefined;
      const ctx = { request, signal, params, query, body, ip, now, wallet, sessionId, access, viewer, capsule } as EndpointContext<E>;
      let result = await handler(ctx);
      if (result instanceof Response) return result;
      let caching: Record<string, string> = {};
      let remember: ((status: number, body: string | undefined) => void) | undefined;
      if (isConditional(result)) {
        if (!reader) {
          origin ??= linkOrigin(request) ?? "-";
          const tagged = cacheHeadersOf(endpoint, request, origin, result);
          caching = tagged;
          if (generation !== undefined && result.rowsAlone) {
            const key = tagKeyOf(request, origin);
            remember = (status, body) => remembered.set(key, { generation, etag: tagged.etag, cacheControl: tagged["cache-control"], status, body });
          }
          if (ifNoneMatchHits(request.headers.get("if-none-match"), tagged.etag)) {
            remember?.(endpoint.status ?? 200, undefined);
            return { status: 304, headers: { ...headers, ...caching }, body: null };
          }
        }
        result = await result.build();
      }
      const status = isReply(result) ? result.status : (endpoint.status ?? 200);
      const parsed = endpoint.response.safeParse(isReply(result) ? result.body : result);
      if (!parsed.success) {
        logError("route", parsed.error, { endpoint: endpoint.id, problem: "the handler's answer does not match its response schema" });
        throw new AppError("INTERNAL_ERROR", "The server could not complete the request");
      }
      // a signed read may hold drafts: never stored by a shared cache, and keyed on the token by any cache
      const privacy: Record<string, string> = reader ? { "cache-control": "private, no-store" } : caching;
      const answered = jsonAnswer(parsed.data, { status, headers: { ...headers, ...privacy } });
      remember?.(status, answered.body ?? undefined);
      return answered;
    } catch (error) {
      const { appError, unexpected } = toAppError(error);
      if (unexpected) logError("route", error, { method: request.method, endpoint: endpoint.id });
      if (appError.statusCode === 401) await countAuthFailure(counters, rules, ip, now).catch((e: unknown) => logError("route", e, { what: "count a failed authentication" }));
      return errorAnswer(appError, headers);
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
    const limit = await enforceRateLimit(requestCounters().publicGet, bridgeRules().publicGet, clientIp(request), Math.floor(Date.now() / 1000));
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
