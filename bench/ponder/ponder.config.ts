import { createConfig } from "ponder";
import { http } from "viem";
import { voteCastEmitterAbi } from "./vote-cast-emitter-abi";

// Everything comes from the environment that bench/ponder-backfill.ts sets for one run.
const env = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set (bench/ponder is started by \`npm run bench ponder\`)`);
  return value;
};

export default createConfig({
  database: process.env.DATABASE_URL ? { kind: "postgres", connectionString: process.env.DATABASE_URL } : { kind: "pglite", directory: env("PONDER_PGLITE_DIR") },
  networks: {
    anvil: {
      chainId: Number(env("PONDER_CHAIN_ID")),
      // viem refuses JSON-RPC answers over 10 MB by default, and Ponder does not split a block range
      // on that error: 50,000 events' eth_getLogs answer is about 13.5 MB, so a clean run failed
      transport: http(env("PONDER_RPC_URL"), { maxResponseBodySize: 512 * 1024 * 1024 }),
      // the default (50/s) throttles a local anvil; Capsule's indexer is not throttled either
      maxRequestsPerSecond: 10_000,
      pollingInterval: 100,
    },
  },
  contracts: {
    VoteCastEmitter: {
      network: "anvil",
      abi: voteCastEmitterAbi,
      address: env("PONDER_ADDRESS") as `0x${string}`,
      startBlock: Number(env("PONDER_START_BLOCK")),
      endBlock: Number(env("PONDER_END_BLOCK")),
    },
  },
});
