import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEther, type Hex } from "viem";
import { ROLE } from "@/lib/roles/role-catalog";
import { capsuleAccept } from "@/features/capsules/accept.endpoint";
import { capsuleCreate } from "@/features/capsules/create.endpoint";
import { capsuleRead } from "@/features/capsules/read.endpoint";
import { capsuleReject } from "@/features/capsules/reject.endpoint";
import { capsuleSubmit } from "@/features/capsules/submit.endpoint";
import { capsuleVote } from "@/features/voting/vote.endpoint";
import { devKeys } from "@/test/support/anvil";
import { startDeskStack, type TestDns } from "@/test/support/desk-stack";
import { dialectsUnderTest, type Stack } from "@/test/support/stack";
import { eventually } from "@/features/outlets/outlets.test-support";
import { chainAccess, deployedContracts, expectError, staffedDesk, type Api, type Json } from "./capsules.test-support";

// One Editor may not override a vote the others can still carry (docs/DECISIONS.md, "An Editor closes a vote early
// only when it cannot pass"): POST /api/capsules/:id/reject by an Editor of a pending capsule is refused (409, nothing
// sent to the chain) while the vote can still pass, and allowed before any vote or once it can no longer pass.
// Electorate: the owner (750 CAP), two more Editors (250 and 1000 CAP); eligible 2000; approval 60 %, quorum 5 %.

const dialects = await dialectsUnderTest();
const [, ownerKey, editorKey, journalistKey, bigEditorKey] = devKeys;
const SLUG = "early-close-desk";
const WINDOW = 259_200;

describe.each(dialects)("an Editor's early close on %s", (dialect) => {
  let stack: Stack;
  let dns: TestDns;
  let stopDesk: () => Promise<void>;
  let api: Api;
  let chain: ReturnType<typeof chainAccess>;

  // until the indexer projects the submission the capsule is a private draft: its author reads it signed
  const read = async (id: string, author?: Hex) => (await api.send(capsuleRead, { params: { id } }, author)).body as Json;
  const vote = async (key: Hex, id: string, support: boolean) => api.send(capsuleVote, { params: { id }, body: await chain.ballot(key, id, support) }, key);
  const reject = (key: Hex, id: string) => api.send(capsuleReject, { params: { id }, body: { reason: "not for us" } }, key);
  const pending = async (title: string) => {
    const created = await api.send(capsuleCreate, { body: { title, body: `${title}: the facts.`, outletSlug: SLUG } }, journalistKey);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.capsuleId as string;
    const voucher = await api.send(capsuleSubmit, { params: { id }, body: {} }, journalistKey);
    expect(voucher.status, JSON.stringify(voucher.body)).toBe(200);
    await chain.submitOnChain(journalistKey, voucher.body);
    await eventually(async () => ((await read(id, journalistKey)).capsule.status === "pending" ? true : undefined), `capsule ${id} pending`);
    return id;
  };
  const closeTxs = async (id: string) => ((await read(id)).operatorTransactions as Json[]).filter((tx) => tx.purpose === "capsule.close");

  beforeAll(async () => {
    ({ stack, dns, api, stop: stopDesk } = await startDeskStack(dialect));
    chain = chainAccess(stack, await deployedContracts(api));
    await staffedDesk({
      api, chain, dns, ownerKey, slug: SLUG,
      bonds: [[ownerKey, "750"], [editorKey, "250"], [bigEditorKey, "1000"], [journalistKey, "100"]],
      roles: [[editorKey, ROLE.EDITOR], [bigEditorKey, ROLE.EDITOR], [journalistKey, ROLE.JOURNALIST]],
    });
  });

  afterAll(async () => {
    await stopDesk?.();
  });

  it("lets an Editor close a vote before anyone has voted", async () => {
    const id = await pending("Pier lights");
    expect((await read(id)).capsule).toMatchObject({ eligibleWeight: parseEther("2000").toString(), yesVotes: "0", noVotes: "0" });
    const closed = await reject(editorKey, id);
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    expect(closed.body.capsule.status).toBe("rejected");
  });

  it("refuses an Editor while another Editor's yes can still carry the vote, and allows it once the vote cannot pass", async () => {
    const id = await pending("Harbour wall");
    expect((await vote(ownerKey, id, true)).status).toBe(200);
    const closesAt = (await read(id)).capsule.closesAt as string;
    // the closing time in words a person reads: ISO 8601 in UTC, to the second (not the raw Unix seconds)
    const closesAtUtc = new Date(Number(closesAt) * 1000).toISOString().replace(/\.\d{3}Z$/, "Z");
    const stillPasses = `The vote on capsule ${id} is under way and can still pass; an Editor may close it early only before any vote is cast or once it can no longer pass (it closes at ${closesAtUtc})`;
    expectError(await reject(editorKey, id), 409, "INVALID_STATE", stillPasses);
    expectError(await reject(bigEditorKey, id), 409, "INVALID_STATE", stillPasses);
    // the submitter's own rule is unchanged: only while no vote was cast
    expectError(await reject(journalistKey, id), 409, "INVALID_STATE", `Votes were cast on capsule ${id}; only an Editor of outlet "${SLUG}" may close it now, and only once the vote can no longer pass`);
    // nothing was sent to the chain: still pending, no close transaction
    expect((await read(id)).capsule.status).toBe("pending");
    expect(await closeTxs(id)).toEqual([]);

    // 750 yes, 250 no: at best 1750 of 2000 say yes, it can still pass
    expect((await vote(editorKey, id, false)).status).toBe(200);
    expectError(await reject(editorKey, id), 409, "INVALID_STATE", stillPasses);

    // 750 yes, 1250 no: every Editor has voted and yes is 37.5 %; nothing can carry it any more
    expect((await vote(bigEditorKey, id, false)).status).toBe(200);
    const closed = await reject(editorKey, id);
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    expect(closed.body.capsule).toMatchObject({ status: "rejected", yesVotes: parseEther("750").toString(), noVotes: parseEther("1250").toString() });
    expect(await closeTxs(id)).toHaveLength(1);
  });

  it("lets an Editor close once the no votes already cast decide it, before every Editor has voted", async () => {
    const id = await pending("Ferry fares");
    expect((await vote(bigEditorKey, id, false)).status).toBe(200); // at best 1000 yes of 2000: 50 % < 60 %
    const closed = await reject(ownerKey, id);
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    expect(closed.body.capsule).toMatchObject({ status: "rejected", yesVotes: "0", noVotes: parseEther("1000").toString() });
  });

  it("after the window, refuses to close a vote that passed: it is finalized instead", async () => {
    const id = await pending("Quay market");
    expect((await vote(ownerKey, id, true)).status).toBe(200);
    await chain.increaseTime(WINDOW + 10);
    expectError(await reject(editorKey, id), 409, "INVALID_STATE", `The vote on capsule ${id} has ended and passed; it is finalized (accept), not closed`);
    expect(await closeTxs(id)).toEqual([]);
    const finalized = await api.send(capsuleAccept, { params: { id }, body: { capsuleId: id } }, editorKey);
    expect(finalized.status, JSON.stringify(finalized.body)).toBe(200);
    expect(finalized.body.capsule.status).toBe("finalized");
  });
});
