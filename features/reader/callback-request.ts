import "server-only";
import { request as httpRequest, type IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";
import { isIP } from "node:net";
import { pinnedLookup } from "@/lib/dns/public-address";
import { callbackAddress, type CallbackPolicy } from "./callback-address";

// Every request the hub makes to a subscriber (verification, denial, content delivery): the callback's
// address is checked against the policy first and the connection goes to that address, never to a
// second lookup of the name. Redirects are not followed, and at most `maxBodyBytes` of the answer are read.

export type CallbackAnswer = { status: number; body: string };

/** The callback may not be called under the hub's policy; `message` says why. */
export class CallbackRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = "CallbackRefused";
  }
}

export type CallbackRequestInit = {
  method: "GET" | "POST";
  headers?: Record<string, string>;
  body?: string;
  timeoutMs: number;
  maxBodyBytes: number;
  /** An extra trusted certificate authority (PEM); only tests pass one. */
  ca?: string;
};

export async function requestCallback(callback: URL, policy: CallbackPolicy, init: CallbackRequestInit): Promise<CallbackAnswer> {
  const checked = await callbackAddress(callback, policy);
  if (!checked.ok) throw new CallbackRefused(checked.reason);
  const { host, address } = checked;
  const request = callback.protocol === "https:" ? httpsRequest : httpRequest;
  return new Promise<CallbackAnswer>((resolve, reject) => {
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
        signal: AbortSignal.timeout(init.timeoutMs),
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
