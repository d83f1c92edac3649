import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "@/test/support/free-port";
import { startStack } from "@/test/support/stack";

function listenOn(port: number): Promise<net.Server> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve(server));
  });
}

function closeServer(server: net.Server): Promise<void> {
  return new Promise((resolve) => server.close(() => resolve()));
}

// A start that fails half-way (here: the web port is taken) must not leave anvil or anything else
// it already started running behind it.
describe("a start that fails half-way", () => {
  let blocker: net.Server;
  let webPort: number;

  beforeAll(async () => {
    webPort = await freePort();
    blocker = await listenOn(webPort);
  });

  afterAll(async () => {
    await closeServer(blocker);
  });

  it("says why, stops what it started and exits with code 1", async () => {
    const anvilPort = await freePort();
    const failure = await startStack({
      database: "sqlite",
      env: { CAPSULE_PORT: String(webPort), CAPSULE_ANVIL_PORT: String(anvilPort) },
    }).then(
      () => undefined,
      (error: unknown) => (error instanceof Error ? error.message : String(error)),
    );

    expect(failure).toContain("the stack exited with code 1");
    expect(failure).toContain("[capsule] start failed");
    expect(failure).toContain("[capsule] stopping what was started");
    // anvil's port is free again: the bundled node was stopped with the failed start.
    const reuse = await listenOn(anvilPort);
    await closeServer(reuse);
  });
});
