import "server-only";
import type { Address, Hex } from "viem";
import type { Trx } from "@/lib/db/database";
import { activeBondedRoleIds } from "@/lib/db/repositories/roles.repository";
import { lockFor } from "@/lib/outlets/role-catalog";
import { readBond, writeLocked, writeVoter } from "./role-registry-chain";

/**
 * Brings RoleRegistry in line with the wallet's active bonded roles as this transaction sees
 * them: lock = the largest requirement among them; optionally the voter flag at one outlet.
 * Runs inside the SQL transaction, before commit, so a chain failure rolls SQL back.
 */
export async function syncWalletOnChain(trx: Trx, wallet: Address, voter?: { slug: string; allowed: boolean }): Promise<Hex[]> {
  const hashes: Hex[] = [];
  const wanted = lockFor(await activeBondedRoleIds(trx, wallet));
  const { locked } = await readBond(wallet);
  if (locked !== wanted) hashes.push(await writeLocked(wallet, wanted));
  if (voter) hashes.push(await writeVoter(voter.slug, wallet, voter.allowed));
  return hashes;
}
