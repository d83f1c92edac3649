import "server-only";
import { chainClients } from "@/lib/chain/server/clients";
import { AppError } from "@/lib/errors/app-error";
import { logError } from "@/lib/log";

// The capsule lifecycle's chain reads: the chain clock, and reads whose failure is 503
// CHAIN_UNAVAILABLE. Operator transactions go through lib/chain/operator (the outbox).

function unavailable(what: string, error: unknown): AppError {
  logError("capsules-chain", error, { what });
  return new AppError("CHAIN_UNAVAILABLE", `The chain could not be reached or refused the call (${what}); nothing was changed`);
}

/** "Now" for voting windows and vouchers: the latest block's timestamp (docs/ARCHITECTURE.md, "Where truth lives"). */
export async function chainNow(): Promise<number> {
  try {
    const block = await chainClients().publicClient.getBlock({ blockTag: "latest" });
    return Number(block.timestamp);
  } catch (error) {
    throw unavailable("read the latest block", error);
  }
}

export async function chainRead<T>(what: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw unavailable(what, error);
  }
}
