import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";
import { processHolder } from "@/lib/process-registry";

// The request a piece of code is running for, set by the custom server (server/http/observe.ts)
// around everything it does for one request. Kept in the process registry (lib/process-registry.ts): Next's route bundles and the
// tsx-loaded server entry are separate module graphs and must read the same store.
export type RequestContext = {
  /** The X-Request-Id echoed to the client and written on every log line of the request. */
  requestId: string;
  method: string;
  /** Route pattern (e.g. /api/capsules/:id), never the raw path. */
  route: string;
};

const shared = processHolder<{ capsuleRequestContext: AsyncLocalStorage<RequestContext> }>("requestContext");

function store(): AsyncLocalStorage<RequestContext> {
  shared.capsuleRequestContext ??= new AsyncLocalStorage<RequestContext>();
  return shared.capsuleRequestContext;
}

/** The current request, or undefined outside one (startup, indexer, background work). */
export function currentRequest(): RequestContext | undefined {
  return store().getStore();
}

/** The current request's id, for code that wants to put it somewhere other than a log line. */
export function currentRequestId(): string | undefined {
  return store().getStore()?.requestId;
}

export function runWithRequest<T>(context: RequestContext, fn: () => T): T {
  return store().run(context, fn);
}

const WELL_FORMED = /^[A-Za-z0-9._:-]{1,128}$/;

/** A client's X-Request-Id when it is 1–128 characters of [A-Za-z0-9._:-]; otherwise a new UUID. */
export function requestIdFrom(header: string | string[] | undefined): string {
  const value = Array.isArray(header) ? header[0] : header;
  return value !== undefined && WELL_FORMED.test(value) ? value : randomUUID();
}
