import "server-only";
import { getAddress, type Address } from "viem";
import { integrityCourtAbi, roleRegistryAbi } from "@/lib/chain/abi";
import { chainClients } from "@/lib/chain/server/clients";
import { requireDeployment } from "@/lib/chain/server/current-deployment";
import { chainCall } from "@/lib/chain/server/chain-unavailable";
import type { AppliedPenalty } from "./penalty-settlement";

// The court's chain reads (the bond, a penalty already applied); the penalty itself goes through the operator outbox
// (penalty-preflight.ts, jury-settle.ts).


/** RoleRegistry.bondOf(wallet), in wei. */
export async function bondOf(wallet: Address): Promise<bigint> {
  return chainCall("court-chain", "read bond", async () => {
    const address = requireDeployment().contracts.roleRegistry.address as Address;
    return await chainClients().publicClient.readContract({ address, abi: roleRegistryAbi, functionName: "bondOf", args: [wallet] });
  });
}

/**
 * The PenaltyApplied log of a court case when IntegrityCourt.penaltyApplied(caseId) says the chain holds one:
 * where it is, what it took, from which wallet and for which verdict. undefined when no penalty was applied.
 */
export async function appliedPenaltyOf(caseId: bigint): Promise<{ applied: AppliedPenalty; wallet: Address; verdict: string } | undefined> {
  return chainCall("court-chain", "read the applied penalty", async () => {
    const deployment = requireDeployment();
    const address = deployment.contracts.integrityCourt.address as Address;
    const { publicClient } = chainClients();
    const applied = await publicClient.readContract({ address, abi: integrityCourtAbi, functionName: "penaltyApplied", args: [caseId] });
    if (!applied) return undefined;
    const logs = await publicClient.getContractEvents({
      address,
      abi: integrityCourtAbi,
      eventName: "PenaltyApplied",
      args: { caseId },
      fromBlock: BigInt(deployment.contracts.integrityCourt.blockNumber),
      toBlock: "latest",
      strict: true,
    });
    const log = logs.at(-1);
    if (!log || log.transactionHash === null || log.blockNumber === null || log.logIndex === null) throw new Error(`IntegrityCourt says case ${caseId} was penalised but holds no PenaltyApplied log for it`);
    return {
      applied: { txHash: log.transactionHash, blockNumber: Number(log.blockNumber), logIndex: log.logIndex, slashed: log.args.amount },
      wallet: getAddress(log.args.outletWallet),
      verdict: log.args.verdict,
    };
  });
}
