import path from "node:path";
import type { AnvilHandle } from "@/lib/chain/anvil-process";
import { readDeployment, type DeploymentRecord } from "@/lib/chain/deployment-record";
import { openDatabase, type DatabaseHandle } from "@/lib/db/connection";
import { externalNodeEnv, startTestAnvil } from "@/test/support/anvil";
import { createTestDatabase } from "@/test/support/postgres";
import { startStack, type Stack } from "@/test/support/stack";
import { stackSource, type ProjectionSource } from "./projection-checks";
import { networkStatus } from "./status";
import { voteStream, type VoteStream } from "./vote-stream";

// Several servers (`scripts/start.ts` each) on one PostgreSQL database and one external anvil, as
// a deployment behind a balancer runs them: the first deploys the contracts, the others reuse its
// deployment record. Used by the two- and three-server tests and by the `scale` bench.

export type Cluster = {
  anvil: AnvilHandle;
  databaseUrl: string;
  servers: Stack[];
  deploymentFile: string;
  deployment: DeploymentRecord;
  /** A direct SQL handle on the shared database (seeding, checks). */
  handle: DatabaseHandle;
  stream: VoteStream;
  /** What the projection comparison reads, as seen by server `index`. */
  source: (index: number) => ProjectionSource;
  /** Stops every server still running, drops the database, stops anvil. */
  stop: () => Promise<void>;
};

export async function startCluster(options: { servers: number; databasePrefix: string; env?: Record<string, string> }): Promise<Cluster> {
  const anvil = await startTestAnvil();
  const servers: Stack[] = [];
  let database: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
  let handle: DatabaseHandle | undefined;
  const stop = async () => {
    await handle?.close();
    for (const server of [...servers].reverse()) await server.stop().catch(() => undefined);
    await database?.drop().catch(() => undefined);
    await anvil.stop();
  };
  try {
    database = await createTestDatabase(options.databasePrefix);
    const env = { ...(await externalNodeEnv(anvil)), ...options.env };
    servers.push(await startStack({ database: "postgres", databaseUrl: database.url, env }));
    const deploymentFile = path.join(servers[0]!.dataDir, "deployment.json");
    for (let n = 1; n < options.servers; n += 1) {
      servers.push(await startStack({ database: "postgres", databaseUrl: database.url, env: { ...env, CAPSULE_DEPLOYMENT_FILE: deploymentFile } }));
    }
    const deployment = readDeployment(deploymentFile);
    if (!deployment) throw new Error("the first server wrote no deployment record");
    handle = openDatabase({ databaseUrl: database.url, sqliteFile: "" });
    const db = handle.db;
    return {
      anvil,
      databaseUrl: database.url,
      servers,
      deploymentFile,
      deployment,
      handle,
      stream: voteStream(anvil.rpcUrl, deployment),
      source: (index) => stackSource(servers[index]!, db, anvil.rpcUrl, deploymentFile),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** The indexes among `candidates` whose server says it leads (GET /api/network/status); a server that does not answer is left out. */
export async function leadersAmong(servers: Stack[], candidates: number[]): Promise<number[]> {
  const roles = await Promise.all(candidates.map(async (n) => (await networkStatus(servers[n]!.baseUrl).catch(() => undefined))?.indexer.role));
  return candidates.filter((_, k) => roles[k] === "leader");
}

/** Asks `candidates` every `everyMs` until exactly one says it leads; answers its index. */
export async function waitForOneLeader(servers: Stack[], candidates: number[], options: { timeoutMs?: number; everyMs?: number } = {}): Promise<number> {
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  for (;;) {
    const leaders = await leadersAmong(servers, candidates);
    if (leaders.length === 1) return leaders[0]!;
    if (Date.now() > deadline) throw new Error(`no single leader among servers ${candidates.join(", ")} in time (leaders: ${leaders.join(", ") || "none"})`);
    await new Promise((r) => setTimeout(r, options.everyMs ?? 50));
  }
}
