import "server-only";
import type { Address } from "viem";
import type { Db, Trx } from "@/lib/db/database";
import type { OutboxRow } from "@/lib/db/tables/operator-outbox.table";
import { activeBondedRoleIds } from "@/features/roles/roles.repository";
import { operatorCalls } from "@/lib/chain/operator/operator-calls";
import { prepareOperatorTx, stageOperatorTx, type PreparedTx } from "@/lib/chain/operator/queue-operator-tx";
import { lockFor } from "@/lib/roles/role-catalog";
import { readBond } from "@/lib/chain/server/role-registry-reads";

// RoleRegistry follows the wallet's active bonded roles: lock = the largest requirement among them,
// and optionally the voter flag at one outlet. Three steps so no chain round-trip happens inside a
// SQL transaction: `prepareWalletSync` (pre-flight, before), `stageWalletSync` (in the transaction
// that changes the roles: signed outbox rows), then the caller broadcasts and awaits after commit.

export type WalletSyncPlan = {
  wallet: Address;
  locked: bigint;
  lock: PreparedTx;
  voter?: { slug: string; allowed: boolean; prepared: PreparedTx };
  /** RoleRegistry's member flag at the outlet: a non-Editor role there keeps the wallet off that outlet's juries. */
  member?: { slug: string; member: boolean; prepared: PreparedTx };
  roleId?: number;
};

/** Before the SQL transaction: the chain's lock, and the pre-flight of the lock (as the change will leave it) and voter writes. */
export async function prepareWalletSync(
  db: Db,
  wallet: Address,
  change: { grant?: number; revoke?: number },
  voter?: { slug: string; allowed: boolean },
  member?: { slug: string; member: boolean },
): Promise<WalletSyncPlan> {
  const held = await activeBondedRoleIds(db, wallet);
  if (change.grant !== undefined) held.push(change.grant);
  if (change.revoke !== undefined && held.includes(change.revoke)) held.splice(held.indexOf(change.revoke), 1);
  const { locked } = await readBond(wallet);
  const lock = await prepareOperatorTx("setLocked", operatorCalls.setLocked(wallet, lockFor(held)));
  const voterTx = voter ? { ...voter, prepared: await prepareOperatorTx("setVoter", operatorCalls.setVoter(voter.slug, wallet, voter.allowed)) } : undefined;
  const memberTx = member ? { ...member, prepared: await prepareOperatorTx("setMember", operatorCalls.setMember(member.slug, wallet, member.member)) } : undefined;
  return { wallet, locked, lock, voter: voterTx, member: memberTx, roleId: change.grant ?? change.revoke };
}

/**
 * Inside the SQL transaction that changed the roles: the lock as this transaction sees them (staged
 * only if it differs from the chain's) and the voter flag, as signed outbox rows in nonce order.
 */
export async function stageWalletSync(trx: Trx, plan: WalletSyncPlan): Promise<OutboxRow[]> {
  const rows: OutboxRow[] = [];
  const links = { wallet: plan.wallet, roleId: plan.roleId };
  const wanted = lockFor(await activeBondedRoleIds(trx, plan.wallet));
  if (wanted !== plan.locked) {
    rows.push(await stageOperatorTx(trx, plan.lock, { purpose: "roles.lock", links, call: operatorCalls.setLocked(plan.wallet, wanted) }));
  }
  if (plan.voter) rows.push(await stageOperatorTx(trx, plan.voter.prepared, { purpose: "roles.voter", links }));
  if (plan.member) rows.push(await stageOperatorTx(trx, plan.member.prepared, { purpose: "roles.member", links }));
  return rows;
}
