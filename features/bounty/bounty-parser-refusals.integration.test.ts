import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBountyService, type BountyService } from "@/bounty/server";
import { openBountyStore } from "@/bounty/state-store";
import { freePort } from "@/test/support/free-port";
import { sendRaw, sqliteBackend, type Backend } from "./bounty.test-support";

// Requests node's parser refuses (headers too large, too slow, not HTTP) are answered by the bounty
// service in its own error shape, with the headers its other answers carry — as the web server
// answers them (lib/http/parser-refusals.ts) — and not with node's bare status line.

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("bounty service: requests the parser refuses", () => {
  let backend: Backend;
  let service: BountyService;

  beforeAll(async () => {
    backend = await sqliteBackend();
    service = await startBountyService({ host: "127.0.0.1", port: await freePort(), store: openBountyStore(backend.location), headersTimeoutMs: 1000 });
  });

  afterAll(async () => {
    await service?.close();
    await backend?.dispose();
  });

  it("answers oversized headers with 431 request_headers_too_large in the error shape, quoting none of them", async () => {
    const secret = `s3cr3t-${"x".repeat(20_000)}`;
    const res = await sendRaw(service.url, `GET /v1/bounty-proposals HTTP/1.1\r\nHost: bounty\r\nAuthorization: Bearer ${secret}\r\n\r\n`);
    expect(res.status).toBe(431);
    expect(res.head).toContain("content-type: application/json; charset=utf-8");
    expect(res.head).toContain("x-content-type-options: nosniff");
    expect(res.head).toContain("cache-control: no-store");
    expect(JSON.parse(res.body)).toEqual({ error: { code: "request_headers_too_large", message: expect.any(String) } });
    expect(res.body).not.toContain("s3cr3t");
  });

  it("answers a request that is not HTTP with 400 bad_request in the error shape", async () => {
    const res = await sendRaw(service.url, "GET /health HTTP/1.1\r\nHost: bounty\r\nBad Header Line\r\n\r\n");
    expect(res.status).toBe(400);
    expect(res.head).toContain("x-content-type-options: nosniff");
    expect(JSON.parse(res.body)).toEqual({ error: { code: "bad_request", message: expect.any(String) } });
  });

  it("closes a connection whose headers come too slowly with 408 request_timeout in the error shape", async () => {
    const url = new URL(service.url);
    const socket = net.connect(Number(url.port), url.hostname);
    let received = "";
    let closed = false;
    socket.on("data", (chunk: Buffer) => (received += chunk.toString("utf8")));
    socket.on("error", () => undefined);
    socket.once("close", () => (closed = true));
    await new Promise<void>((resolve) => socket.once("connect", () => resolve()));
    socket.write("GET /health HTTP/1.1\r\nHost: bounty\r\n");
    // one header line every 200 ms: a request that would never end; at most 60 s of it
    let sent = 0;
    for (; sent < 300 && !closed; sent++) {
      if (socket.writable) socket.write(`X-Slow-${sent}: a\r\n`);
      await pause(200);
    }
    expect(closed, "the service closed the connection").toBe(true);
    expect(received).toMatch(/^HTTP\/1\.1 408 /);
    expect(JSON.parse(received.slice(received.indexOf("\r\n\r\n") + 4))).toEqual({ error: { code: "request_timeout", message: expect.any(String) } });
  }, 90_000);
});
