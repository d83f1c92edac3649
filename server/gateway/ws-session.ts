import WebSocket, { type RawData } from "ws";
import { answerEntries } from "./dispatch";
import { errorForEach, methodsOf, parseJsonText, parsePayload } from "./envelope";
import { RpcCode, RpcError, rpcError, rpcResult, upstreamUnavailable, type JsonRpcRequest, type JsonRpcResponse } from "./json-rpc";
import type { WsGatewayOptions } from "./options";
import { applyLimits, chargesFor } from "./rate-limits";
import { checkSubscribeParams, subscriptionId } from "./rpc-params";
import { mapUpstreamReply } from "./upstream-http";

type UpstreamReply = Parameters<typeof mapUpstreamReply>[1];

// One client connection on /ws: its own upstream WebSocket to the node, its subscriptions
// (at most limits.maxSubscriptions live), and its share of the per-IP limits.
export class WsSession {
  private readonly upstream: WebSocket;
  private readonly ready: Promise<boolean>;
  private readonly pending = new Map<number, (reply: UpstreamReply | undefined) => void>();
  private readonly live = new Set<string>();
  /** Subscriptions the node confirmed whose id the client has not received yet: notifications wait. */
  private readonly undelivered = new Map<string, string[]>();
  private reserved = 0;
  private nextId = 1;
  private closed = false;
  private markGone: () => void = () => undefined;
  /** Settles once the session is fully gone: client closed and upstream socket closed. */
  readonly gone = new Promise<void>((resolve) => {
    this.markGone = resolve;
  });

  constructor(
    private readonly client: WebSocket,
    private readonly ip: string,
    private readonly options: WsGatewayOptions,
    private readonly onClosed: () => void,
  ) {
    this.upstream = new WebSocket(options.nodeWsUrl, { maxPayload: 64 * 1024 * 1024 });
    this.ready = new Promise((resolve) => {
      this.upstream.once("open", () => resolve(true));
      this.upstream.once("error", () => resolve(false));
      this.upstream.once("close", () => resolve(false));
    });
    this.upstream.on("error", () => this.shutdown(1011, "chain node connection failed"));
    this.upstream.on("close", () => this.shutdown(1011, "chain node connection closed"));
    this.upstream.on("message", (data) => this.fromUpstream(data));
    client.on("message", (data) => void this.fromClient(data));
    client.on("close", () => this.shutdown(1000, "client closed"));
    client.on("error", () => this.shutdown(1011, "client error"));
  }

  get subscriptionCount(): number {
    return this.live.size;
  }

  get upstreamOpen(): boolean {
    return this.upstream.readyState !== WebSocket.CLOSED;
  }

  /** Closes the client and the upstream; the node drops the subscriptions with its socket. */
  shutdown(code: number, reason: string): void {
    if (this.closed) return;
    this.closed = true;
    this.live.clear();
    this.undelivered.clear();
    for (const resolve of this.pending.values()) resolve(undefined);
    this.pending.clear();
    if (this.upstream.readyState === WebSocket.CONNECTING) this.upstream.terminate();
    else if (this.upstream.readyState === WebSocket.OPEN) {
      this.upstream.close(1000, "client gone");
      // A node that never answers the close handshake must not hold the session open.
      setTimeout(() => this.upstream.terminate(), 2000).unref();
    }
    if (this.client.readyState === WebSocket.OPEN) this.client.close(code, reason);
    // The session counts as gone once its upstream socket is closed too.
    const finish = () => {
      this.onClosed();
      this.markGone();
    };
    if (this.upstream.readyState === WebSocket.CLOSED) finish();
    else this.upstream.once("close", finish);
  }

  private fromUpstream(data: RawData): void {
    const text = data.toString();
    let message: unknown;
    try {
      message = JSON.parse(text);
    } catch {
      return;
    }
    if (typeof message !== "object" || message === null) return;
    const record = message as { id?: unknown; method?: unknown; params?: { subscription?: unknown } };
    if (typeof record.id === "number") {
      const resolve = this.pending.get(record.id);
      this.pending.delete(record.id);
      resolve?.(record as UpstreamReply);
      return;
    }
    if (record.method === "eth_subscription") {
      const sub = record.params?.subscription;
      const waiting = typeof sub === "string" ? this.undelivered.get(sub) : undefined;
      if (waiting) waiting.push(text);
      else this.send(text); // forwarded as the node sent it
    }
  }

  private async call(method: string, params: unknown[]): Promise<UpstreamReply | undefined> {
    if (!(await this.ready) || this.closed) return undefined;
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.pending.set(id, resolve);
      this.upstream.send(JSON.stringify({ jsonrpc: "2.0", id, method, params }), (error) => {
        if (error && this.pending.delete(id)) resolve(undefined);
      });
    });
  }

  private async forward(requests: JsonRpcRequest[]): Promise<JsonRpcResponse[]> {
    return Promise.all(requests.map(async (r) => mapUpstreamReply(r, await this.call(r.method, r.params))));
  }

  private async subscribe(request: JsonRpcRequest, confirmed: string[]): Promise<JsonRpcResponse> {
    try {
      checkSubscribeParams(request.params);
    } catch (error) {
      return rpcError(request.id, error instanceof RpcError ? error : new RpcError(RpcCode.INVALID_PARAMS, "invalid params"));
    }
    const max = this.options.limits.maxSubscriptions;
    if (this.live.size + this.reserved >= max) {
      const message = `subscription limit reached: at most ${max} live subscriptions per connection; eth_unsubscribe one first`;
      return rpcError(request.id, new RpcError(RpcCode.LIMIT_EXCEEDED, message, { limit: max }));
    }
    this.reserved++;
    try {
      const reply = await this.call("eth_subscribe", request.params);
      const answer = mapUpstreamReply(request, reply);
      if ("result" in answer && typeof answer.result === "string" && !this.closed) {
        this.live.add(answer.result);
        this.undelivered.set(answer.result, []);
        confirmed.push(answer.result);
      }
      return answer;
    } finally {
      this.reserved--;
    }
  }

  private async unsubscribe(request: JsonRpcRequest): Promise<JsonRpcResponse> {
    const id = request.params[0];
    if (request.params.length !== 1 || !subscriptionId.safeParse(id).success) {
      return rpcError(request.id, new RpcError(RpcCode.INVALID_PARAMS, "invalid params: eth_unsubscribe takes one hex subscription id"));
    }
    const sub = id as string;
    if (!this.live.has(sub)) return rpcResult(request.id, false);
    const answer = mapUpstreamReply(request, await this.call("eth_unsubscribe", [sub]));
    if ("result" in answer) this.live.delete(sub);
    return answer;
  }

  private async fromClient(data: RawData): Promise<void> {
    try {
      const parsed = parseJsonText(data.toString());
      const listed = parsed.ok ? methodsOf(parsed.value) : [];
      const methods = listed.length > 0 && listed.length <= this.options.limits.maxBatch ? listed : [""];
      const verdict = await applyLimits(this.options.limiter, chargesFor("public", methods, this.options.limits), this.ip, Math.floor(Date.now() / 1000));
      if (!verdict.allowed) return this.send(JSON.stringify(errorForEach(parsed.ok ? parsed.value : undefined, verdict.error, this.options.limits.maxBatch)));
      if (!parsed.ok) return this.send(JSON.stringify(parsed.response));
      const payload = parsePayload(parsed.value, this.options.limits.maxBatch);
      if (payload.kind === "rejected") return this.send(JSON.stringify(payload.response));
      const confirmed: string[] = [];
      const answers = await answerEntries(
        payload.entries,
        (requests) => this.forward(requests),
        (request) => {
          if (request.method === "eth_subscribe") return this.subscribe(request, confirmed);
          if (request.method === "eth_unsubscribe") return this.unsubscribe(request);
          return undefined;
        },
      );
      const present = answers.filter((a): a is JsonRpcResponse => a !== undefined);
      if (present.length > 0) this.send(JSON.stringify(payload.kind === "batch" ? present : present[0]));
      for (const sub of confirmed) {
        const waiting = this.undelivered.get(sub) ?? [];
        this.undelivered.delete(sub);
        for (const text of waiting) this.send(text);
      }
    } catch {
      this.send(JSON.stringify(rpcError(null, upstreamUnavailable())));
    }
  }

  private send(text: string): void {
    if (this.client.readyState === WebSocket.OPEN) this.client.send(text);
  }
}
