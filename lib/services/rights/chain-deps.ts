import "server-only";
import type { PublicClient } from "viem";
import { chainClients } from "@/lib/chain/server/clients";
import { config } from "@/lib/config/config";

/** What the rights service reads from the chain: the node's client and how many confirmations a payment needs. */
export type RightsChain = { client: PublicClient; confirmations: number };

export function defaultRightsChain(): RightsChain {
  return { client: chainClients().publicClient as PublicClient, confirmations: config().CAPSULE_PAYMENT_CONFIRMATIONS };
}
