import { expect } from "@playwright/test";
import { formatEther, type Address, type Hex, type PublicClient } from "viem";
import { juryCourtAbi, roleRegistryAbi } from "@/lib/chain/abi";
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

/**
 * Waits until the chain counts every one of the spec's juror wallets as a voter at the bench outlet, so
 * a case opened next snapshots a pool that holds them all (the grant answers after its receipts, but the
 * draw's fairness is the chain's, and the spec's assertion on who is drawn needs the pool it assumes).
 */
export async function awaitJuryPool(options: { publicClient: PublicClient; registry: Address; benchSlug: string; jurors: readonly Address[] }): Promise<void> {
  const missing = async () => {
    const out: Address[] = [];
    for (const wallet of options.jurors) {
      if (!(await options.publicClient.readContract({ address: options.registry, abi: roleRegistryAbi, functionName: "isVoter", args: [outletKey(options.benchSlug), wallet] }))) out.push(wallet);
    }
    return out;
  };
  await expect.poll(missing, { timeout: 60_000, message: "every bench juror is a voter on chain" }).toEqual([]);
}

/** The jury pool a case drew from (its snapshot block), wallet and bond, heaviest first: said when a draw surprises a spec. */
export async function poolAtSnapshot(options: { publicClient: PublicClient; registry: Address; juryCourt: Address; caseId: string; outletSlug: string }): Promise<string> {
  const opened = await options.publicClient.getContractEvents({ address: options.juryCourt, abi: juryCourtAbi, eventName: "CaseOpened", args: { caseId: BigInt(options.caseId) }, fromBlock: 0n });
  const snapshot = opened[0]?.args.snapshotBlock;
  if (snapshot === undefined) return `case ${options.caseId} has no CaseOpened event`;
  const [wallets, weights] = await options.publicClient.readContract({ address: options.registry, abi: roleRegistryAbi, functionName: "jurorPoolAt", args: [outletKey(options.outletSlug), BigInt(snapshot)] });
  const rows = wallets.map((wallet, i) => ({ wallet, bond: weights[i] ?? 0n })).sort((a, b) => (b.bond > a.bond ? 1 : b.bond < a.bond ? -1 : 0));
  return `pool at block ${snapshot}: ${rows.map((r) => `${r.wallet}=${formatEther(r.bond)}`).join(", ")}`;
}
