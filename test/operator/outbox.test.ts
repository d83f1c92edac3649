import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Hex } from "viem";
import type { DeploymentRecord } from "@/lib/chain/deployment-record";
import { openDatabase, type DatabaseHandle } from "@/lib/db/connection";
import { capsuleRead } from "@/features/capsules/read.endpoint";
import { bridgeClient } from "@/test/support/bridge-client";
import { createTestDatabase } from "@/test/support/postgres";
import { dialectsUnderTest, startStack, type Stack } from "@/test/support/stack";
import { expectProjectionMatchesChain, projectedVote, stackSource } from "@/test/indexer/support/projection-checks";
import { reachedHead } from "@/test/indexer/support/status";
import { VOTERS, voteStream, type VoteStream } from "@/test/indexer/support/vote-stream";
import { ballot, deploymentOf, editorRoles, expectOk, killTree, relay, waitFor, type Json } from "./support";

// The operator outbox on the real stack (`npm start`'s code, bundled anvil with a state file):
// a relayed vote taken off the chain by a rollback, or dropped from the pool, is re-broadcast with
// the same signed bytes; a transaction that reverts when mined is recorded as failed and shown on
// the capsule, and its voter may vote again; and kill -9 of the whole stack (server and anvil) at
// random moments of a vote stream loses no acknowledged vote, the projection equalling a rebuild.

const dialects = await dialectsUnderTest();
const SLUG = "outbox-desk";
const env = {
  CAPSULE_RATE_WRITE_PER_MIN: "100000",
  CAPSULE_RATE_VOTE_PER_HOUR: "100000",
  CAPSULE_RATE_PUBLIC_GET_PER_MIN: "1000000000",
  CAPSULE_OUTBOX_POLL_MS: "200",
  CAPSULE_OPERATOR_RECEIPT_WAIT_MS: "1500",
};

describe.each(dialects)("operator outbox on %s", (dialect) => {
  let dataDir: string;
  let pgDb: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
  let stack: Stack;
  let handle: DatabaseHandle;
  let stream: VoteStream;
  let deployment: DeploymentRecord;
  let ids: number[];

  const start = async () => {
    stack = await startStack({ database: dialect, dataDir, databaseUrl: pgDb?.url, env });
    stream = voteStream(stack.nodeRpcUrl, deployment ?? deploymentOf(dataDir));
  };
  const hasVoted = (voter: number, id: number) => stream.hasVoted(voter, id);
  const outboxRow = (hash: string) => handle.db.selectFrom("operator_outbox").selectAll().where("tx_hash", "=", hash).executeTakeFirstOrThrow();
  const capsule = async (id: number) => (await bridgeClient(stack.baseUrl).send(capsuleRead, { params: { id } })).body as Json;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "capsule-outbox-"));
    pgDb = dialect === "postgres" ? await createTestDatabase("capsule_outbox") : undefined;
    await start();
    deployment = deploymentOf(dataDir);
    handle = openDatabase({ databaseUrl: pgDb?.url, sqliteFile: path.join(dataDir, "capsule.sqlite") });
    ids = await stream.seedDrafts(handle.db, SLUG, 6);
    await editorRoles(handle.db, SLUG, stream);
    await stream.enableVoters(SLUG);
    await stream.publish(SLUG, ids);
    await reachedHead(stack.baseUrl, stream);
  });

  afterAll(async () => {
    await handle?.close();
    await stack?.stop();
    await pgDb?.drop().catch(() => undefined);
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("re-broadcasts the same signed vote after a rollback took it off the chain", async () => {
    const snapshot = await stream.snapshot();
    const res = await relay(stack.baseUrl, 2, ids[0]!, await ballot(stream, deployment, 2, ids[0]!, true));
    expectOk(res);
    expect(res.body.operatorTx).toMatchObject({ status: "mined", txHash: res.body.txHash });
    expect(await hasVoted(2, ids[0]!)).toBe(true);
    await stream.revert(snapshot);
    expect(await stream.publicClient.getTransactionReceipt({ hash: res.body.txHash as Hex }).catch(() => undefined)).toBeUndefined();
    await waitFor(async () => ((await hasVoted(2, ids[0]!)) ? true : undefined), "the vote back on chain");
    // the worker counts the re-broadcast after the node accepted (and anvil mined) it
    await waitFor(async () => ((await outboxRow(res.body.txHash)).broadcasts >= 2 ? true : undefined), "the re-broadcast counted");
    await reachedHead(stack.baseUrl, stream);
    expect(await projectedVote(handle.db, ids[0]!, stream.address(2))).toBe(true);
    await waitFor(async () => ((await outboxRow(res.body.txHash)).status === "mined" ? true : undefined), "the row mined again");
  });

  it("re-broadcasts a transaction the node dropped from its pool; a 2xx before mining says \"sent\"", async () => {
    await stream.rpc("evm_setAutomine", [false]);
    try {
      const res = await relay(stack.baseUrl, 3, ids[0]!, await ballot(stream, deployment, 3, ids[0]!, false));
      expectOk(res);
      expect(res.body.operatorTx).toMatchObject({ status: "sent" });
      const hash = res.body.txHash as Hex;
      // a second ballot of the same voter while the first is unmined reuses its nonce: refused, nothing stored. The
      // bridge says so (409, naming the waiting ballot and its capsule) before its pre-flight, which anvil estimates on
      // its pending state and would answer with a misleading InvalidSignature
      const again = await relay(stack.baseUrl, 3, ids[1]!, await ballot(stream, deployment, 3, ids[1]!, true));
      expect(again.body).toMatchObject({ ok: false, error: "CONFLICT", statusCode: 409, pendingTxHash: hash, capsuleId: String(ids[0]) });
      const stored = await handle.db.selectFrom("operator_outbox").select("id").where("capsule_id", "=", ids[1]!).where("wallet", "=", stream.address(3)).execute();
      expect(stored).toEqual([]);
      await stream.rpc("anvil_dropTransaction", [hash]);
      expect(await stream.publicClient.getTransaction({ hash }).catch(() => undefined)).toBeUndefined();
      await waitFor(async () => ((await outboxRow(hash)).broadcasts >= 2 ? true : undefined), "a re-broadcast");
      expect(await stream.publicClient.getTransaction({ hash })).toMatchObject({ hash });
      await stream.rpc("evm_mine", []);
      expect((await stream.publicClient.getTransactionReceipt({ hash })).status).toBe("success");
      await waitFor(async () => ((await capsule(ids[0]!)).operatorTransactions?.find((t: Json) => t.txHash === hash)?.status === "mined" ? true : undefined), "the row mined");
    } finally {
      await stream.rpc("evm_setAutomine", [true]);
    }
  });

  it("records a vote that reverts when mined as failed, shows it on the capsule, and lets the voter vote again", async () => {
    await stream.rpc("evm_setAutomine", [false]);
    let hash: Hex;
    try {
      const res = await relay(stack.baseUrl, 4, ids[1]!, await ballot(stream, deployment, 4, ids[1]!, true, 30));
      expectOk(res);
      hash = res.body.txHash as Hex;
      await stream.rpc("evm_increaseTime", [120]);
      await stream.rpc("evm_mine", []);
    } finally {
      await stream.rpc("evm_setAutomine", [true]);
    }
    expect((await stream.publicClient.getTransactionReceipt({ hash })).status).toBe("reverted");
    const shown = await waitFor(async () => {
      const tx = (await capsule(ids[1]!)).operatorTransactions?.find((t: Json) => t.txHash === hash);
      return tx?.status === "failed" ? tx : undefined;
    }, "the failed transaction on the capsule");
    expect(shown).toMatchObject({ purpose: "capsule.vote", functionName: "castVoteBySig", error: { code: "VALIDATION_ERROR", name: "SignatureExpired" } });
    expect(await hasVoted(4, ids[1]!)).toBe(false);
    const again = await relay(stack.baseUrl, 4, ids[1]!, await ballot(stream, deployment, 4, ids[1]!, true));
    expectOk(again);
    expect(again.body.operatorTx.status).toBe("mined");
    expect(BigInt(again.body.vote.weight)).toBeGreaterThan(0n);
    const twice = await relay(stack.baseUrl, 4, ids[1]!, await ballot(stream, deployment, 4, ids[1]!, false));
    expect(twice.body).toMatchObject({ ok: false, error: "CONFLICT", message: `${stream.address(4)} has already voted on capsule ${ids[1]}`, statusCode: 409 });
  });

  it("kill -9 of the whole stack at random moments of a vote stream loses no acknowledged vote", async () => {
    const pairs: Array<[number, number]> = [];
    for (const id of ids.slice(2)) for (const voter of VOTERS) pairs.push([voter, id]);
    const acked: Array<[number, number]> = [];
    let next = 0;
    const CYCLES = 3;
    for (let cycle = 0; cycle < CYCLES; cycle += 1) {
      const killAt = next + 2 + Math.floor(Math.random() * 5);
      while (next < killAt) {
        const [voter, id] = pairs[next++]!;
        const res = await relay(stack.baseUrl, voter, id, await ballot(stream, deployment, voter, id, (voter + id) % 3 !== 0));
        expectOk(res);
        acked.push([voter, id]);
      }
      const [voter, id] = pairs[next++]!;
      const body = await ballot(stream, deployment, voter, id, true);
      const inFlight = relay(stack.baseUrl, voter, id, body).catch(() => undefined);
      await new Promise((r) => setTimeout(r, Math.floor(Math.random() * 400)));
      killTree(stack.pid!);
      const last = await inFlight;
      if (last?.status === 200) acked.push([voter, id]);
      await stack.exited;
      console.log(`[outbox ${dialect}] cycle ${cycle}: killed after ${acked.length} acknowledged votes (in flight: ${last?.status ?? "no answer"})`);
      await start();
      for (const [v, c] of acked) await waitFor(async () => ((await hasVoted(v, c)) ? true : undefined), `vote of ${v} on ${c} back on chain`);
      await waitFor(async () => {
        const unmined = await handle.db.selectFrom("operator_outbox").select("id").where("status", "in", ["queued", "sent"]).execute();
        return unmined.length === 0 ? true : undefined;
      }, "the outbox settled");
    }
    await reachedHead(stack.baseUrl, stream);
    for (const [v, c] of acked) expect(await projectedVote(handle.db, c, stream.address(v)), `vote of ${v} on ${c}`).toBe(true);
    const failed = await handle.db.selectFrom("operator_outbox").selectAll().where("status", "in", ["failed", "replaced"]).where("purpose", "=", "capsule.vote").execute();
    expect(failed.map((r) => r.tx_hash)).toHaveLength(1); // the expired ballot of the previous test only
    await expectProjectionMatchesChain(stackSource(stack, handle.db, stack.nodeRpcUrl), stream, ids);
  }, 900_000);
});
