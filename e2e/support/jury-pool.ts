import { expect } from "@playwright/test";
import { formatEther, type Address, type Hex, type PublicClient } from "viem";
import { juryCourtAbi, roleRegistryAbi } from "@/lib/chain/abi";
import { outletKey } from "@/lib/chain/vouchers";
import { roleRevoke } from "@/features/roles/revoke.endpoint";
import { ROLE } from "@/lib/roles/role-catalog";
import type { bridgeClient } from "@/test/support/bridge-client";

type BenchOnChain = { publicClient: PublicClient; registry: Address; benchSlug: string; jurors: readonly Address[] };

/** The juror wallets the chain counts as voters at the bench outlet now. */
async function votersAmong(options: BenchOnChain): Promise<Address[]> {
  const voters: Address[] = [];
  for (const wallet of options.jurors) {
    if (await options.publicClient.readContract({ address: options.registry, abi: roleRegistryAbi, functionName: "isVoter", args: [outletKey(options.benchSlug), wallet] })) voters.push(wallet);
  }
  return voters;
}

/**
 * Takes a spec's juror wallets out of the jury pool when the spec is done: their Editor roles at the
 * spec's bench outlet are revoked, and the chain is asked until none is a voter there any more. Juries
 * are drawn in proportion to bond from every bonded Editor on the shared stack, so a spec's heavy bonds
 * left in the pool would seat its jurors in the next spec's case.
 */
export async function leaveJuryPool(options: BenchOnChain & { api: ReturnType<typeof bridgeClient>; benchOwnerKey: Hex }): Promise<void> {
  for (const wallet of options.jurors) {
    await options.api.call(roleRevoke, { body: { outletSlug: options.benchSlug, wallet, roleId: ROLE.EDITOR } }, options.benchOwnerKey);
  }
  await expect.poll(() => votersAmong(options), { timeout: 60_000 }).toEqual([]);
}

/**
 * Waits until the chain counts every one of the spec's juror wallets as a voter at the bench outlet, so
 * a case opened next snapshots a pool that holds them all (the spec's assertion on who is drawn needs
 * the pool it assumes).
 */
export async function awaitJuryPool(options: BenchOnChain): Promise<void> {
  const missing = async () => {
    const voters = await votersAmong(options);
    return options.jurors.filter((wallet) => !voters.includes(wallet));
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
