import "server-only";
import type { Address } from "viem";
import { roleRegistryAbi } from "@/lib/chain/abi";
import { chainClients } from "@/lib/chain/server/clients";
import { requireDeployment } from "@/lib/chain/server/current-deployment";
import { AppError } from "@/lib/errors/app-error";
import { logError } from "@/lib/log";

// The court's bond read; the penalty itself goes through the operator outbox (record-verdict.ts).

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
