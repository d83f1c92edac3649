import "server-only";
import { chainClients } from "./clients";

export type NodeStatus = { reachable: boolean; blockNumber: number | null; blockTimestamp: number | null; chainId: number | null };

export async function readNodeStatus(): Promise<NodeStatus> {
  const { publicClient } = chainClients();
  try {
    const [block, chainId] = await Promise.all([publicClient.getBlock({ blockTag: "latest" }), publicClient.getChainId()]);
    return { reachable: true, blockNumber: Number(block.number), blockTimestamp: Number(block.timestamp), chainId };
  } catch {
    return { reachable: false, blockNumber: null, blockTimestamp: null, chainId: null };
  }
}
