import "server-only";
import type { Address, PublicClient } from "viem";
import { chainClients } from "@/lib/chain/server/clients";
import { config } from "@/lib/config/config";
import { escrowAddress } from "./escrow-settlement";

/** What the rights service reads from the chain: the node's client, how many confirmations a payment needs, and the licence escrow. */
export type RightsChain = { client: PublicClient; confirmations: number; escrow: () => Address };

export function defaultRightsChain(): RightsChain {
  return { client: chainClients().publicClient as PublicClient, confirmations: config().CAPSULE_PAYMENT_CONFIRMATIONS, escrow: escrowAddress };
}
