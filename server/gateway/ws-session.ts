import { randomBytes } from "node:crypto";
import WebSocket, { type RawData } from "ws";
import { metrics } from "@/lib/metrics/metrics";
import { answerEntries } from "./dispatch";
import { errorForEach, methodsOf, parseJsonText, parsePayload } from "./envelope";
import { RpcCode, RpcError, rpcError, rpcResult, upstreamUnavailable, type JsonRpcRequest, type JsonRpcResponse } from "./json-rpc";
import type { NodeConnection } from "./node-connection";
import type { WsGatewayOptions } from "./options";
import { applyLimits, chargesFor } from "./rate-limits";
import { checkSubscribeParams, subscriptionId } from "./rpc-params";
import type { SharedSubscriptions } from "./shared-subscriptions";
import { mapUpstreamReply } from "./upstream-http";

/** A client whose unsent data grows past this is too slow to follow its subscriptions. */
const MAX_BUFFERED_BYTES = 16 * 1024 * 1024;

/** A client subscription: confirmed once the node has it; notifications wait until the client has its id. */
type Live = { release: () => void; confirmed: boolean; delivered: boolean; waiting: string[] };

// One client connection on /ws. Its requests and subscriptions go over a node connection shared
// with other clients: subscription ids are the gateway's own (never the node's), at most
// limits.maxSubscriptions live, and its messages count toward the per-IP limits.
export class WsSession {
  private readonly live = new Map<string, Live>();
  private readonly releaseLease: () => void;
  private readonly stopListening: () => void;
  private closed = false;
  private markGone: () => void = () => undefined;
  /** Settles once the session is fully gone. */
  readonly gone = new Promise<void>((resolve) => {
    this.markGone = resolve;
  });

  constructor(
    private readonly client: WebSocket,
    private readonly network: string,
    private readonly options: WsGatewayOptions,
    private readonly upstream: { connection: NodeConnection; subscriptions: SharedSubscriptions },
    private readonly onClosed: () => void,
  ) {
    this.releaseLease = upstream.connection.lease();
    this.stopListening = upstream.connection.onLost(() => this.shutdown(1011, "chain node connection lost; reconnect and subscribe again"));
    client.on("message", (data) => void this.fromClient(data));
    client.on("close", () => this.shutdown(1000, "client closed"));
    client.on("error", () => this.shutdown(1011, "client error"));
  }

  get subscriptionCount(): number {
    let count = 0;
    for (const sub of this.live.values()) if (sub.confirmed) count++;
    return count;
  }

  /** Closes the client and frees its subscriptions (only its own: shared ones stay for the others). */
  shutdown(code: number, reason: string): void {
    if (this.closed) return;
    this.closed = true;
    metrics().wsSubscriptions.dec(this.subscriptionCount);
    for (const sub of this.live.values()) sub.release();
    this.live.clear();
    this.stopListening();
    this.releaseLease();
    if (this.client.readyState === WebSocket.OPEN || this.client.readyState === WebSocket.CONNECTING) this.client.close(code, reason);
    this.onClosed();
    this.markGone();
  }

  private async forward(requests: JsonRpcRequest[]): Promise<JsonRpcResponse[]> {
    return Promise.all(requests.map(async (r) => mapUpstreamReply(r, await this.upstream.connection.call(r.method, r.params))));
  }

  private notify(clientId: string, resultText: string): void {
    const sub = this.live.get(clientId);
    if (!sub) return;
    const text = `{"jsonrpc":"2.0","method":"eth_subscription","params":{"subscription":"${clientId}","result":${resultText}}}`;
    if (sub.delivered) this.send(text);
    else sub.waiting.push(text);
  }

  private async subscribe(request: JsonRpcRequest, confirmed: string[]): Promise<JsonRpcResponse> {
    try {
      checkSubscribeParams(request.params);
    } catch (error) {
      return rpcError(request.id, error instanceof RpcError ? error : new RpcError(RpcCode.INVALID_PARAMS, "invalid params"));
    }
    const max = this.options.limits.maxSubscriptions;
    if (this.live.size >= max) {
      const message = `subscription limit reached: at most ${max} live subscriptions per connection; eth_unsubscribe one first`;
      return rpcError(request.id, new RpcError(RpcCode.LIMIT_EXCEEDED, message, { limit: max }));
    }
    const clientId = `0x${randomBytes(16).toString("hex")}`;
    // Entered before the node answers, so concurrent subscribes count toward the cap.
    const entry: Live = { release: () => undefined, confirmed: false, delivered: false, waiting: [] };
    this.live.set(clientId, entry);
    const outcome = await this.upstream.subscriptions.subscribe(request.params, (text) => this.notify(clientId, text));
    if (!outcome.ok) {
      this.live.delete(clientId);
      return mapUpstreamReply(request, outcome.reply);
    }
    if (this.closed) {
      outcome.release();
      return rpcError(request.id, upstreamUnavailable());
    }
    entry.release = outcome.release;
    entry.confirmed = true;
    metrics().wsSubscriptions.inc();
    confirmed.push(clientId);
    return rpcResult(request.id, clientId);
  }

  private unsubscribe(request: JsonRpcRequest): JsonRpcResponse {
    const id = request.params[0];
    if (request.params.length !== 1 || !subscriptionId.safeParse(id).success) {
      return rpcError(request.id, new RpcError(RpcCode.INVALID_PARAMS, "invalid params: eth_unsubscribe takes one hex subscription id"));
    }
    const key = (id as string).toLowerCase();
    const sub = this.live.get(key);
    if (!sub?.confirmed) return rpcResult(request.id, false);
    this.live.delete(key);
    sub.release();
    metrics().wsSubscriptions.dec();
    return rpcResult(request.id, true);
  }

  private async fromClient(data: RawData): Promise<void> {
    try {
      const parsed = parseJsonText(data.toString());
      const listed = parsed.ok ? methodsOf(parsed.value) : [];
      const methods = listed.length > 0 && listed.length <= this.options.limits.maxBatch ? listed : [""];
      const verdict = await applyLimits(this.options.limiter, chargesFor("public", methods, this.options.limits), this.network, Math.floor(Date.now() / 1000));
      if (!verdict.allowed) return this.send(JSON.stringify(errorForEach(parsed.ok ? parsed.value : undefined, verdict.error, this.options.limits.maxBatch)));
      if (!parsed.ok) return this.send(JSON.stringify(parsed.response));
      const payload = parsePayload(parsed.value, this.options.limits.maxBatch);
      if (payload.kind === "rejected") return this.send(JSON.stringify(payload.response));
      const confirmed: string[] = [];
      const answers = await answerEntries(
        payload.entries,
        (requests) => this.forward(requests),
        {
          maxLogBlocks: this.options.limits.maxLogBlocks,
          refusedSenders: this.options.limits.refusedSenders,
          special: (request) => {
            if (request.method === "eth_subscribe") return this.subscribe(request, confirmed);
            if (request.method === "eth_unsubscribe") return Promise.resolve(this.unsubscribe(request));
            return undefined;
          },
        },
      );
      const present = answers.filter((a): a is JsonRpcResponse => a !== undefined);
      if (present.length > 0) this.send(JSON.stringify(payload.kind === "batch" ? present : present[0]));
      // Notifications that came before the client knew its subscription id follow the answer.
      for (const id of confirmed) {
        const sub = this.live.get(id);
        if (!sub) continue;
        sub.delivered = true;
        for (const text of sub.waiting.splice(0)) this.send(text);
      }
    } catch {
      this.send(JSON.stringify(rpcError(null, upstreamUnavailable())));
    }
  }

  private send(text: string): void {
    if (this.client.readyState !== WebSocket.OPEN) return;
    if (this.client.bufferedAmount > MAX_BUFFERED_BYTES) return this.shutdown(1013, "client too slow: too many undelivered messages");
    this.client.send(text);
  }
}
