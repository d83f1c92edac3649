import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { startStack } from "@/test/support/stack";
import { startRecordsDns } from "./support/dns-server";

// Starts one real stack for the whole e2e run; Playwright calls the returned function at teardown.
// A loopback DNS server (TXT records from CAPSULE_E2E_DNS_RECORDS) starts first, and the stack
// resolves outlet domains through it only.
export default async function globalSetup(): Promise<() => Promise<void>> {
  const dnsDir = fs.mkdtempSync(path.join(os.tmpdir(), "capsule-e2e-dns-"));
  const recordsFile = path.join(dnsDir, "records.json");
  fs.writeFileSync(recordsFile, "{}");
  process.env.CAPSULE_E2E_DNS_RECORDS = recordsFile;
  const dns = await startRecordsDns(recordsFile);

  // every browser context of a run shares one loopback IP, and the specs sign with the same ten dev
  // wallets within a minute, so the per-IP and per-wallet limits are raised (vitest covers the limits)
  const env = { CAPSULE_DNS_SERVERS: dns.address, CAPSULE_RATE_PUBLIC_GET_PER_MIN: "3000", CAPSULE_RATE_RPC_PER_MIN: "3000", CAPSULE_RATE_WRITE_PER_IP_PER_MIN: "3000", CAPSULE_RATE_WRITE_PER_MIN: "600" };
  const stack = await startStack({ database: "sqlite", env }).catch(async (error: unknown) => {
    await dns.close();
    throw error;
  });
  process.env.CAPSULE_E2E_BASE_URL = stack.baseUrl;
  process.env.CAPSULE_E2E_NODE_RPC_URL = stack.nodeRpcUrl;
  process.env.CAPSULE_E2E_BOUNTY_URL = stack.bountyUrl;
  process.env.CAPSULE_E2E_DATA_DIR = stack.dataDir;
  fs.mkdirSync(path.resolve("test-results", "screenshots"), { recursive: true });
  return async () => {
    await stack.stop();
    // the server's own lines (indexer, live hub, warnings), to read when a spec that waits for a push fails
    fs.writeFileSync(path.resolve("test-results", "e2e-server.log"), stack.output());
    await dns.close();
    fs.rmSync(dnsDir, { recursive: true, force: true });
  };
}
