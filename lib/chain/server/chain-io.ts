import "server-only";
import { chainClients } from "@/lib/chain/server/clients";
import { chainCall } from "@/lib/chain/server/chain-unavailable";

// The services' chain reads: the chain clock, and reads whose failure is 503 CHAIN_UNAVAILABLE.
// Operator transactions go through lib/chain/operator (the outbox).

export const chainRead = <T>(what: string, run: () => Promise<T>): Promise<T> => chainCall("capsules-chain", what, run);

/**
 * "Now" for voting windows and vouchers, as the chain will judge the next transaction: the latest block's
 * timestamp, or the wall clock when that is later. A node that makes blocks only for transactions (the
 * bundled anvil) can sit for hours on an old block, and the next block is stamped with the present; a
 * voucher whose deadline came from the old block was expired before it was signed.
 */
export const chainNow = (): Promise<number> =>
  chainRead("read the latest block", async () => nextBlockTime(Number((await chainClients().publicClient.getBlock({ blockTag: "latest" })).timestamp), Date.now()));

/** The time the chain will give the next transaction: the latest block's, or the wall clock's when later. */
export const nextBlockTime = (latestBlockTimestamp: number, nowMs: number): number => Math.max(latestBlockTimestamp, Math.floor(nowMs / 1000));
