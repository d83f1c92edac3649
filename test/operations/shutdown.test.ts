import http from "node:http";
import net from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { pathOf } from "@/lib/api/request";
import { authCheck } from "@/lib/auth/check.endpoint";
import { devKeys } from "@/test/support/anvil";
import { signedToken } from "@/test/support/bridge-client";
import { startStack, type Stack } from "@/test/support/stack";

// Issue 17 item 5: SIGTERM stops accepting, lets requests in flight finish, closes WebSockets with
// 1001, stops every part and exits 0; a second signal exits at once.
const stacks: Stack[] = [];
afterAll(async () => {
  for (const stack of stacks) await stack.stop();
});

/** A POST whose body arrives in two parts: the request is in flight until `finish()` sends the rest. */
function slowPost(url: string, body: string, headers: Record<string, string> = {}) {
  const target = new URL(url);
  const bytes = Buffer.from(body);
  const half = Math.floor(bytes.length / 2);
  let finish: () => void = () => undefined;
  const answer = new Promise<{ status: number; body: string; connection: string | undefined }>((resolve, reject) => {
    const request = http.request(
      { host: target.hostname, port: target.port, path: target.pathname, method: "POST", headers: { "content-type": "application/json", "content-length": String(bytes.length), ...headers } },
      (response) => {
        let text = "";
        response.on("data", (chunk: Buffer) => (text += chunk.toString()));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body: text, connection: response.headers.connection }));
      },
    );
    request.on("error", reject);
    request.write(bytes.subarray(0, half));
    finish = () => request.end(bytes.subarray(half));
  });
  return { answer, finish: () => finish() };
}

async function waitFor(check: () => boolean | Promise<boolean>, what: string, ms = 60_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => (socket.destroy(), resolve(true)));
    socket.once("error", () => resolve(false));
  });
}

describe("stopping the server", () => {
  // Retried: on a loaded machine the two slow requests sometimes have not reached the server's request
  // handler when SIGTERM arrives (its log then says inFlight 0), and a shutdown rightly closes a
  // connection with no request in progress. Each try asserts everything below in full.
  it("finishes requests in flight after SIGTERM, closes WebSockets with 1001, stops every part and exits 0", { retry: 2 }, async () => {
    const stack = await startStack({ database: "sqlite", env: { CAPSULE_SHUTDOWN_GRACE_MS: "60000" } });
    stacks.push(stack);
    const port = Number(new URL(stack.baseUrl).port);
    const anvilPort = Number(new URL(stack.nodeRpcUrl).port);

    const ws = new WebSocket(`${stack.baseUrl.replace(/^http/, "ws")}/ws`);
    await new Promise((resolve, reject) => (ws.once("open", resolve), ws.once("error", reject)));
    const wsClosed = new Promise<number>((resolve) => ws.once("close", (code) => resolve(code)));

    // Both paths answered once first: a connection whose request the server has not begun to read
    // (its event loop busy loading the route's bundle on a loaded machine) is idle, and a shutdown
    // rightly closes idle connections; the requests below must be in flight, not merely sent.
    await fetch(`${stack.baseUrl}${pathOf(authCheck)}`, { method: "POST", body: "{}", headers: { "content-type": "application/json" } });
    await fetch(`${stack.baseUrl}/rpc`, { method: "POST", body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_chainId", params: [] }), headers: { "content-type": "application/json" } });

    // Two requests in flight: one through the JSON-RPC gateway to the node, one to a Next.js route.
    const rpc = slowPost(`${stack.baseUrl}/rpc`, JSON.stringify({ jsonrpc: "2.0", id: 7, method: "eth_chainId", params: [] }));
    const body = "{}";
    const token = await signedToken(devKeys[2], authCheck.action, pathOf(authCheck), body);
    const route = slowPost(`${stack.baseUrl}${pathOf(authCheck)}`, body, { authorization: `Bearer ${token}` });
    await new Promise((r) => setTimeout(r, 2_000)); // both requests have reached the server and its handlers

    stack.signal("SIGTERM");
    await waitFor(() => stack.output().includes("SIGTERM received"), "the shutdown to begin");
    expect(await wsClosed).toBe(1001);
    await waitFor(async () => !(await accepts(port)), "the server to stop accepting connections");

    rpc.finish();
    route.finish();
    const [rpcAnswer, routeAnswer] = await Promise.all([rpc.answer, route.answer]);
    expect(rpcAnswer.status).toBe(200);
    expect(JSON.parse(rpcAnswer.body)).toEqual({ jsonrpc: "2.0", id: 7, result: "0x498b64a" });
    expect(routeAnswer.status, routeAnswer.body).toBe(200);
    expect(JSON.parse(routeAnswer.body)).toMatchObject({ ok: true });
    expect(routeAnswer.connection).toBe("close");

    expect(await stack.exited).toEqual({ code: 0, signal: null });
    const output = stack.output();
    expect(output).toContain("stopping the web server");
    expect(output).toContain("stopping anvil (state is saved)");
    expect(output).toContain("[capsule] stopped");
    expect(output.indexOf("stopping the web server")).toBeLessThan(output.indexOf("stopping anvil"));
    expect(await accepts(anvilPort)).toBe(false);
  });

  it("exits at once on a second signal (exit code 130 for SIGINT) and passes SIGTERM on to anvil", async () => {
    const stack = await startStack({ database: "sqlite", env: { CAPSULE_SHUTDOWN_GRACE_MS: "120000" } });
    stacks.push(stack);
    const anvilPort = Number(new URL(stack.nodeRpcUrl).port);
    // A request that never finishes keeps the first shutdown waiting for the grace period.
    const stuck = slowPost(`${stack.baseUrl}/rpc`, JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_chainId", params: [] }));
    stuck.answer.catch(() => undefined);
    await new Promise((r) => setTimeout(r, 500));

    stack.signal("SIGTERM");
    await waitFor(() => stack.output().includes("stopping the web server"), "the shutdown to wait for the request");
    const sent = Date.now();
    stack.signal("SIGINT");
    expect(await stack.exited).toEqual({ code: 130, signal: null });
    console.log(`exited ${Date.now() - sent} ms after the second signal`);
    expect(stack.output()).toContain("SIGINT received again: exiting at once (exit code 130)");
    expect(stack.output()).not.toContain("[capsule] stopped");
    await waitFor(async () => !(await accepts(anvilPort)), "anvil to stop after the SIGTERM passed on to it", 30_000);
  });

  it("stops every part on SIGHUP (a closed terminal) as on SIGTERM, anvil included, and exits 0", async () => {
    const stack = await startStack({ database: "sqlite" });
    stacks.push(stack);
    const anvilPort = Number(new URL(stack.nodeRpcUrl).port);
    stack.signal("SIGHUP");
    expect(await stack.exited).toEqual({ code: 0, signal: null });
    const output = stack.output();
    expect(output).toContain("SIGHUP received, stopping");
    expect(output).toContain("stopping anvil (state is saved)");
    expect(output).toContain("[capsule] stopped");
    expect(await accepts(anvilPort)).toBe(false);
  });
});
