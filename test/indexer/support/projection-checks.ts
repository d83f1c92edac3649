import path from "node:path";
import { expect } from "vitest";
import type { Db } from "@/lib/db/database";
import { compareWithRebuild } from "@/test/support/projection-compare";
import type { VoteStream } from "./vote-stream";

/** Where a stack keeps what the comparison needs. */
export type ProjectionSource = { db: Db; sqliteFile?: string; databaseUrl?: string; rpcUrl: string; deploymentFile: string };

export const stackSource = (stack: { dataDir: string; databaseUrl: string | undefined }, db: Db, rpcUrl: string, deploymentFile?: string): ProjectionSource => ({
  db,
  ...(stack.databaseUrl ? { databaseUrl: stack.databaseUrl } : { sqliteFile: path.join(stack.dataDir, "capsule.sqlite") }),
  rpcUrl,
  deploymentFile: deploymentFile ?? path.join(stack.dataDir, "deployment.json"),
});

/**
 * What keeps the projection from holding exactly the chain's votes (as many capsule_votes rows and
 * VoteCast chain_events rows as eth_getLogs returns, the tallies of the contract) and from equalling
 * a rebuild of a copy of the database, table by table; empty when it does. Call it when the
 * projection has reached the head. Outside vitest too (the `scale` bench).
 */
export async function projectionDifferences(source: ProjectionSource, stream: VoteStream, capsuleIds: number[]): Promise<{ differences: string[]; votes: number }> {
  const logs = await stream.voteLogs();
  const votes = await source.db.selectFrom("capsule_votes").select(["capsule_id", "voter", "tx_hash", "log_index"]).execute();
  const voteEvents = await source.db.selectFrom("chain_events").select(["tx_hash", "log_index"]).where("event_name", "=", "VoteCast").execute();
  const key = (tx: string, index: number) => `${tx.toLowerCase()}:${index}`;
  const onChain = logs.map((log) => key(log.transactionHash, log.logIndex)).sort();
  const differences: string[] = [];
  const sameKeys = (table: string, rows: Array<{ tx_hash: string; log_index: number | string }>) => {
    const projected = rows.map((v) => key(v.tx_hash, Number(v.log_index))).sort();
    const missing = onChain.filter((k) => !projected.includes(k));
    const extra = projected.filter((k) => !onChain.includes(k));
    if (missing.length > 0 || extra.length > 0 || projected.length !== onChain.length) {
      differences.push(`${table}: ${projected.length} VoteCast rows for ${onChain.length} logs on chain; missing ${missing.slice(0, 5).join(", ") || "none"}; extra ${extra.slice(0, 5).join(", ") || "none"}`);
    }
  };
  sameKeys("capsule_votes", votes);
  sameKeys("chain_events", voteEvents);
  for (const id of capsuleIds) {
    const [yes, no] = await stream.tally(id);
    const row = await source.db.selectFrom("capsules").select(["yes_votes", "no_votes"]).where("id", "=", id).executeTakeFirstOrThrow();
    if (row.yes_votes !== yes.toString() || row.no_votes !== no.toString()) differences.push(`capsule ${id}: tally ${row.yes_votes} / ${row.no_votes} in SQL, ${yes} / ${no} on chain`);
  }
  const comparison = await compareWithRebuild(source);
  return { differences: [...differences, ...comparison.differences], votes: logs.length };
}

/** The projection holds exactly the chain's votes and equals a rebuild (projectionDifferences is empty). */
export async function expectProjectionMatchesChain(source: ProjectionSource, stream: VoteStream, capsuleIds: number[]) {
  const { differences, votes } = await projectionDifferences(source, stream, capsuleIds);
  expect(differences).toEqual([]);
  return { votes };
}

/** Whether the projection holds a vote of `voter` on `capsuleId`. */
export async function projectedVote(db: Db, capsuleId: number, voter: string): Promise<boolean> {
  const row = await db.selectFrom("capsule_votes").select("id").where("capsule_id", "=", capsuleId).where("voter", "=", voter).executeTakeFirst();
  return row !== undefined;
}
