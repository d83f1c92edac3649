import fs from "node:fs";
import net from "node:net";
import { describe, expect, it } from "vitest";
import { freePort, retryWhenPortTaken } from "./free-port";

// Test files run two at a time: a port chosen for a child process must not come from the range the OS
// hands out for outgoing connections, which the other file's clients take at any moment.
describe("freePort", () => {
  it("answers loopback ports below the outgoing-connection range that can be listened on", async () => {
    const [rangeStart] = fs.readFileSync("/proc/sys/net/ipv4/ip_local_port_range", "utf8").trim().split(/\s+/).map(Number);
    const ports = await Promise.all(Array.from({ length: 20 }, () => freePort()));
    for (const port of ports) {
      expect(port).toBeGreaterThanOrEqual(20_000);
      expect(port).toBeLessThan(rangeStart ?? 32_768);
      const server = net.createServer();
      await new Promise<void>((resolve, reject) => server.once("error", reject).listen(port, "127.0.0.1", () => resolve()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

describe("retryWhenPortTaken", () => {
  it("starts again when the chosen port was taken, up to three times, and not for other failures", async () => {
    let calls = 0;
    const taken = () => {
      calls += 1;
      return calls < 3 ? Promise.reject(new Error("anvil exited with code 1: Error: Address already in use (os error 98)")) : Promise.resolve("started");
    };
    expect(await retryWhenPortTaken(taken)).toBe("started");
    expect(calls).toBe(3);

    calls = 0;
    await expect(retryWhenPortTaken(() => (calls += 1, Promise.reject(new Error("listen EADDRINUSE: address already in use"))))).rejects.toThrow("EADDRINUSE");
    expect(calls).toBe(3);

    calls = 0;
    await expect(retryWhenPortTaken(() => (calls += 1, Promise.reject(new Error("solc failed"))))).rejects.toThrow("solc failed");
    expect(calls).toBe(1);
  });
});
