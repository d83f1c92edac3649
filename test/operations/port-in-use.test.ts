import http from "node:http";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "@/test/support/free-port";
import { startRefusal } from "@/test/support/stack";
import { startFailureMessage } from "@/server/start-failure";

// `npm start` on a port another program holds says which address, that another program has it and
// which setting moves it, instead of a bare EADDRINUSE (or 30 s of waiting for an anvil that already
// exited because its port was taken).

/** A program that takes connections on the port and never answers them. */
let squatter: net.Server;
const held = new Set<net.Socket>();
let taken = 0;

beforeAll(async () => {
  taken = await freePort();
  squatter = net.createServer((socket) => {
    held.add(socket);
    socket.once("close", () => held.delete(socket));
  });
  await new Promise<void>((resolve) => squatter.listen(taken, "127.0.0.1", resolve));
});
afterAll(async () => {
  for (const socket of held) socket.destroy();
  await new Promise<void>((resolve) => squatter.close(() => resolve()));
});

describe("npm start on a port that is taken", () => {
  it("names the web server's address and the setting that moves it", async () => {
    const output = await startRefusal({ CAPSULE_PORT: String(taken) });
    expect(output).toMatch(/exited with code 1/);
    expect(output).toContain(`[capsule] start failed: 127.0.0.1:${taken} is already in use by another program`);
    expect(output).toContain("CAPSULE_PORT for the web server");
  });

  it("names anvil's address when anvil cannot listen, from anvil's exit rather than a wait for an answer", async () => {
    const output = await startRefusal({ CAPSULE_ANVIL_PORT: String(taken) });
    expect(output).toContain(`[capsule] start failed: 127.0.0.1:${taken} is already in use by another program`);
    expect(output).toContain("CAPSULE_ANVIL_PORT for the bundled anvil");
    // the squatter takes the readiness probe's connection and never answers: the probe gives up each second
    // and sees that anvil exited, instead of hanging on that connection until the 30 s deadline
    expect(output).toContain(`anvil on http://127.0.0.1:${taken} exited with code`);
    expect(output).not.toContain("did not answer");
  });

  it("refuses a port where another node answers, and sends it nothing (no deployment into someone else's chain)", async () => {
    // a JSON-RPC node that answers every request, as another `npm start`'s anvil on the default port does
    const answered: string[] = [];
    const node = http.createServer((request, response) => {
      let body = "";
      request.on("data", (chunk: Buffer) => (body += chunk.toString()));
      request.on("end", () => {
        answered.push(body);
        response.setHeader("content-type", "application/json");
        response.end(JSON.stringify({ jsonrpc: "2.0", id: 1, result: "0x498c04a" }));
      });
    });
    const port = await freePort();
    await new Promise<void>((resolve) => node.listen(port, "127.0.0.1", resolve));
    try {
      const output = await startRefusal({ CAPSULE_ANVIL_PORT: String(port) });
      expect(output).toContain(`[capsule] start failed: 127.0.0.1:${port} is already in use by another program`);
      expect(output).toContain("CAPSULE_ANVIL_PORT for the bundled anvil");
      expect(output).not.toContain("deployed");
      expect(answered).toEqual([]);
    } finally {
      node.closeAllConnections();
      await new Promise<void>((resolve) => node.close(() => resolve()));
    }
  });

  it("leaves other start errors as they are", () => {
    expect(startFailureMessage(new Error("CAPSULE_OPERATOR_KEY is not set"))).toBe("CAPSULE_OPERATOR_KEY is not set");
    expect(startFailureMessage(Object.assign(new Error("listen EADDRINUSE: address already in use 127.0.0.1:4000"), { code: "EADDRINUSE" }))).toMatch(
      /^127\.0\.0\.1:4000 is already in use by another program/,
    );
  });
});
