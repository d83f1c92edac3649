import "server-only";
import type { Address, Chain, PublicClient, Transport } from "viem";
import { roleRegistryAbi } from "@/lib/chain/abi";
import { chainClients } from "@/lib/chain/server/clients";
import { requireDeployment } from "@/lib/chain/server/current-deployment";
import { outletKey } from "@/lib/chain/vouchers";
import { chainCall as chainCallIn } from "@/lib/chain/server/chain-unavailable";

// The bridge's view of RoleRegistry: bonds are read from the chain (never from SQL). The operator's
// writes (locks, voter flags) go through the outbox (bond-sync.ts). Any failure here is a 503 CHAIN_UNAVAILABLE.

export type BondState = { bonded: bigint; locked: bigint };

const registry = () => requireDeployment().contracts.roleRegistry.address as Address;

const chainCall = <T>(what: string, run: () => Promise<T>): Promise<T> => chainCallIn("role-registry", what, run);

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

/** RoleRegistry.outletWeight: the sum of the bonds of the outlet's current voters. */
export async function readOutletWeight(slug: string): Promise<bigint> {
  const { publicClient } = chainClients();
  const address = registry();
  return chainCall("read outlet weight", () =>
    publicClient.readContract({ address, abi: roleRegistryAbi, functionName: "outletWeight", args: [outletKey(slug)] }),
  );
}

/**
 * The wallet's voting weight at the outlet as of `blockNumber`: its bond then if it was a voter there, else 0.
 * `publicClient`: another of the bridge's clients (the batching one, to travel with other reads).
 */
export async function readVoterWeightAt(slug: string, wallet: Address, blockNumber: bigint, publicClient: PublicClient<Transport, Chain> = chainClients().publicClient): Promise<bigint> {
  const address = registry();
  return chainCall("read voter snapshot", async () => {
    const [isVoter, bond] = await Promise.all([
      publicClient.readContract({ address, abi: roleRegistryAbi, functionName: "isVoterAt", args: [outletKey(slug), wallet, blockNumber] }),
      publicClient.readContract({ address, abi: roleRegistryAbi, functionName: "bondAt", args: [wallet, blockNumber] }),
    ]);
    return isVoter ? bond : 0n;
  });
}

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
