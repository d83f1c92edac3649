import { expect } from "@playwright/test";
import type { Address, Hex, PublicClient } from "viem";
import { roleRegistryAbi } from "@/lib/chain/abi";
import { outletKey } from "@/lib/chain/vouchers";
import { roleRevoke } from "@/features/roles/revoke.endpoint";
import { ROLE } from "@/lib/roles/role-catalog";
import type { bridgeClient } from "@/test/support/bridge-client";

/**
 * Takes a spec's juror wallets out of the jury pool when the spec is done: their Editor roles at the
 * spec's bench outlet are revoked, and the chain is asked until none is a voter there any more. Juries
 * are drawn in proportion to bond from every bonded Editor on the shared stack, so a spec's heavy bonds
 * left in the pool would seat its jurors in the next spec's case.
 */
export async function leaveJuryPool(options: {
  api: ReturnType<typeof bridgeClient>;
  publicClient: PublicClient;
  registry: Address;
  benchSlug: string;
  benchOwnerKey: Hex;
  jurors: readonly Address[];
}): Promise<void> {
  for (const wallet of options.jurors) {
    await options.api.call(roleRevoke, { body: { outletSlug: options.benchSlug, wallet, roleId: ROLE.EDITOR } }, options.benchOwnerKey);
  }
  const stillVoters = async () => {
    let count = 0;
    for (const wallet of options.jurors) {
      if (await options.publicClient.readContract({ address: options.registry, abi: roleRegistryAbi, functionName: "isVoter", args: [outletKey(options.benchSlug), wallet] })) count += 1;
    }
    return count;
  };
  await expect.poll(stillVoters, { timeout: 60_000 }).toBe(0);
}
