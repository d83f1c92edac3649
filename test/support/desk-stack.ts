import type { DatabaseHandle } from "@/lib/db/connection";
import { startTestDns } from "@/features/outlets/dns-server.test-support";
import { openStackDatabase } from "@/features/outlets/outlets.test-support";
import { bridgeClient } from "./bridge-client";
import { startStack, type Stack } from "./stack";

export type TestDns = Awaited<ReturnType<typeof startTestDns>>;

/** A stack whose outlet domains resolve on a loopback DNS server, its bridge client, and one stop() for all of it. */
export type DeskStack = {
  stack: Stack;
  dns: TestDns;
  api: ReturnType<typeof bridgeClient>;
  /** Closes the database handle, stops the stack, then closes the DNS server; each step runs even when one before it failed. */
  stop: () => Promise<void>;
};

type DeskStackOptions = {
  /** Added to the desk's environment; a name set here wins over the defaults. */
  env?: Record<string, string>;
  /** Opens the stack's own database beside it, for tests that read or plant rows. */
  withDatabase?: boolean;
};

// most desk tests send far more requests in a minute than the production limits allow a session or an IP
const RAISED_RATE_LIMITS = { CAPSULE_RATE_WRITE_PER_MIN: "1000", CAPSULE_RATE_PUBLIC_GET_PER_MIN: "1000" };

/**
 * Starts a loopback DNS server and a stack that resolves outlet domains on it, with raised rate limits.
 * When a start fails part way, what did start is stopped before the error is thrown.
 */
export async function startDeskStack(dialect: "sqlite" | "postgres", options: DeskStackOptions & { withDatabase: true }): Promise<DeskStack & { handle: DatabaseHandle }>;
export async function startDeskStack(dialect: "sqlite" | "postgres", options?: DeskStackOptions): Promise<DeskStack>;
export async function startDeskStack(dialect: "sqlite" | "postgres", options: DeskStackOptions = {}): Promise<DeskStack & { handle?: DatabaseHandle }> {
  let stack: Stack | undefined;
  let handle: DatabaseHandle | undefined;
  const dns = await startTestDns();
  const stop = async () => {
    const failures: unknown[] = [];
    for (const step of [() => handle?.close(), () => stack?.stop(), () => dns.close()]) {
      try {
        await step();
      } catch (error) {
        failures.push(error);
      }
    }
    if (failures.length > 0) throw failures[0];
  };
  try {
    stack = await startStack({
      database: dialect,
      env: { CAPSULE_DNS_SERVERS: dns.server, CAPSULE_DNS_TIMEOUT_MS: "3000", ...RAISED_RATE_LIMITS, ...options.env },
    });
    if (options.withDatabase) handle = openStackDatabase(stack);
    return { stack, dns, api: bridgeClient(stack.baseUrl), handle, stop };
  } catch (error) {
    await stop().catch(() => undefined);
    throw error;
  }
}
