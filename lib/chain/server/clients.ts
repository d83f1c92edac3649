import "server-only";
import { createPublicClient, createWalletClient, http, type PublicClient, type WalletClient, type Account, type Chain, type Transport } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { config } from "@/lib/config/config";
import { capsuleChain } from "@/lib/chain/chain";
import { metrics } from "@/lib/metrics/metrics";
import { processHolder } from "@/lib/process-registry";

type Clients = {
  publicClient: PublicClient<Transport, Chain>;
  /** Reads made in the same tick travel as one JSON-RPC batch: one round trip for a set of checks. */
  batchClient: PublicClient<Transport, Chain>;
  walletClient: WalletClient<Transport, Chain, Account>;
  operator: Account;
};

const globalForChain = processHolder<{ capsuleChainClients: Clients }>("chainClients");

/** viem clients for the bridge: reads through the internal node, writes with the operator key. */
export function chainClients(): Clients {
  if (!globalForChain.capsuleChainClients) {
    const cfg = config();
    const chain = capsuleChain(cfg.CAPSULE_NODE_RPC_URL);
    const transport = http(cfg.CAPSULE_NODE_RPC_URL, { timeout: 10_000, retryCount: 1 });
    const operator = privateKeyToAccount(cfg.CAPSULE_OPERATOR_KEY as `0x${string}`);
    globalForChain.capsuleChainClients = {
      publicClient: createPublicClient({ chain, transport }),
      batchClient: createPublicClient({ chain, transport: http(cfg.CAPSULE_NODE_RPC_URL, { timeout: 10_000, retryCount: 1, batch: { wait: 0 }, onFetchRequest: () => void metrics().nodeCheckBatches.inc() }) }),
      walletClient: createWalletClient({ chain, transport, account: operator }),
      operator,
    };
  }
  return globalForChain.capsuleChainClients;
}
