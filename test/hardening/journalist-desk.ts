import type { Hex } from "viem";
import { expect } from "vitest";
import type { DatabaseHandle } from "@/lib/db/connection";
import { capsuleCreate } from "@/features/capsules/create.endpoint";
import { activeOutlet, chainAccess, deployedContracts, grantRole, type Api } from "@/features/capsules/capsules.test-support";
import { startDeskStack } from "@/test/support/desk-stack";
import type { Stack } from "@/test/support/stack";

export type JournalistDesk = { stack: Stack; api: Api; handle: DatabaseHandle; draftId: string; close: () => Promise<void> };

/**
 * A stack with generous write and read limits, an active outlet `slug` of `ownerKey` (its domain checked
 * against a test DNS server), `journalistKey` bonded and granted Journalist there, and one draft of hers;
 * with the stack's database opened beside it for checks on the rows.
 */
export async function openJournalistDesk(options: { dialect: "sqlite" | "postgres"; slug: string; ownerKey: Hex; journalistKey: Hex; draft: { title: string; body: string } }): Promise<JournalistDesk> {
  const { dialect, slug, ownerKey, journalistKey } = options;
  const { stack, dns, api, handle, stop } = await startDeskStack(dialect, { env: { CAPSULE_RATE_PUBLIC_GET_PER_MIN: "5000" }, withDatabase: true });
  try {
    const chain = chainAccess(stack, await deployedContracts(api));
    await chain.deposit(journalistKey, "100");
    await activeOutlet(api, dns, ownerKey, slug);
    await grantRole(api, ownerKey, slug, journalistKey, 1);
    const created = await api.send(capsuleCreate, { body: { ...options.draft, outletSlug: slug } }, journalistKey);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return { stack, api, handle, draftId: String(created.body.capsuleId), close: stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
