import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Hex } from "viem";
import type { DeploymentRecord } from "@/lib/chain/deployment-record";
import { openDatabase, type DatabaseHandle } from "@/lib/db/connection";
import { capsuleVote } from "@/features/voting/vote.endpoint";
import { createTestDatabase } from "@/test/support/postgres";
import { devKeys } from "@/test/support/anvil";
import { bridgeClient } from "@/test/support/bridge-client";
import { dialectsUnderTest, startStack, type Stack } from "@/test/support/stack";
import { expectProjectionMatchesChain, stackSource } from "@/test/indexer/support/projection-checks";
import { reachedHead } from "@/test/indexer/support/status";
import { VOTERS, voteStream, type VoteStream } from "@/test/indexer/support/vote-stream";
import { ballot, deploymentOf, editorRoles, waitFor } from "./support";

// Every editor of a desk relays a vote at the same moment, capsule after capsule: each request
// allocates an operator nonce from the outbox. All are acknowledged (none refused for a nonce two
// requests picked at once), the outbox holds one row per nonce with no gap, and every vote is
// mined and projected.

const dialects = await dialectsUnderTest();
const SLUG = "relay-burst-desk";
const CAPSULES = 4;
const env = { CAPSULE_RATE_WRITE_PER_MIN: "100000", CAPSULE_RATE_VOTE_PER_HOUR: "100000", CAPSULE_OUTBOX_POLL_MS: "200" };

describe.each(dialects)("simultaneous relayed votes on %s", (dialect) => {
  let dataDir: string;
  let pgDb: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
  let stack: Stack;
  let handle: DatabaseHandle;
  let stream: VoteStream;
  let deployment: DeploymentRecord;
  let ids: number[];

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "capsule-relay-burst-"));
    pgDb = dialect === "postgres" ? await createTestDatabase("capsule_relay_burst") : undefined;
    stack = await startStack({ database: dialect, dataDir, databaseUrl: pgDb?.url, env });
    deployment = deploymentOf(dataDir);
    stream = voteStream(stack.nodeRpcUrl, deployment);
    handle = openDatabase({ databaseUrl: pgDb?.url, sqliteFile: path.join(dataDir, "capsule.sqlite") });
    ids = await stream.seedDrafts(handle.db, SLUG, CAPSULES);
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

  it("acknowledges every one of a burst of votes, one outbox nonce each", async () => {
    const api = bridgeClient(stack.baseUrl);
    const refused: string[] = [];
    for (const id of ids) {
      const ballots = await Promise.all(VOTERS.map((i) => ballot(stream, deployment, i, id, i % 3 !== 0)));
      const answers = await Promise.all(VOTERS.map((i, n) => api.send(capsuleVote, { params: { id: String(id) }, body: ballots[n]! }, devKeys[i] as Hex)));
      answers.forEach((answer, n) => {
        if (answer.status !== 200) refused.push(`capsule ${id}, voter ${VOTERS[n]}: ${answer.status} ${answer.text}`);
      });
    }
    expect(refused).toEqual([]);

    const nonces = (await handle.db.selectFrom("operator_outbox").select("nonce").where("purpose", "=", "capsule.vote").orderBy("nonce").execute()).map((row) => row.nonce);
    expect(nonces).toHaveLength(CAPSULES * VOTERS.length);
    expect(new Set(nonces).size).toBe(nonces.length);
    expect(nonces.at(-1)! - nonces[0]! + 1).toBe(nonces.length);

    for (const id of ids) for (const i of VOTERS) await waitFor(async () => ((await stream.hasVoted(i, id)) ? true : undefined), `vote of ${i} on ${id} mined`);
    await reachedHead(stack.baseUrl, stream);
    await expectProjectionMatchesChain(stackSource(stack, handle.db, stack.nodeRpcUrl), stream, ids);
  });
});
