import "server-only";
import type { Address } from "viem";
import { burnPoolAbi } from "@/lib/chain/abi";
import { chainClients } from "@/lib/chain/server/clients";
import { requireDeployment } from "@/lib/chain/server/current-deployment";
import { chainRead } from "@/lib/chain/server/chain-io";
import type { TBurnStatusResponse } from "@/features/burn/burn.schema";

/**
 * GET /api/burn/status — read straight from the BurnPool contract (the chain is the truth for the
 * pool, docs/ARCHITECTURE.md, "Where truth lives"), every value at one block so the figures agree with each other.
 */
export async function burnStatus(): Promise<TBurnStatusResponse> {
  const address = requireDeployment().contracts.burnPool.address as Address;
  const { publicClient } = chainClients();
  return chainRead("read the burn pool", async () => {
    const blockNumber = await publicClient.getBlockNumber({ cacheTime: 0 });
    const at = { address, abi: burnPoolAbi, blockNumber } as const;
    const [poolSize, nextBurnAt, lastBurnAmount, totalBurned, lastBurnAt, burnInterval] = await Promise.all([
      publicClient.readContract({ ...at, functionName: "poolSize" }),
      publicClient.readContract({ ...at, functionName: "nextBurnAt" }),
      publicClient.readContract({ ...at, functionName: "lastBurnAmount" }),
      publicClient.readContract({ ...at, functionName: "totalBurned" }),
      publicClient.readContract({ ...at, functionName: "lastBurnAt" }),
      publicClient.readContract({ ...at, functionName: "burnInterval" }),
    ]);
    return {
      ok: true as const,
      poolSize: poolSize.toString(),
      nextBurnDate: nextBurnAt.toString(),
      lastBurnAmount: lastBurnAmount.toString(),
      totalBurned: totalBurned.toString(),
      lastBurnDate: lastBurnAt.toString(),
      burnIntervalSeconds: burnInterval.toString(),
      burnPool: address,
      blockNumber: blockNumber.toString(),
    };
  });
}
