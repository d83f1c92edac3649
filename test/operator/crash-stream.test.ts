import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Hex } from "viem";
import { articleRegistryAbi } from "@/lib/chain/abi";
import type { DeploymentRecord } from "@/lib/chain/deployment-record";
import { openDatabase, type DatabaseHandle } from "@/lib/db/connection";
import { capsuleAccept } from "@/features/capsules/accept.endpoint";
import { capsuleCreate } from "@/features/capsules/create.endpoint";
import { capsuleRead } from "@/features/capsules/read.endpoint";
import { capsuleUpdate } from "@/features/capsules/update.endpoint";
import { capsuleVote } from "@/features/voting/vote.endpoint";
import { devKeys } from "@/test/support/anvil";
import { bridgeClient, type WireAnswer } from "@/test/support/bridge-client";
import { createTestDatabase } from "@/test/support/postgres";
import { dialectsUnderTest, startStack, type Stack } from "@/test/support/stack";
import { expectProjectionMatchesChain, projectedVote, stackSource } from "@/test/indexer/support/projection-checks";
import { reachedHead } from "@/test/indexer/support/status";
import { JOURNALIST, VOTERS, WINDOW, voteStream, type VoteStream } from "@/test/indexer/support/vote-stream";
import { chainSavedThrough, journalistRole, seededRandom } from "./crash-support";
import { ballot, deploymentOf, editorRoles, killTree, waitFor } from "./support";

// Issue 11 item 6: nothing acknowledged is lost on the embedded default. The real stack (`npm
// start`'s code, the bundled anvil writing its state every 5 s) takes a stream of relayed votes,
// draft saves and finalizations; at a random moment the whole process tree gets SIGKILL and is
// started again on the same data dir. Every write answered 2xx must then be on chain and in the
// projection (a draft save reads back), and the projection must equal a rebuild.
// What each cycle sets up on chain beforehand (submissions by the journalist's wallet, bonds, the
// time jump that closes the previous cycle's windows) is waited into anvil's state file first: the
// bridge cannot bring back a wallet's own transactions (README, "After a crash").
// Replay a failure with CAPSULE_CRASH_SEED=<the printed seed>.

const dialects = await dialectsUnderTest();
const SLUG = "crash-desk";
const CYCLES = 10;
const KILL_WITHIN_MS = 2000;
const seed = Number(process.env.CAPSULE_CRASH_SEED ?? Math.floor(Math.random() * 2 ** 31));
const journalistKey = devKeys[JOURNALIST] as Hex;
const closerKey = devKeys[VOTERS[0]] as Hex;
const env = {
  CAPSULE_RATE_WRITE_PER_MIN: "100000",
  CAPSULE_RATE_WRITE_PER_IP_PER_MIN: "1000000",
  CAPSULE_RATE_VOTE_PER_HOUR: "100000",
  CAPSULE_RATE_PUBLIC_GET_PER_MIN: "1000000000",
  CAPSULE_OUTBOX_POLL_MS: "200",
  CAPSULE_OPERATOR_RECEIPT_WAIT_MS: "1500",
};
const STATUS = { pending: 1, finalized: 2, rejected: 3 } as const;
const sqlStatusOf: Record<number, string> = { [STATUS.finalized]: "finalized", [STATUS.rejected]: "rejected" };

type Content = { title: string; body: string };
/** A draft's last acknowledged content, and the content of a save that got no answer (it may have landed). */
type DraftRecord = { acked: Content; unanswered?: Content };

describe.each(dialects)("kill -9 during a write stream on %s", (dialect) => {
  let dataDir: string;
  let pgDb: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
  let stack: Stack;
  let handle: DatabaseHandle;
  let stream: VoteStream;
  let deployment: DeploymentRecord;

  const start = async () => {
    stack = await startStack({ database: dialect, dataDir, databaseUrl: pgDb?.url, env });
    stream = voteStream(stack.nodeRpcUrl, deployment ?? deploymentOf(dataDir));
  };
  const chainStatus = async (id: number) => {
    const capsule = await stream.publicClient.readContract({ address: deployment.contracts.articleRegistry.address as Hex, abi: articleRegistryAbi, functionName: "capsules", args: [BigInt(id)] });
    return Number(capsule[4]);
  };
  const outboxStatus = async (hash: string) => (await handle.db.selectFrom("operator_outbox").select("status").where("tx_hash", "=", hash).executeTakeFirst())?.status;
  const sqlStatus = async (id: number) => (await handle.db.selectFrom("capsules").select("status").where("id", "=", id).executeTakeFirstOrThrow()).status;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "capsule-crash-stream-"));
    pgDb = dialect === "postgres" ? await createTestDatabase("capsule_crash_stream") : undefined;
    await start();
    deployment = deploymentOf(dataDir);
    handle = openDatabase({ databaseUrl: pgDb?.url, sqliteFile: path.join(dataDir, "capsule.sqlite") });
    await stream.seedDrafts(handle.db, SLUG, 0);
    await editorRoles(handle.db, SLUG, stream);
    await journalistRole(handle.db, SLUG, stream.address(JOURNALIST), stream.address(0));
    await stream.enableVoters(SLUG);
  }, 300_000);

  afterAll(async () => {
    await handle?.close();
    await stack?.stop();
    await pgDb?.drop().catch(() => undefined);
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it(`loses no acknowledged vote, draft save or finalization over ${CYCLES} kills (seed ${seed})`, async () => {
    const random = seededRandom(seed + (dialect === "sqlite" ? 0 : 1));
    console.log(`[crash-stream ${dialect}] seed ${seed} (CAPSULE_CRASH_SEED=${seed} replays it)`);
    const published: number[] = [];
    const ackedVotes: Array<{ voter: number; id: number }> = [];
    const ackedFinalizations = new Set<number>();
    const drafts = new Map<number, DraftRecord>();
    const unexpected: string[] = [];
    let saves = 0;

    for (let cycle = 0; cycle < CYCLES; cycle += 1) {
      const began = Date.now();
      // setup, saved in anvil's state file before the stream: the previous cycle's windows closed,
      // three new capsules open for votes
      if (cycle > 0) {
        await stream.rpc("evm_increaseTime", [Number(WINDOW) + 60]);
        await stream.rpc("evm_mine", []);
      }
      const closable: number[] = [];
      for (const id of published) if ((await chainStatus(id)) === STATUS.pending) closable.push(id);
      const open = await stream.addDrafts(handle.db, SLUG, 3, `c${cycle}`);
      await stream.publish(SLUG, open);
      published.push(...open);
      await chainSavedThrough(dataDir, await stream.head());
      await reachedHead(stack.baseUrl, stream);

      // the stream: voters in parallel, the journalist's saves, the closer's finalizations; every
      // random choice is drawn here, so the seed replays the plan (the timing is the machine's)
      const killAfter = random.int(KILL_WITHIN_MS);
      const ballots = VOTERS.map((voter) => ({ voter, order: random.next() < 0.5 ? open : [...open].reverse(), support: open.map(() => random.next() < 0.8) }));
      const draftPicks = Array.from({ length: 200 }, () => random.next());
      const api = bridgeClient(stack.baseUrl);
      let killed = false;
      const answered = (what: string, res: WireAnswer) => {
        if (res.status >= 200 && res.status < 300) return true;
        if (!killed) unexpected.push(`cycle ${cycle} ${what}: ${res.status} ${res.text}`);
        return false;
      };
      const lost = (what: string) => (error: unknown) => {
        if (!killed) unexpected.push(`cycle ${cycle} ${what}: ${error instanceof Error ? error.message : String(error)}`);
      };
      const votes = ballots.map(async ({ voter, order, support: supports }) => {
        for (const [k, id] of order.entries()) {
          if (killed) return;
          const support = supports[k]!;
          try {
            const body = await ballot(stream, deployment, voter, id, support);
            const res = await api.send(capsuleVote, { params: { id: String(id) }, body }, devKeys[voter] as Hex);
            if (!answered(`vote of ${voter} on ${id}`, res)) continue;
            ackedVotes.push({ voter, id });
            // answered before its receipt ("sent"): the bridge refuses the voter's next ballot until the outbox
            // row is mined (it would reuse the voter's nonce), so wait as the desk does
            if (res.body.operatorTx.status !== "mined") await waitFor(async () => (killed || (await outboxStatus(res.body.txHash)) === "mined" ? true : undefined), `vote of ${voter} on ${id} mined`);
          } catch (error) {
            return lost(`vote of ${voter} on ${id}`)(error);
          }
        }
      });
      const saving = (async () => {
        for (let pick = 0; !killed; pick += 1) {
          const content = { title: `Draft ${cycle}.${saves}`, body: `Saved in cycle ${cycle}, save ${saves} (seed ${seed})` };
          saves += 1;
          const ids = [...drafts.keys()];
          const draw = draftPicks[pick % draftPicks.length]!;
          const id = ids.length === 0 || draw < 0.25 ? undefined : ids[Math.floor(((draw - 0.25) / 0.75) * ids.length)]!;
          try {
            if (id === undefined) {
              const res = await api.send(capsuleCreate, { body: { ...content, outletSlug: SLUG } }, journalistKey);
              if (answered("draft create", res)) drafts.set(Number(res.body.capsuleId), { acked: content });
            } else {
              const record = drafts.get(id)!;
              record.unanswered = content;
              const res = await api.send(capsuleUpdate, { body: { capsuleId: String(id), ...content } }, journalistKey);
              if (answered(`draft save of ${id}`, res)) drafts.set(id, { acked: content });
            }
          } catch (error) {
            return lost(`draft save of ${id ?? "a new draft"}`)(error);
          }
        }
      })();
      const finalizing = (async () => {
        for (const id of closable) {
          if (killed) return;
          try {
            const res = await api.send(capsuleAccept, { params: { id: String(id) }, body: { capsuleId: String(id) } }, closerKey);
            if (answered(`finalization of ${id}`, res)) ackedFinalizations.add(id);
          } catch (error) {
            return lost(`finalization of ${id}`)(error);
          }
        }
      })();
      await new Promise((r) => setTimeout(r, killAfter));
      if (cycle === CYCLES - 1) {
        // on a loaded machine a relayed vote can take longer than every earlier cycle's stream: the last stream runs
        // until each kind of write has been acknowledged at least once, so every run checks each kind across a kill
        const each = () => ackedVotes.length > 0 && (ackedFinalizations.size > 0 || closable.length === 0) && drafts.size > 0;
        await waitFor(async () => (each() ? true : undefined), "a vote, a finalization and a draft save acknowledged", 120_000);
      }
      killed = true;
      killTree(stack.pid!);
      await Promise.all([...votes, saving, finalizing]);
      await stack.exited;
      const killedOutput = stack.output();
      const stopped = Date.now();

      // npm start again; wait for the outbox and the indexer, then check every acknowledged write
      await start();
      for (const { voter, id } of ackedVotes) await waitFor(async () => ((await stream.hasVoted(voter, id)) ? true : undefined), `vote of ${voter} on ${id} back on chain`, 60_000);
      for (const id of ackedFinalizations) await waitFor(async () => ((await chainStatus(id)) !== STATUS.pending ? true : undefined), `capsule ${id} closed on chain`, 60_000);
      await waitFor(async () => {
        const unmined = await handle.db.selectFrom("operator_outbox").select("id").where("status", "in", ["queued", "sent"]).execute();
        return unmined.length === 0 ? true : undefined;
      }, "the outbox settled", 60_000);
      await reachedHead(stack.baseUrl, stream);

      if (unexpected.length > 0) console.log(`[crash-stream ${dialect}] server output before the kill:\n${killedOutput.split("\n").slice(-60).join("\n")}`);
      expect(unexpected).toEqual([]);
      for (const { voter, id } of ackedVotes) expect(await projectedVote(handle.db, id, stream.address(voter)), `vote of ${voter} on ${id} projected`).toBe(true);
      for (const id of ackedFinalizations) {
        const onChain = await chainStatus(id);
        expect([STATUS.finalized, STATUS.rejected], `capsule ${id} on chain`).toContain(onChain);
        expect(await sqlStatus(id), `capsule ${id} in SQL`).toBe(sqlStatusOf[onChain]);
      }
      const failed = await handle.db.selectFrom("operator_outbox").select(["tx_hash", "purpose", "status", "error_name"]).where("status", "in", ["failed", "replaced"]).execute();
      expect(failed).toEqual([]);
      const reader = bridgeClient(stack.baseUrl);
      for (const [id, record] of drafts) {
        const read = await reader.send(capsuleRead, { params: { id: String(id) } }, journalistKey);
        expect(read.status, read.text).toBe(200);
        const saved = { title: read.body.content.title, body: read.body.content.body };
        const candidates = record.unanswered ? [record.acked, record.unanswered] : [record.acked];
        expect(candidates, `draft ${id}`).toContainEqual(saved);
        if (record.unanswered) drafts.set(id, { acked: saved });
      }
      await expectProjectionMatchesChain(stackSource(stack, handle.db, stack.nodeRpcUrl), stream, published);
      console.log(
        `[crash-stream ${dialect}] cycle ${cycle}: killed ${killAfter} ms into the stream; acknowledged so far: ${ackedVotes.length} votes, ` +
          `${ackedFinalizations.size} finalizations, ${drafts.size} drafts (${saves} saves); cycle ${Math.round((Date.now() - began) / 1000)} s, restart and checks ${Math.round((Date.now() - stopped) / 1000)} s`,
      );
    }
    expect(ackedVotes.length).toBeGreaterThan(0);
    expect(ackedFinalizations.size).toBeGreaterThan(0);
    expect(drafts.size).toBeGreaterThan(0);
  }, 900_000);
});
