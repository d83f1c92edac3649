import "server-only";
import { request as httpRequest, type IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";
import { isIP } from "node:net";
import { pinnedLookup, resolvePublic, type Resolver } from "@/lib/dns/public-address";

// Every request the bridge makes to a URL someone else named (a WebSub subscriber's callback, a
// partner's webhook): the URL's address is checked against a policy first and the connection goes to
// that address, never to a second lookup of the name, so a name whose owner points it elsewhere
// between the check and the call cannot send the request inside. Redirects are not followed, and at
// most `maxBodyBytes` of the answer are read.

/** `resolve`: the name's addresses; `allow`: whether one may be connected to (lib/dns/public-address.ts). */
export type OutboundPolicy = { resolve: Resolver; allow: (address: string) => boolean };

/** `host`: the URL's host name or IP literal (without IPv6 brackets); `address`: where to connect. */
export type OutboundAddress = { ok: true; host: string; address: string } | { ok: false; reason: string };

/** The address to connect to for this URL, checked against the policy, or why it may not be used. */
export async function outboundAddress(url: URL, policy: OutboundPolicy): Promise<OutboundAddress> {
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (isIP(host)) return policy.allow(host) ? { ok: true, host, address: host } : { ok: false, reason: `the URL points at ${host}, a loopback, private or reserved address` };
  const resolved = await resolvePublic(host, policy.resolve, policy.allow);
  return resolved.ok ? { ok: true, host, address: resolved.addresses[0]! } : { ok: false, reason: resolved.reason };
}

export type PinnedAnswer = { status: number; body: string };

/** The URL may not be called under the policy; `message` says why. */
export class OutboundRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = "OutboundRefused";
  }
}

export type PinnedRequestInit = {
  method: "GET" | "POST";
  headers?: Record<string, string>;
  body?: string;
  timeoutMs: number;
  /** Ends the request early as well (a worker stopping). */
  signal?: AbortSignal;
  maxBodyBytes: number;
  /** An extra trusted certificate authority (PEM); only tests pass one. */
  ca?: string;
};

export async function pinnedRequest(callback: URL, policy: OutboundPolicy, init: PinnedRequestInit): Promise<PinnedAnswer> {
  const checked = await outboundAddress(callback, policy);
  if (!checked.ok) throw new OutboundRefused(checked.reason);
  const { host, address } = checked;
  const request = callback.protocol === "https:" ? httpsRequest : httpRequest;
  return new Promise<PinnedAnswer>((resolve, reject) => {
    const req = request(
      callback,
      {
        method: init.method,
        headers: { "user-agent": "Capsule WebSub hub", ...init.headers, ...(init.body !== undefined ? { "content-length": String(Buffer.byteLength(init.body)) } : {}) },
        lookup: pinnedLookup(address),
        // TLS checks the certificate against the name, not the address connected to
        ...(callback.protocol === "https:" && !isIP(host) ? { servername: host } : {}),
        ...(init.ca ? { ca: init.ca } : {}),
        // a fresh connection each time: a pooled one may lead to an address checked for another request
        agent: false,
        signal: init.signal ? AbortSignal.any([AbortSignal.timeout(init.timeoutMs), init.signal]) : AbortSignal.timeout(init.timeoutMs),
      },
      (res) => readCapped(res, init.maxBodyBytes).then((body) => resolve({ status: res.statusCode ?? 0, body }), reject),
    );
    req.on("error", reject);
    req.end(init.body);
  });
}

function readCapped(res: IncomingMessage, maxBytes: number): Promise<string> {
  return new Promise((resolve, reject) => {
    if (maxBytes <= 0) {
      res.destroy();
      resolve("");
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    res.on("data", (chunk: Buffer) => {
      if (size >= maxBytes) return;
      chunks.push(chunk.subarray(0, maxBytes - size));
      size += Math.min(chunk.length, maxBytes - size);
      // enough read: the rest of a long answer is not waited for
      if (size >= maxBytes) {
        res.destroy();
        resolve(Buffer.concat(chunks).toString("utf8"));
      }
    });
    res.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    res.on("error", (error) => (size >= maxBytes ? undefined : reject(error)));
  });
}
