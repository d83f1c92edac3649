import "server-only";
import type { Endpoint } from "@/lib/endpoints/define";
import { metrics } from "@/lib/metrics/metrics";
import { cachePolicy } from "@/lib/http/cache-policy";
import { entityTag, ifNoneMatchHits } from "@/lib/http/conditional";
import { jsonTextAnswer, type Answer } from "@/lib/http/json";
import { rememberedAnswers, type RememberedAnswer } from "@/lib/http/remembered-answers";
import type { RequestHead } from "@/lib/http/request-head";

// The conditional stage of anonymous reads whose descriptor says `conditional`: before the handler,
// a remembered answer of the same database generation (a 304 to a matching If-None-Match, else the
// remembered body); after it, the ETag and Cache-Control of what the handler read, a 304 without
// building the body when If-None-Match names it, and the answer remembered for the next request.
//
// An answer that expires (PostgreSQL's bound) is built again ahead of its expiry: in the last quarter
// of its life the first request for it builds it while every other request is still given the
// remembered one. Without that, every connection asking for a popular URL at the moment it expired
// would wait for the one build (issue 30's tail). The bound is unchanged: an answer is never given
// after its own expiry, and a write still ends it at once.

export type ConditionalResult = { version: unknown; settled: boolean; rowsAlone: boolean };

// per module copy (Next's bundle and the process entry each hold one); both are right, each for its own answers
const remembered = rememberedAnswers();
const keyOf = (request: RequestHead, origin: string) => `${request.url} ${origin}`;

// Requests for the same key at the same generation that arrive while its answer is being built (a
// thousand live pages reading a capsule after its vote's push) wait for that one build and take its
// remembered answer instead of each reading the rows.
const building = new Map<string, { generation: string; done: Promise<void> }>();

/** The share of a remembered answer's life at whose end one request builds it again. */
const REFRESH_AHEAD = 0.25;

export type Lifetime = { expiresAt: number; refreshAt: number };

/** When an answer whose generation was read at `readAt` expires, and from when it is built again ahead of that. */
export function lifetimeOf(rememberMs: number, readAt: number): Lifetime {
  return { expiresAt: readAt + rememberMs, refreshAt: readAt + Math.floor(rememberMs * (1 - REFRESH_AHEAD)) };
}

/**
 * The remembered answer for this request at this generation, or undefined. `undefined` is also the
 * answer when it is time to build it again ahead of its expiry and no other request is doing so:
 * the caller then builds it (having marked that with `buildStarted`), everyone else keeps getting it.
 */
export function rememberedAnswer(
  endpoint: Endpoint,
  request: RequestHead,
  origin: string,
  generation: string,
  headers: Record<string, string>,
  now = Date.now(),
): Answer | undefined {
  const key = keyOf(request, origin);
  const known = remembered.get(key, generation, now);
  if (!known) return undefined;
  if (known.refreshAt !== undefined && now >= known.refreshAt && building.get(key)?.generation !== generation) {
    metrics().httpRememberedRefreshes.inc({ route: endpoint.path });
    return undefined;
  }
  return answerOf(endpoint, request, known, headers);
}

/**
 * The remembered answer, refresh window or not, while it has not expired: what a request that was
 * building it again ahead of its expiry answers when that build failed (the database went away for a
 * moment). The answer is one the bound still allows; the error would have been worse news, and wrong.
 */
export function rememberedDespiteFailedBuild(endpoint: Endpoint, request: RequestHead, origin: string, generation: string, headers: Record<string, string>, now = Date.now()): Answer | undefined {
  const known = remembered.get(keyOf(request, origin), generation, now);
  return known ? answerOf(endpoint, request, known, headers) : undefined;
}

function answerOf(endpoint: Endpoint, request: RequestHead, known: RememberedAnswer, headers: Record<string, string>): Answer | undefined {
  const caching = { etag: known.etag, "cache-control": known.cacheControl };
  if (ifNoneMatchHits(request.headers.get("if-none-match"), known.etag)) {
    metrics().httpRememberedAnswers.inc({ route: endpoint.path, status: "304" });
    return { status: 304, headers: { ...headers, ...caching }, body: null };
  }
  if (known.body === undefined) return undefined;
  metrics().httpRememberedAnswers.inc({ route: endpoint.path, status: String(known.status) });
  return jsonTextAnswer(known.body, { status: known.status, headers: { ...headers, ...caching } });
}

/** Waits for a build of this request's answer at this generation already under way; false when there is none. */
export async function buildUnderWay(request: RequestHead, origin: string, generation: string): Promise<boolean> {
  const under = building.get(keyOf(request, origin));
  if (!under || under.generation !== generation) return false;
  await under.done;
  return true;
}

/** Marks this request as the one building its answer at this generation; call the answer once it is remembered or failed. */
export function buildStarted(request: RequestHead, origin: string, generation: string): () => void {
  const key = keyOf(request, origin);
  let finish = () => undefined as void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  building.set(key, { generation, done });
  return () => {
    if (building.get(key)?.done === done) building.delete(key);
    finish();
  };
}

export type Tagged = {
  caching: Record<string, string>;
  /** The 304 to answer without building the body (If-None-Match named this version). */
  notModified: Answer | undefined;
  /** Keeps the built answer for the next request of the same generation (rows-alone answers only). */
  remember: (status: number, body: string | undefined) => void;
};

/** ETag and Cache-Control over what the answer is built from and the request; a signed read (drafts) is never tagged. */
export function tagAnswer(
  endpoint: Endpoint,
  request: RequestHead,
  origin: string,
  result: ConditionalResult,
  generation: string | undefined,
  headers: Record<string, string>,
  lifetime?: Lifetime,
): Tagged {
  const policy = cachePolicy();
  const url = new URL(request.url);
  const etag = entityTag([policy.buildId, endpoint.id, url.pathname, url.search, origin, result.version]);
  const caching = { etag, "cache-control": result.settled ? policy.settled : policy.changing };
  const key = keyOf(request, origin);
  const remember =
    generation !== undefined && result.rowsAlone
      ? (status: number, body: string | undefined) => remembered.set(key, { generation, etag, cacheControl: caching["cache-control"], status, body, ...lifetime })
      : () => undefined;
  if (!ifNoneMatchHits(request.headers.get("if-none-match"), etag)) return { caching, notModified: undefined, remember };
  remember(endpoint.status ?? 200, undefined);
  return { caching, notModified: { status: 304, headers: { ...headers, ...caching }, body: null }, remember };
}
