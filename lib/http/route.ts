import "server-only";
import { z } from "zod";
import type { Address } from "viem";
import { verifyActionToken } from "@/lib/auth/server/verify-action-token";
import type { ActionName } from "@/lib/auth/actions";
import { config } from "@/lib/config/config";
import { db } from "@/lib/db/client";
import { requestCounters } from "@/lib/rate-limit/counter-store";
import { AppError } from "@/lib/errors/app-error";
import { toAppError, zodIssues } from "@/lib/errors/error-body";
import { enforceRateLimit, rateLimitHeaders, type RateLimitRule } from "@/lib/rate-limit/rate-limiter";
import { bridgeRules } from "@/lib/rate-limit/rules";
import { clientIp } from "./client-ip";
import { errorResponse, jsonResponse } from "./json";
import { logError } from "@/lib/log";

type RouteParams = Record<string, string | string[] | undefined>;
type NextContext = { params?: Promise<RouteParams> } | undefined;

export type RouteContext<TBody, TQuery> = {
  request: Request;
  body: TBody;
  query: TQuery;
  params: Record<string, string>;
  ip: string;
  now: number;
  /** Set on signed routes: the wallet the action is for, and the session it came from. */
  wallet: Address;
  sessionId: string;
};

type RouteSpec<B extends z.ZodType | undefined, Q extends z.ZodType | undefined> = {
  /** Signed write routes name their action; the token must match it. */
  action?: ActionName;
  body?: B;
  query?: Q;
  status?: number;
  /** Body cap for this route when it differs from CAPSULE_MAX_BODY_BYTES (e.g. vault uploads). */
  maxBodyBytes?: number;
  /** Extra limits keyed by session (e.g. voting), on top of the general ones. */
  sessionRule?: (rules: ReturnType<typeof bridgeRules>) => RateLimitRule;
};

type Inferred<T> = T extends z.ZodType ? z.infer<T> : undefined;

function readParams(raw: RouteParams): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [key, value] of Object.entries(raw)) {
    if (typeof value === "string") params[key] = decodeURIComponent(value);
    else if (Array.isArray(value)) params[key] = value.map((v) => decodeURIComponent(v)).join("/");
  }
  return params;
}

async function readBody(request: Request, maxBytes: number): Promise<string> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > maxBytes) throw new AppError("PAYLOAD_TOO_LARGE", `Request body exceeds ${maxBytes} bytes`);
  const buffer = new Uint8Array(await request.arrayBuffer());
  if (buffer.byteLength > maxBytes) throw new AppError("PAYLOAD_TOO_LARGE", `Request body exceeds ${maxBytes} bytes`);
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(buffer);
  } catch {
    throw new AppError("VALIDATION_ERROR", "Request body is not valid UTF-8", { issues: [{ path: "(body)", message: "invalid UTF-8" }] });
  }
}

function parseJson(text: string): unknown {
  if (text.trim() === "") return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError("VALIDATION_ERROR", "Request body is not valid JSON", {
      issues: [{ path: "(body)", message: "malformed JSON" }],
    });
  }
}

function parseWith<T extends z.ZodType>(schema: T, input: unknown, where: "body" | "query"): z.infer<T> {
  const result = schema.safeParse(input);
  if (!result.success) {
    const issues = zodIssues(result.error).map((issue) => ({ ...issue, path: issue.path === "(root)" ? `(${where})` : issue.path }));
    throw new AppError("VALIDATION_ERROR", `Invalid ${where}: ${issues.map((i) => i.path).join(", ")}`, { issues });
  }
  return result.data;
}

/**
 * Wraps every bridge route handler: rate limits, verifies the action token on writes,
 * parses params, query and body with zod, and renders errors in the seed's shape.
 */
export function route<B extends z.ZodType | undefined = undefined, Q extends z.ZodType | undefined = undefined>(
  spec: RouteSpec<B, Q>,
  handler: (ctx: RouteContext<Inferred<B>, Inferred<Q>>) => Promise<unknown>,
) {
  return async (request: Request, context: NextContext): Promise<Response> => {
    let headers: Record<string, string> = {};
    try {
      const cfg = config();
      const database = db();
      const counters = requestCounters();
      const rules = bridgeRules();
      const now = Math.floor(Date.now() / 1000);
      const ip = clientIp(request);
      const url = new URL(request.url);
      const params = readParams((await context?.params) ?? {});

      let wallet = "0x0000000000000000000000000000000000000000" as Address;
      let sessionId = `ip:${ip}`;
      let rawBody: string | undefined;
      if (request.method === "GET" || request.method === "HEAD") {
        headers = rateLimitHeaders(await enforceRateLimit(counters.publicGet, rules.publicGet, ip, now));
      } else {
        rawBody = await readBody(request, spec.maxBodyBytes ?? cfg.CAPSULE_MAX_BODY_BYTES);
        if (spec.action) {
          const verified = await verifyActionToken(database, request.headers.get("authorization"), {
            action: spec.action,
            method: request.method,
            path: url.pathname,
            body: rawBody === "" ? undefined : rawBody,
          }, now);
          wallet = verified.wallet;
          sessionId = verified.sessionId;
          headers = rateLimitHeaders(await enforceRateLimit(counters.write, rules.write, sessionId, now));
          if (spec.sessionRule) await enforceRateLimit(counters.write, spec.sessionRule(rules), sessionId, now);
        } else {
          // unsigned writes (session sign-in) count per client IP
          headers = rateLimitHeaders(await enforceRateLimit(counters.write, rules.write, `ip:${ip}`, now));
        }
      }

      const query = spec.query ? parseWith(spec.query, Object.fromEntries(url.searchParams), "query") : undefined;
      const body = spec.body ? parseWith(spec.body, parseJson(rawBody ?? ""), "body") : undefined;
      const result = await handler({
        request,
        body: body as Inferred<B>,
        query: query as Inferred<Q>,
        params,
        ip,
        now,
        wallet,
        sessionId,
      });
      if (result instanceof Response) return result;
      return jsonResponse(result, { status: spec.status ?? 200, headers });
    } catch (error) {
      const { appError, unexpected } = toAppError(error);
      if (unexpected) logError("route", error, { method: request.method, path: new URL(request.url).pathname });
      return errorResponse(appError, headers);
    }
  };
}
