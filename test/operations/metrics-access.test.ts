import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import { afterAll, describe, expect, it } from "vitest";
import { createMetricsEndpoint } from "@/server/http/metrics-endpoint";

// Who may read GET /metrics. The endpoint runs in a plain server bound once to loopback and once to
// a non-loopback address of this machine, so "not loopback" is a real remote socket address, not a
// header. (The full stack serves the same handler: test/operations/observability.test.ts.)
const TOKEN = "metrics-token-0123456789abcdef";
const servers: http.Server[] = [];

function nonLoopbackAddress(): string {
  for (const list of Object.values(os.networkInterfaces())) {
    for (const entry of list ?? []) if (entry.family === "IPv4" && !entry.internal) return entry.address;
  }
  throw new Error("this test needs a non-loopback IPv4 address on the machine (any network interface)");
}

async function serve(host: string, token: string | undefined): Promise<string> {
  const endpoint = createMetricsEndpoint({ token });
  const server = http.createServer((req, res) => void endpoint(req, res));
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return `http://${host}:${(server.address() as AddressInfo).port}/metrics`;
}

afterAll(async () => {
  for (const server of servers) await new Promise((resolve) => server.close(resolve));
});

describe("GET /metrics access", () => {
  it("serves loopback clients without a token", async () => {
    const url = await serve("127.0.0.1", undefined);
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(await response.text()).toContain("# TYPE capsule_http_requests_total counter");
  });

  it("refuses a non-loopback client with 403 when no token is configured", async () => {
    const url = await serve(nonLoopbackAddress(), undefined);
    const response = await fetch(url);
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({
      ok: false,
      error: "FORBIDDEN",
      message: "Metrics are served to loopback clients only; set CAPSULE_METRICS_TOKEN to let others read them with a bearer token",
      statusCode: 403,
    });
  });

  it("lets a non-loopback client in with the bearer token only (401 otherwise)", async () => {
    const url = await serve(nonLoopbackAddress(), TOKEN);
    for (const authorization of [undefined, "Bearer wrong-token-wrong-token", `Basic ${TOKEN}`, `Bearer ${TOKEN}x`, TOKEN]) {
      const response = await fetch(url, { headers: authorization ? { authorization } : {} });
      expect(response.status, String(authorization)).toBe(401);
      expect(response.headers.get("www-authenticate")).toBe('Bearer realm="capsule-metrics"');
      expect((await response.json()).error).toBe("UNAUTHORIZED");
    }
    const ok = await fetch(url, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(ok.status).toBe(200);
    expect(await ok.text()).toContain("capsule_ws_connections");
  });

  it("does not take a proxied request for a loopback one, even from 127.0.0.1", async () => {
    const url = await serve("127.0.0.1", TOKEN);
    for (const header of ["x-forwarded-for", "forwarded", "x-real-ip"]) {
      const response = await fetch(url, { headers: { [header]: header === "forwarded" ? "for=203.0.113.9" : "203.0.113.9" } });
      expect(response.status, header).toBe(401);
    }
    expect((await fetch(url, { headers: { "x-forwarded-for": "127.0.0.1", authorization: `Bearer ${TOKEN}` } })).status).toBe(200);
  });

  it("answers other methods with 405", async () => {
    const url = await serve("127.0.0.1", undefined);
    const response = await fetch(url, { method: "POST" });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("GET, HEAD");
  });
});
