import path from "node:path";
import type { Hex } from "viem";
import { expect } from "vitest";
import { openDatabase, type DatabaseHandle } from "@/lib/db/connection";
import { capsuleCreate } from "@/features/capsules/create.endpoint";
import { activeOutlet, chainAccess, deployedContracts, grantRole, type Api } from "@/features/capsules/capsules.test-support";
import { startTestDns } from "@/features/outlets/dns-server.test-support";
import { bridgeClient } from "@/test/support/bridge-client";
import { startStack, type Stack } from "@/test/support/stack";

export type JournalistDesk = { stack: Stack; api: Api; handle: DatabaseHandle; draftId: string; close: () => Promise<void> };

/**
 * A stack with generous write and read limits, an active outlet `slug` of `ownerKey` (its domain checked
 * against a test DNS server), `journalistKey` bonded and granted Journalist there, and one draft of hers;
 * with the stack's database opened beside it for checks on the rows.
 */
export async function openJournalistDesk(options: { dialect: "sqlite" | "postgres"; slug: string; ownerKey: Hex; journalistKey: Hex; draft: { title: string; body: string } }): Promise<JournalistDesk> {
  const { dialect, slug, ownerKey, journalistKey } = options;
  const dns = await startTestDns();
  const stack = await startStack({ database: dialect, env: { CAPSULE_DNS_SERVERS: dns.server, CAPSULE_DNS_TIMEOUT_MS: "3000", CAPSULE_RATE_WRITE_PER_MIN: "1000", CAPSULE_RATE_PUBLIC_GET_PER_MIN: "5000" } });
  const api = bridgeClient(stack.baseUrl);
  const handle = openDatabase({ databaseUrl: stack.databaseUrl, sqliteFile: path.join(stack.dataDir, "capsule.sqlite") });
  const close = async () => {
    await handle.close();
    await stack.stop();
    await dns.close();
  };
  try {
    const chain = chainAccess(stack, await deployedContracts(api));
    await chain.deposit(journalistKey, "100");
    await activeOutlet(api, dns, ownerKey, slug);
    await grantRole(api, ownerKey, slug, journalistKey, 1);
    const created = await api.send(capsuleCreate, { body: { ...options.draft, outletSlug: slug } }, journalistKey);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return { stack, api, handle, draftId: String(created.body.capsuleId), close };
  } catch (error) {
    await close();
    throw error;
  }
}
