import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { stopChild } from "@/lib/process/stop-child";
import { freePort } from "@/test/support/free-port";
import { onCleanup } from "./cleanup";

// Debian's haproxy on loopback in front of bridge servers (`npm run bench scale`): a config file in
// a temp dir, round robin, health checks on GET /api/health, and a stats listener whose CSV says
// which servers haproxy holds up or down. Nothing is downloaded: without the package the bench stops.

export const HAPROXY_MISSING =
  "haproxy is not installed; the scale bench puts Debian's haproxy on loopback in front of the servers. Install the Debian package: apt-get install haproxy";

/** haproxy's version line; throws HAPROXY_MISSING when the binary is not on PATH. */
export function haproxyVersion(): string {
  const result = spawnSync("haproxy", ["-v"], { encoding: "utf8" });
  if (result.error || result.status !== 0) throw new Error(HAPROXY_MISSING);
  return result.stdout.split("\n")[0]?.trim() ?? "haproxy";
}

/**
 * Round robin over `backends`; a server is checked every 500 ms and taken out after 2 failed
 * checks. A request whose connection is refused (a killed server) is tried again on another
 * server; one already sent is not (retry-on stays at its default, conn-failure), so a relayed vote
 * is never sent twice by the balancer.
 */
export function haproxyConfig(options: { port: number; statsPort: number; backends: string[] }): string {
  return [
    "global",
    "  maxconn 4096",
    "defaults",
    "  mode http",
    "  timeout connect 2s",
    "  timeout client 60s",
    "  timeout server 60s",
    "  timeout http-request 10s",
    "  retries 2",
    "  option redispatch 1",
    "  option forwardfor",
    "frontend capsule",
    `  bind 127.0.0.1:${options.port}`,
    "  default_backend bridges",
    "backend bridges",
    "  balance roundrobin",
    "  option httpchk GET /api/health",
    "  http-check expect status 200",
    "  default-server inter 500ms fall 2 rise 2",
    ...options.backends.map((url, n) => `  server s${n} ${new URL(url).host} check`),
    "listen stats",
    `  bind 127.0.0.1:${options.statsPort}`,
    "  stats enable",
    "  stats uri /stats",
    "",
  ].join("\n");
}

export type Haproxy = {
  url: string;
  /** Each backend server's state as haproxy holds it (UP, DOWN, …), in the order of `backends`. */
  states: () => Promise<string[]>;
  output: () => string;
  stop: () => Promise<void>;
};

/** Starts haproxy in the foreground; resolves once every backend is UP. */
export async function startHaproxy(backends: string[]): Promise<Haproxy> {
  haproxyVersion();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "capsule-haproxy-"));
  const [port, statsPort] = [await freePort(), await freePort()];
  const file = path.join(dir, "haproxy.cfg");
  fs.writeFileSync(file, haproxyConfig({ port, statsPort, backends }));
  const child = spawn("haproxy", ["-db", "-f", file], { stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const stop = onCleanup(async () => {
    await stopChild(child, 5_000);
    fs.rmSync(dir, { recursive: true, force: true });
  });
  const states = async () => {
    const csv = await (await fetch(`http://127.0.0.1:${statsPort}/stats;csv`)).text();
    const rows = csv.split("\n").map((line) => line.split(","));
    const status = rows[0]?.indexOf("status") ?? -1;
    return backends.map((_, n) => rows.find((r) => r[0] === "bridges" && r[1] === `s${n}`)?.[status] ?? "unknown");
  };
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`haproxy exited with code ${child.exitCode}:\n${output}`);
    }
    const up = await states().catch(() => []);
    if (up.length === backends.length && up.every((s) => s === "UP")) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`haproxy did not see every server up in time (${up.join(", ")}):\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { url: `http://127.0.0.1:${port}`, states, output: () => output, stop };
}
