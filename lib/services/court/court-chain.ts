import "server-only";
import { BaseError, ContractFunctionRevertedError, parseEventLogs, type Address, type Hex } from "viem";
import { integrityCourtAbi, roleRegistryAbi } from "@/lib/chain/abi";
import { chainClients } from "@/lib/chain/server/clients";
import { requireDeployment } from "@/lib/chain/server/current-deployment";
import { AppError } from "@/lib/errors/app-error";
import { logError } from "@/lib/log";

// The court's chain boundary: bond reads and IntegrityCourt.applyPenalty from the operator wallet.

function unavailable(what: string, error: unknown): AppError {
  logError("court-chain", error, { what });
  return new AppError("CHAIN_UNAVAILABLE", `The chain could not be reached or refused the call (${what}); nothing was changed`);
}

/** RoleRegistry.bondOf(wallet), in wei. */
export async function bondOf(wallet: Address): Promise<bigint> {
  try {
    const address = requireDeployment().contracts.roleRegistry.address as Address;
    return await chainClients().publicClient.readContract({ address, abi: roleRegistryAbi, functionName: "bondOf", args: [wallet] });
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw unavailable("read bond", error);
  }
}

export type PenaltyReceipt = { txHash: Hex; blockNumber: bigint; logIndex: number; slashed: bigint };

function revertName(error: unknown): string | undefined {
  if (!(error instanceof BaseError)) return undefined;
  const reverted = error.walk((e) => e instanceof ContractFunctionRevertedError);
  return reverted instanceof ContractFunctionRevertedError ? reverted.data?.errorName : undefined;
}

// Operator transactions share one queue (same global as the roles and capsules services) so nonces never collide.
const globalQueue = globalThis as unknown as { capsuleRoleRegistryQueue?: Promise<unknown> };

/**
 * IntegrityCourt.applyPenalty(outletSlug, outletWallet, caseId, verdict, amount), sent by the
 * operator; waits for the receipt and reads the PenaltyApplied log (amount = what was slashed).
 */
export function sendPenalty(args: { outletSlug: string; outletWallet: Address; caseId: number; verdict: string; amount: bigint }): Promise<PenaltyReceipt> {
  const run = async (): Promise<PenaltyReceipt> => {
    const { publicClient, walletClient, operator } = chainClients();
    try {
      const address = requireDeployment().contracts.integrityCourt.address as Address;
      const { request } = await publicClient.simulateContract({
        address,
        abi: integrityCourtAbi,
        functionName: "applyPenalty",
        args: [args.outletSlug, args.outletWallet, BigInt(args.caseId), args.verdict, args.amount],
        account: operator,
      });
      const hash = await walletClient.writeContract(request);
      const receipt = await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 100, timeout: 30_000 });
      if (receipt.status !== "success") throw new Error(`transaction ${hash} reverted`);
      const [log] = parseEventLogs({ abi: integrityCourtAbi, eventName: "PenaltyApplied", logs: receipt.logs });
      if (!log) throw new Error(`transaction ${hash} has no PenaltyApplied log`);
      return { txHash: hash, blockNumber: receipt.blockNumber, logIndex: log.logIndex, slashed: log.args.amount };
    } catch (error) {
      if (error instanceof AppError) throw error;
      if (revertName(error) === "PenaltyAlreadyApplied") {
        throw new AppError("CONFLICT", `A penalty was already applied on chain for case ${args.caseId}`);
      }
      throw unavailable("apply the penalty", error);
    }
  };
  const next = (globalQueue.capsuleRoleRegistryQueue ?? Promise.resolve()).catch(() => undefined).then(run);
  globalQueue.capsuleRoleRegistryQueue = next;
  return next;
}
