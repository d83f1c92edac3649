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
      transport: http(env("PONDER_RPC_URL")),
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
