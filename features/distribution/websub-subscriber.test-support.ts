import { waitFor } from "@/test/support/wait-for";
import http from "node:http";
import type { AddressInfo } from "node:net";

// A real WebSub subscriber on loopback: answers the hub's verification GETs (echoing the challenge,
// or not), records denials and content deliveries, and can fail the first deliveries with 503.

export type Delivery = { body: string; headers: http.IncomingHttpHeaders; at: number };
export type Verification = { mode: string; topic: string; challenge?: string; reason?: string };

export async function startSubscriber(options: { failFirst?: number; echo?: boolean } = {}) {
  const deliveries: Delivery[] = [];
  const verifications: Verification[] = [];
  let failures = options.failFirst ?? 0;
  let deliveryAttempts = 0;
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    if (req.method === "GET") {
      const mode = url.searchParams.get("hub.mode") ?? "";
      verifications.push({ mode, topic: url.searchParams.get("hub.topic") ?? "", challenge: url.searchParams.get("hub.challenge") ?? undefined, reason: url.searchParams.get("hub.reason") ?? undefined });
      res.writeHead(200, { "content-type": "text/plain" });
      res.end(options.echo === false ? "no" : (url.searchParams.get("hub.challenge") ?? ""));
      return;
    }
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      deliveryAttempts += 1;
      if (failures > 0) {
        failures -= 1;
        res.writeHead(503).end();
        return;
      }
      deliveries.push({ body: Buffer.concat(chunks).toString("utf8"), headers: req.headers, at: Date.now() });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/callback`,
    deliveries,
    verifications,
    attempts: () => deliveryAttempts,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export const until = <T>(what: string, probe: () => T | undefined | Promise<T | undefined>, timeoutMs = 20_000): Promise<T> => waitFor(probe, what, timeoutMs);
