import "server-only";
import { chainClients } from "@/lib/chain/server/clients";
import { chainCall, chainUnavailable } from "@/lib/chain/server/chain-unavailable";

// The capsule lifecycle's chain reads: the chain clock, and reads whose failure is 503
// CHAIN_UNAVAILABLE. Operator transactions go through lib/chain/operator (the outbox).


/** "Now" for voting windows and vouchers: the latest block's timestamp (docs/ARCHITECTURE.md, "Where truth lives"). */
export async function chainNow(): Promise<number> {
  try {
    const block = await chainClients().publicClient.getBlock({ blockTag: "latest" });
    return Number(block.timestamp);
  } catch (error) {
    throw chainUnavailable("capsules-chain", "read the latest block", error);
  }
}

export const chainRead = <T>(what: string, run: () => Promise<T>): Promise<T> => chainCall("capsules-chain", what, run);
