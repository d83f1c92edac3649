import { getAddress } from "viem";
import { deleteChainActivity, insertActivity } from "@/features/wallet/activity.repository";
import type { ProjectionReset, Projector } from "@/lib/indexer/projector";

const kinds: Record<string, string> = {
  BondDeposited: "bond.deposited",
  BondWithdrawn: "bond.withdrawn",
  BondSlashed: "bond.slashed",
  // the jury court takes part of a bond to refund a challenger: the bond shrinks as by a slash
  BondSeized: "bond.seized",
};

/** RoleRegistry bond events → the wallet's activity feed (amounts in wei, decimal strings). */
export const projectRoleBondActivity: Projector = async (trx, event) => {
  const kind = kinds[event.eventName];
  if (event.contract !== "roleRegistry" || !kind || typeof event.args.wallet !== "string") return;
  const details: Record<string, unknown> = { amount: String(event.args.amount ?? "0") };
  if (event.args.total !== undefined) details.total = String(event.args.total);
  details.blockNumber = String(event.blockNumber);
  details.logIndex = event.logIndex;
  await insertActivity(trx, [
    {
      wallet: getAddress(event.args.wallet),
      kind,
      outletSlug: null,
      subjectId: null,
      details,
      txHash: event.txHash,
      createdAt: event.blockTime,
    },
  ]);
};

/** Before a rebuild replays the chain: the bond activity it will write again. */
export const resetRoleBondActivity: ProjectionReset = async (trx) => {
  await deleteChainActivity(trx, Object.values(kinds));
  return async () => undefined;
};
