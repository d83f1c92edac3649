import "server-only";
import type { Address, Hex } from "viem";
import { roleRegistryAbi } from "@/lib/chain/abi";
import { chainClients } from "@/lib/chain/server/clients";
import { requireDeployment } from "@/lib/chain/server/current-deployment";
import { outletKey } from "@/lib/chain/vouchers";
import { AppError } from "@/lib/errors/app-error";
import { logError } from "@/lib/log";

// The bridge's view of RoleRegistry: bonds are read from the chain (never from SQL) and the
// operator writes locks and voter flags. Any failure here is a 503 CHAIN_UNAVAILABLE.

export type BondState = { bonded: bigint; locked: bigint };

const registry = () => requireDeployment().contracts.roleRegistry.address as Address;

async function chainCall<T>(what: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof AppError) throw error;
    logError("role-registry", error, { what });
    throw new AppError("CHAIN_UNAVAILABLE", `The chain could not be reached or refused the call (${what}); nothing was changed`);
  }
}

export async function readBond(wallet: Address): Promise<BondState> {
  const { publicClient } = chainClients();
  const address = registry();
  return chainCall("read bond", async () => {
    const [bonded, locked] = await Promise.all([
      publicClient.readContract({ address, abi: roleRegistryAbi, functionName: "bondOf", args: [wallet] }),
      publicClient.readContract({ address, abi: roleRegistryAbi, functionName: "lockedOf", args: [wallet] }),
    ]);
    return { bonded, locked };
  });
}

export async function readIsVoter(slug: string, wallet: Address): Promise<boolean> {
  const { publicClient } = chainClients();
  const address = registry();
  return chainCall("read voter flag", () =>
    publicClient.readContract({ address, abi: roleRegistryAbi, functionName: "isVoter", args: [outletKey(slug), wallet] }),
  );
}

// The operator's transactions are sent one at a time so their nonces never collide.
const globalQueue = globalThis as unknown as { capsuleRoleRegistryQueue?: Promise<unknown> };

function operatorWrite(what: string, request: { functionName: "setLocked"; args: readonly [Address, bigint] } | { functionName: "setVoter"; args: readonly [Hex, Address, boolean] }): Promise<Hex> {
  const run = async () =>
    chainCall(what, async () => {
      const { walletClient, publicClient } = chainClients();
      const hash = await walletClient.writeContract({ address: registry(), abi: roleRegistryAbi, ...request } as Parameters<typeof walletClient.writeContract>[0]);
      const receipt = await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 100, timeout: 30_000 });
      if (receipt.status !== "success") throw new Error(`transaction ${hash} reverted`);
      return hash;
    });
  const next = (globalQueue.capsuleRoleRegistryQueue ?? Promise.resolve()).catch(() => undefined).then(run);
  globalQueue.capsuleRoleRegistryQueue = next;
  return next;
}

export const writeLocked = (wallet: Address, amount: bigint) => operatorWrite("setLocked", { functionName: "setLocked", args: [wallet, amount] });

export const writeVoter = (slug: string, wallet: Address, allowed: boolean) =>
  operatorWrite("setVoter", { functionName: "setVoter", args: [outletKey(slug), wallet, allowed] });

/**
 * The timestamp for activity rows the bridge writes. Chain events in the same feed carry their
 * block time, and the chain's clock can run ahead of the wall clock (anvil gives each block at
 * least +1 s; dev tools advance time), so bridge rows use the later of the wall clock and the
 * latest block + 1 s: an action then sorts after every chain event it could have followed.
 */
export async function activityTime(wallNow: number): Promise<number> {
  try {
    const block = await chainClients().publicClient.getBlock({ blockTag: "latest" });
    return Math.max(wallNow, Number(block.timestamp) + 1);
  } catch {
    return wallNow;
  }
}
