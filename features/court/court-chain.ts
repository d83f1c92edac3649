import "server-only";
import type { Address } from "viem";
import { roleRegistryAbi } from "@/lib/chain/abi";
import { chainClients } from "@/lib/chain/server/clients";
import { requireDeployment } from "@/lib/chain/server/current-deployment";
import { chainCall } from "@/lib/chain/server/chain-unavailable";

// The court's bond read; the penalty itself goes through the operator outbox (penalty-preflight.ts, jury-settle.ts).


/** RoleRegistry.bondOf(wallet), in wei. */
export async function bondOf(wallet: Address): Promise<bigint> {
  return chainCall("court-chain", "read bond", async () => {
    const address = requireDeployment().contracts.roleRegistry.address as Address;
    return await chainClients().publicClient.readContract({ address, abi: roleRegistryAbi, functionName: "bondOf", args: [wallet] });
  });
}
