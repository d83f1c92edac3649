import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FullConfig } from "@playwright/test";
import { startStack, type Stack } from "@/test/support/stack";
import { startRecordsDns } from "./support/dns-server";
import { E2E_SLOT_VARIABLES, slotVariable } from "./support/worker-slot";

// Starts one real stack per Playwright worker (anvil, SQLite, web server and a loopback DNS server of its own), so
// two workers never share a chain, a wallet's nonce, an outlet or a DNS record. Each stack's addresses go into
// CAPSULE_E2E_<NAME>_<slot>; playwright.config.ts gives a worker its slot's values under the plain names.
// Playwright calls the returned function at teardown.

type Slot = { stack: Stack; closeDns: () => Promise<void>; dnsDir: string };

async function startSlot(slot: number): Promise<Slot> {
  const dnsDir = fs.mkdtempSync(path.join(os.tmpdir(), `capsule-e2e-dns-${slot}-`));
  const recordsFile = path.join(dnsDir, "records.json");
  fs.writeFileSync(recordsFile, "{}");
  const dns = await startRecordsDns(recordsFile);
  // every browser context of a worker shares one loopback IP, and the specs sign with the same ten dev
  // wallets within a minute, so the per-IP and per-wallet limits are raised (vitest covers the limits)
  const env = { CAPSULE_DNS_SERVERS: dns.address, CAPSULE_RATE_PUBLIC_GET_PER_MIN: "3000", CAPSULE_RATE_RPC_PER_MIN: "3000", CAPSULE_RATE_WRITE_PER_IP_PER_MIN: "3000", CAPSULE_RATE_WRITE_PER_MIN: "600" };
  const stack = await startStack({ database: "sqlite", env }).catch(async (error: unknown) => {
    await dns.close();
    throw error;
  });
  const values: Record<(typeof E2E_SLOT_VARIABLES)[number], string> = {
    CAPSULE_E2E_BASE_URL: stack.baseUrl,
    CAPSULE_E2E_NODE_RPC_URL: stack.nodeRpcUrl,
    CAPSULE_E2E_BOUNTY_URL: stack.bountyUrl,
    CAPSULE_E2E_DATA_DIR: stack.dataDir,
    CAPSULE_E2E_DNS_RECORDS: recordsFile,
  };
  for (const [name, value] of Object.entries(values)) process.env[slotVariable(name, slot)] = value;
  return { stack, closeDns: dns.close, dnsDir };
}

export default async function globalSetup(config: FullConfig): Promise<() => Promise<void>> {
  const count = Math.max(1, config.workers);
  const started = await Promise.allSettled(Array.from({ length: count }, (_, slot) => startSlot(slot)));
  const slots = started.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []));
  const stopAll = async () => {
    const logs: string[] = [];
    for (const [slot, { stack, closeDns, dnsDir }] of slots.entries()) {
      await stack.stop();
      // the server's own lines (indexer, live hub, warnings), to read when a spec that waits for a push fails
      logs.push(`=== worker slot ${slot} ===\n${stack.output()}`);
      await closeDns();
      fs.rmSync(dnsDir, { recursive: true, force: true });
    }
    fs.writeFileSync(path.resolve("test-results", "e2e-server.log"), logs.join("\n"));
  };
  fs.mkdirSync(path.resolve("test-results", "screenshots"), { recursive: true });
  const failed = started.find((result) => result.status === "rejected");
  if (failed) {
    await stopAll();
    throw failed.reason;
  }
  // the main process (and a run with one worker) reads slot 0 under the plain names
  for (const name of E2E_SLOT_VARIABLES) process.env[name] = process.env[slotVariable(name, 0)];
  return stopAll;
}
