import "server-only";
import type { Address } from "viem";
import { burnPoolAbi } from "@/lib/chain/abi";
import { chainClients } from "@/lib/chain/server/clients";
import { requireDeployment } from "@/lib/chain/server/current-deployment";
import { chainRead, nextBlockTime } from "@/lib/chain/server/chain-io";
import { burnSchedule } from "@/features/burn/burn-due";
import type { TBurnStatusResponse } from "@/features/burn/burn.schema";

/**
 * GET /api/burn/status — read straight from the BurnPool contract (the chain is the truth for the
 * pool, docs/ARCHITECTURE.md, "Where truth lives"), every value at one block so the figures agree with each other.
 */
export async function burnStatus(): Promise<TBurnStatusResponse> {
  const address = requireDeployment().contracts.burnPool.address as Address;
  const { publicClient } = chainClients();
  return chainRead("read the burn pool", async () => {
    const block = await publicClient.getBlock({ blockTag: "latest" });
    const blockNumber = block.number;
    const at = { address, abi: burnPoolAbi, blockNumber } as const;
    // the node makes blocks only for transactions: the next one (a burn) is stamped with the present
    const chainTime = nextBlockTime(Number(block.timestamp), Date.now());
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
      chainTime: String(chainTime),
      due: burnSchedule(Number(nextBurnAt), chainTime).due,
    };
  });
}
