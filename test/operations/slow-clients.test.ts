import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pathOf } from "@/lib/api/request";
import { health } from "@/features/system/health.endpoint";
import { outletCreate } from "@/features/outlets/create.endpoint";
import { startStack, type Stack } from "@/test/support/stack";
import { rawRequest } from "@/test/registry/support/raw-http";

// Issue 25, item 7: a client that sends its headers slowly is answered 408 and closed once
// CAPSULE_HTTP_HEADERS_TIMEOUT_MS has passed; one client address holds at most
// CAPSULE_HTTP_MAX_CONNECTIONS_PER_IP open connections, the excess answered 429 and closed; both
// settings and both counters show under /metrics. Real sockets on loopback, bounded loops, no SQL.

const CAP = 6;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Probe = { socket: net.Socket; received: () => string; closed: Promise<void> };

function connect(baseUrl: string): Promise<Probe> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(url.port), url.hostname);
    let received = "";
    socket.on("data", (chunk: Buffer) => (received += chunk.toString("latin1")));
    socket.on("error", () => undefined); // a reset after the server closed is part of what is tested
    const closed = new Promise<void>((done) => socket.once("close", () => done()));
    socket.once("connect", () => resolve({ socket, received: () => received, closed }));
    socket.once("error", reject);
  });
}

async function metricValue(baseUrl: string, line: RegExp): Promise<number> {
  const res = await rawRequest(baseUrl, { method: "GET", path: "/metrics" });
  expect(res.status).toBe(200);
  const match = res.text.split("\n").map((l) => line.exec(l)).find(Boolean);
  expect(match, String(line)).toBeTruthy();
  return Number(match?.[1]);
}

describe("slow clients", () => {
  let stack: Stack;

  beforeAll(async () => {
    stack = await startStack({ database: "sqlite", env: { CAPSULE_HTTP_HEADERS_TIMEOUT_MS: "1000", CAPSULE_HTTP_REQUEST_TIMEOUT_MS: "30000", CAPSULE_HTTP_MAX_CONNECTIONS_PER_IP: String(CAP) } });
  }, 300_000);

  afterAll(async () => {
    await stack?.stop();
  });

  it("shows the settings under /metrics", async () => {
    expect(await metricValue(stack.baseUrl, /^capsule_http_connection_limit_settings\{setting="headers_timeout_seconds"\} (\S+)$/)).toBe(1);
    expect(await metricValue(stack.baseUrl, /^capsule_http_connection_limit_settings\{setting="request_timeout_seconds"\} (\S+)$/)).toBe(30);
    expect(await metricValue(stack.baseUrl, /^capsule_http_connection_limit_settings\{setting="max_connections_per_ip"\} (\S+)$/)).toBe(CAP);
  });

  it("closes a connection whose headers come too slowly with 408, and counts it", async () => {
    const before = await metricValue(stack.baseUrl, /^capsule_http_request_timeouts_total (\S+)$/);
    const probe = await connect(stack.baseUrl);
    let closed = false;
    void probe.closed.then(() => (closed = true));
    probe.socket.write(`GET ${pathOf(health)} HTTP/1.1\r\nHost: ${new URL(stack.baseUrl).host}\r\n`);
    // one header line every 200 ms: a request that would never end; at most 60 s of it
    let sent = 0;
    for (; sent < 300 && !closed; sent++) {
      if (probe.socket.writable) probe.socket.write(`X-Slow-${sent}: a\r\n`);
      await pause(200);
    }
    expect(closed, "the server closed the connection").toBe(true);
    expect(sent).toBeLessThan(300);
    expect(probe.received()).toMatch(/^HTTP\/1\.1 408 /);
    expect(await metricValue(stack.baseUrl, /^capsule_http_request_timeouts_total (\S+)$/)).toBeGreaterThan(before);
  }, 90_000);

  it(`refuses a client address its connection number ${CAP + 1} with 429 in the error shape, and accepts it again once it closed some`, async () => {
    const before = await metricValue(stack.baseUrl, /^capsule_http_connections_refused_total (\S+)$/);
    const probes: Probe[] = [];
    for (let i = 0; i <= CAP; i++) probes.push(await connect(stack.baseUrl));
    const last = probes[CAP] as Probe;
    await last.closed; // the server answers a refused connection at once and closes it
    const answer = last.received();
    expect(answer).toMatch(/^HTTP\/1\.1 429 /);
    expect(JSON.parse(answer.slice(answer.indexOf("\r\n\r\n") + 4))).toMatchObject({ ok: false, error: "RATE_LIMITED", statusCode: 429 });
    for (const probe of probes) probe.socket.destroy();
    // closes reach the server asynchronously: ask again a bounded number of times
    let status = 0;
    for (let attempt = 0; attempt < 50 && status !== 200; attempt++) {
      status = (await rawRequest(stack.baseUrl, { method: "GET", path: pathOf(health) }).catch(() => ({ status: 0 }))).status;
      if (status !== 200) await pause(100);
    }
    expect(status).toBe(200);
    expect(await metricValue(stack.baseUrl, /^capsule_http_connections_refused_total (\S+)$/)).toBeGreaterThan(before);
  }, 60_000);

  it("answers an oversized signed-action token in the error shape (431 REQUEST_HEADERS_TOO_LARGE), not a bare status line", async () => {
    const token = `${"a".repeat(20_000)}.0x${"0".repeat(130)}`;
    const res = await rawRequest(stack.baseUrl, { method: "POST", path: pathOf(outletCreate), headers: { authorization: `Bearer ${token}` }, body: "{}" });
    expect(res.status).toBe(431);
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.body).toMatchObject({ ok: false, error: "REQUEST_HEADERS_TOO_LARGE", statusCode: 431 });
    expect(res.text).not.toContain(token.slice(0, 100));
  });

  it("answers a request that is not HTTP in the error shape (400)", async () => {
    const probe = await connect(stack.baseUrl);
    probe.socket.write("GET / HTTP/1.1\r\nHost: x\r\nBad Header Line\r\n\r\n");
    await probe.closed;
    const answer = probe.received();
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(answer.slice(answer.indexOf("\r\n\r\n") + 4))).toMatchObject({ ok: false, error: "VALIDATION_ERROR", statusCode: 400 });
  });
});
