import "server-only";
import { chainClients } from "@/lib/chain/server/clients";
import { chainCall } from "@/lib/chain/server/chain-unavailable";

// The services' chain reads: the chain clock, and reads whose failure is 503 CHAIN_UNAVAILABLE.
// Operator transactions go through lib/chain/operator (the outbox).

export const chainRead = <T>(what: string, run: () => Promise<T>): Promise<T> => chainCall("capsules-chain", what, run);

/** "Now" for voting windows and vouchers: the latest block's timestamp (docs/ARCHITECTURE.md, "Where truth lives"). */
export const chainNow = (): Promise<number> => chainRead("read the latest block", async () => Number((await chainClients().publicClient.getBlock({ blockTag: "latest" })).timestamp));
