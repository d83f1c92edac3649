import type { IncomingMessage, ServerResponse } from "node:http";
import { rateLimitHeaders } from "@/lib/rate-limit/rate-limiter";
import { logError } from "@/lib/log";
import { requestNetwork } from "./client-ip";
import { answerEntries } from "./dispatch";
import { errorForEach, methodsOf, parseJsonText, parsePayload } from "./envelope";
import { BodyTooLarge, corsHeaders, isJsonContentType, readBody, sendJson } from "./http-io";
import { RpcCode, RpcError, rpcError, type JsonRpcResponse } from "./json-rpc";
import type { RpcGatewayOptions } from "./options";
import { applyLimits, chargesFor, type Scope } from "./rate-limits";
import { forwardToUpstream } from "./upstream-http";

type Endpoint = { scope: Scope; upstream: string | undefined; name: string };

function endpointFor(pathname: string, options: RpcGatewayOptions): Endpoint | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  if (path === "/rpc") return { scope: "public", upstream: options.upstream.main, name: "rpc" };
  if (path === "/rpc/archive") return { scope: "service", upstream: options.upstream.archive ?? options.upstream.main, name: "archive" };
  if (path === "/rpc/testnet") return { scope: "service", upstream: options.upstream.testnet, name: "testnet" };
  return undefined;
}

const fail = (code: number, message: string) => rpcError(null, new RpcError(code, message));

// POST /rpc, /rpc/archive, /rpc/testnet — JSON-RPC 2.0 in front of the internal node.
export function createRpcHttpGateway(options: RpcGatewayOptions): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  const timeoutMs = options.upstreamTimeoutMs ?? 30_000;
  const { limits } = options;

  return async (req, res) => {
    try {
      const pathname = new URL(req.url ?? "/", "http://gateway.invalid").pathname;
      const endpoint = endpointFor(pathname, options);
      if (!endpoint) return sendJson(res, 404, fail(RpcCode.METHOD_NOT_FOUND, `not found: no JSON-RPC endpoint at ${pathname}`));
      if (req.method === "OPTIONS") {
        res.writeHead(204, corsHeaders);
        return void res.end();
      }
      if (req.method !== "POST") {
        return sendJson(res, 405, fail(RpcCode.INVALID_REQUEST, "invalid request: JSON-RPC requests are sent with POST"), { Allow: "POST, OPTIONS" });
      }
      const upstream = endpoint.upstream;
      if (!upstream) return sendJson(res, 503, fail(RpcCode.INTERNAL_ERROR, `${endpoint.name} RPC is not configured on this server`));
      if (!isJsonContentType(req)) {
        return sendJson(res, 415, fail(RpcCode.INVALID_REQUEST, "unsupported media type: send Content-Type: application/json"));
      }
      let text: string;
      try {
        text = await readBody(req, limits.maxBodyBytes);
      } catch (error) {
        if (error instanceof BodyTooLarge) {
          return sendJson(res, 413, fail(RpcCode.INVALID_REQUEST, `request too large: the body exceeds ${limits.maxBodyBytes} bytes`), {
            Connection: "close",
          });
        }
        throw error;
      }

      const parsed = parseJsonText(text);
      // Every entry of a batch counts; a body that is not a usable request counts once.
      const listed = parsed.ok && !(Array.isArray(parsed.value) && parsed.value.length > limits.maxBatch) ? methodsOf(parsed.value) : [];
      const methods = listed.length > 0 ? listed : [""];
      const network = requestNetwork(req, options.trustProxy);
      const verdict = await applyLimits(options.limiter, chargesFor(endpoint.scope, methods, limits), network, Math.floor(Date.now() / 1000));
      if (!verdict.allowed) {
        const body = errorForEach(parsed.ok ? parsed.value : undefined, verdict.error, limits.maxBatch);
        return sendJson(res, 429, body, rateLimitHeaders(verdict.result));
      }
      if (!parsed.ok) return sendJson(res, 200, parsed.response);

      const payload = parsePayload(parsed.value, limits.maxBatch);
      if (payload.kind === "rejected") return sendJson(res, 200, payload.response);
      const answers = await answerEntries(payload.entries, (requests) => forwardToUpstream(upstream, requests, { timeoutMs, maxResponseBytes: limits.maxResponseBytes }), {
        maxLogBlocks: limits.maxLogBlocks,
        refusedSenders: limits.refusedSenders,
      });
      const present = answers.filter((a): a is JsonRpcResponse => a !== undefined);
      if (present.length === 0) {
        res.writeHead(204, corsHeaders);
        return void res.end();
      }
      return sendJson(res, 200, payload.kind === "batch" ? present : present[0]);
    } catch (error) {
      logError("rpc-gateway", error);
      return sendJson(res, 503, fail(RpcCode.INTERNAL_ERROR, "internal error: the gateway could not answer this request"));
    }
  };
}
