import fs from "node:fs";
import net from "node:net";

// Ports the OS hands out for outgoing connections (Linux: 32768–60999). A port chosen by listening on
// port 0 comes from that range, so between choosing it and a child process listening on it, any
// outgoing connection of a test running beside it may take it. Ports are drawn below that range.
const FALLBACK_EPHEMERAL_START = 32_768;
const LOWEST = 20_000;

function ephemeralStart(): number {
  try {
    const [start] = fs.readFileSync("/proc/sys/net/ipv4/ip_local_port_range", "utf8").trim().split(/\s+/).map(Number);
    return start && start > LOWEST + 1_000 ? start : FALLBACK_EPHEMERAL_START;
  } catch {
    return FALLBACK_EPHEMERAL_START;
  }
}

function listensOn(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
}

/** How a start that lost its port says so: Node's code, or anvil's and the start script's words. */
const PORT_TAKEN = /EADDRINUSE|already in use/;

/**
 * Runs `start` (which picks its ports with freePort) again, up to three times in all, when another process
 * took a chosen port between choosing it and listening on it.
 */
export async function retryWhenPortTaken<T>(start: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await start();
    } catch (error) {
      if (attempt >= 3 || !(error instanceof Error) || !PORT_TAKEN.test(error.message)) throw error;
    }
  }
}

/** A free loopback port below the OS's range for outgoing connections. */
export async function freePort(): Promise<number> {
  const highest = ephemeralStart();
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const port = LOWEST + Math.floor(Math.random() * (highest - LOWEST));
    if (await listensOn(port)) return port;
  }
  throw new Error(`no free loopback port between ${LOWEST} and ${highest} after 200 tries`);
}
