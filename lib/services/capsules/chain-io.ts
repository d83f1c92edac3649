import "server-only";
import type { Abi, Address, Hex } from "viem";
import { chainClients } from "@/lib/chain/server/clients";
import { AppError } from "@/lib/errors/app-error";
import { logError } from "@/lib/log";

// The capsule lifecycle's chain boundary: the chain clock, and operator transactions whose
// contract reverts are turned into the matching 4xx while anything else is 503 CHAIN_UNAVAILABLE.

export type RevertMap = Record<string, () => AppError>;

function unavailable(what: string, error: unknown): AppError {
  logError("capsules-chain", error, { what });
  return new AppError("CHAIN_UNAVAILABLE", `The chain could not be reached or refused the call (${what}); nothing was changed`);
}

/** "Now" for voting windows and vouchers: the latest block's timestamp (DESIGN §2). */
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

/**
 * The custom error a contract call reverted with. Duck-typed on purpose: the shared viem clients
 * live on globalThis and may come from another route bundle's copy of viem, so `instanceof` fails.
 */
function revertName(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; current && typeof current === "object" && depth < 10; depth += 1) {
    const data = (current as { data?: unknown }).data;
    if (data && typeof data === "object" && typeof (data as { errorName?: unknown }).errorName === "string") return (data as { errorName: string }).errorName;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

// Operator transactions share one queue with the roles service (same global), so nonces never collide.
const globalQueue = globalThis as unknown as { capsuleRoleRegistryQueue?: Promise<unknown> };

/**
 * Simulates, sends and waits for an operator transaction. A revert named in `reverts` becomes
 * that AppError; any other failure is 503 CHAIN_UNAVAILABLE.
 */
export function operatorSend(
  what: string,
  request: { address: Address; abi: Abi; functionName: string; args: readonly unknown[] },
  reverts: RevertMap,
): Promise<{ hash: Hex; blockNumber: bigint }> {
  const run = async (): Promise<{ hash: Hex; blockNumber: bigint }> => {
    const { publicClient, walletClient, operator } = chainClients();
    try {
      const { request: prepared } = await publicClient.simulateContract({ ...request, account: operator } as Parameters<typeof publicClient.simulateContract>[0]);
      const hash = await walletClient.writeContract(prepared as Parameters<typeof walletClient.writeContract>[0]);
      const receipt = await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 100, timeout: 30_000 });
      if (receipt.status !== "success") throw new Error(`transaction ${hash} reverted`);
      return { hash, blockNumber: receipt.blockNumber };
    } catch (error) {
      const name = revertName(error);
      if (name && reverts[name]) throw reverts[name]();
      throw unavailable(what, error);
    }
  };
  const next = (globalQueue.capsuleRoleRegistryQueue ?? Promise.resolve()).catch(() => undefined).then(run);
  globalQueue.capsuleRoleRegistryQueue = next;
  return next;
}
