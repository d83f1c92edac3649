import type { IncomingMessage, ServerResponse } from "node:http";
import { performance } from "node:perf_hooks";
import { accessLogger } from "@/lib/log";
import { metrics } from "@/lib/metrics/metrics";
import { requestIdFrom, runWithRequest } from "@/lib/request-context";

// Around every request the custom server answers: an X-Request-Id (the client's when well-formed,
// else a new one) echoed in the response and set on every log line made while serving it, one
// access line when it ends, and the HTTP request counter and duration histogram.
const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/** Bounded method label: the usual verbs, everything else as OTHER. */
export const methodLabel = (method: string | undefined) => (method && METHODS.has(method) ? method : "OTHER");

/** The path without query string (the query may hold values that do not belong in logs). */
export function pathOf(url: string | undefined): string {
  const raw = url ?? "/";
  const path = /^[a-z]+:\/\//i.test(raw) ? raw.replace(/^[a-z]+:\/\/[^/]*/i, "") || "/" : raw;
  return (path.split(/[?#]/)[0] ?? "/").slice(0, 256);
}

export type Outcome = { status: number; aborted: boolean };

/** Counts, times and logs one exchange; status 499 when the client went away before the answer ended. */
export function recordExchange(fields: { requestId: string; method: string; route: string; path: string; ip: string; startedAt: number }, outcome: Outcome) {
  const seconds = (performance.now() - fields.startedAt) / 1000;
  const method = methodLabel(fields.method);
  const { httpRequests, httpDuration } = metrics();
  httpRequests.inc({ route: fields.route, method, status: String(outcome.status) });
  httpDuration.observe({ route: fields.route, method }, seconds);
  accessLogger().info(
    {
      scope: "http",
      reqId: fields.requestId,
      method: fields.method,
      route: fields.route,
      path: fields.path,
      status: outcome.status,
      durationMs: Math.round(seconds * 10_000) / 10,
      ip: fields.ip,
      ...(outcome.aborted ? { aborted: true } : {}),
    },
    "request",
  );
}

export type Observer = {
  /** Runs `handle` inside the request's context and records the exchange when the response ends. */
  request(req: IncomingMessage, res: ServerResponse, ip: string, handle: (route: string) => unknown): void;
  /** Requests started and not yet answered. */
  inFlight(): number;
  /** From now on every answer carries Connection: close (the server is draining). */
  draining(): void;
};

export function createObserver(matchRoute: (pathname: string) => string): Observer {
  const active = new Set<ServerResponse>();
  let closing = false;
  return {
    request(req, res, ip, handle) {
      const startedAt = performance.now();
      const path = pathOf(req.url);
      const route = matchRoute(path);
      const requestId = requestIdFrom(req.headers["x-request-id"]);
      req.headers["x-request-id"] = requestId;
      res.setHeader("X-Request-Id", requestId);
      if (closing) res.setHeader("Connection", "close");
      active.add(res);
      let done = false;
      const finish = (aborted: boolean) => {
        if (done) return;
        done = true;
        active.delete(res);
        recordExchange({ requestId, method: req.method ?? "", route, path, ip, startedAt }, { status: aborted ? 499 : res.statusCode, aborted });
      };
      res.once("finish", () => finish(false));
      res.once("close", () => finish(!res.writableFinished));
      runWithRequest({ requestId, method: req.method ?? "", route }, () => handle(route));
    },
    inFlight: () => active.size,
    draining: () => {
      closing = true;
      // Answers still to come close their connection too, so clients do not reuse it.
      for (const res of active) if (!res.headersSent) res.setHeader("Connection", "close");
    },
  };
}
