import path from "node:path";
import { expect } from "vitest";
import type { Db } from "@/lib/db/database";
import { compareWithRebuild } from "../../support/projection-compare";
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
 * The projection holds exactly the chain's votes (as many capsule_votes rows and VoteCast
 * chain_events rows as eth_getLogs returns, the tallies of the contract) and equals a rebuild of a
 * copy of the database, table by table. Call it when the projection has reached the head.
 */
export async function expectProjectionMatchesChain(source: ProjectionSource, stream: VoteStream, capsuleIds: number[]) {
  const logs = await stream.voteLogs();
  const votes = await source.db.selectFrom("capsule_votes").select(["capsule_id", "voter", "tx_hash", "log_index"]).execute();
  const voteEvents = await source.db.selectFrom("chain_events").select(["tx_hash", "log_index"]).where("event_name", "=", "VoteCast").execute();
  const key = (tx: string, index: number) => `${tx.toLowerCase()}:${index}`;
  const onChain = logs.map((log) => key(log.transactionHash, log.logIndex)).sort();
  expect(votes.map((v) => key(v.tx_hash, Number(v.log_index))).sort()).toEqual(onChain);
  expect(voteEvents.map((v) => key(v.tx_hash, Number(v.log_index))).sort()).toEqual(onChain);
  for (const id of capsuleIds) {
    const [yes, no] = await stream.tally(id);
    const row = await source.db.selectFrom("capsules").select(["yes_votes", "no_votes"]).where("id", "=", id).executeTakeFirstOrThrow();
    expect({ id, yes: row.yes_votes, no: row.no_votes }).toEqual({ id, yes: yes.toString(), no: no.toString() });
  }
  const comparison = await compareWithRebuild(source);
  expect(comparison.differences).toEqual([]);
  return { votes: logs.length };
}

/** Whether the projection holds a vote of `voter` on `capsuleId`. */
export async function projectedVote(db: Db, capsuleId: number, voter: string): Promise<boolean> {
  const row = await db.selectFrom("capsule_votes").select("id").where("capsule_id", "=", capsuleId).where("voter", "=", voter).executeTakeFirst();
  return row !== undefined;
}
