import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Hex } from "viem";
import { ROLE } from "@/lib/roles/role-catalog";
import { capsuleAccept } from "@/features/capsules/accept.endpoint";
import { capsuleCreate } from "@/features/capsules/create.endpoint";
import { capsuleList } from "@/features/capsules/list.endpoint";
import { capsuleRead } from "@/features/capsules/read.endpoint";
import { capsuleSubmit } from "@/features/capsules/submit.endpoint";
import { capsuleVote } from "@/features/voting/vote.endpoint";
import { capsuleVotes } from "@/features/voting/votes.endpoint";
import { devKeys } from "@/test/support/anvil";
import { startDeskStack, type TestDns } from "@/test/support/desk-stack";
import { dialectsUnderTest, type Stack } from "@/test/support/stack";
import { eventually } from "@/features/outlets/outlets.test-support";
import { addr, chainAccess, deployedContracts, expectError, grantRole, staffedDesk, type Api, type Json } from "@/features/capsules/capsules.test-support";
import { openLiveStream } from "@/features/live/live-stream.test-support";

// Issue 13, item 4: GET /api/capsules/:id/votes (the indexed projection, paged, names of members,
// the tally of the same read) and GET /api/live (votes, the block that closes the window and the
// finalization pushed as they are committed), on SQLite and PostgreSQL against anvil.

const dialects = await dialectsUnderTest();
const [ownerKey, editorKey, secondEditorKey, lateEditorKey] = [devKeys[1], devKeys[2], devKeys[3], devKeys[4]] as [Hex, Hex, Hex, Hex];
const [owner, editor, secondEditor] = [addr(ownerKey), addr(editorKey), addr(secondEditorKey)];
const SLUG = "votes-desk";
const WINDOW = 259_200;

describe.each(dialects)("votes and live pushes on %s", (dialect) => {
  let stack: Stack;
  let dns: TestDns;
  let stopDesk: () => Promise<void>;
  let api: Api;
  let chain: ReturnType<typeof chainAccess>;
  let live: Awaited<ReturnType<typeof openLiveStream>>;
  let capsuleId = "";
  let closesAt = 0;

  const vote = async (key: Hex, support: boolean) => {
    const res = await api.send(capsuleVote, { params: { id: capsuleId }, body: await chain.ballot(key, capsuleId, support) }, key);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  };

  beforeAll(async () => {
    ({ stack, dns, api, stop: stopDesk } = await startDeskStack(dialect));
    chain = chainAccess(stack, await deployedContracts(api));
    await staffedDesk({
      api, chain, dns, ownerKey, slug: SLUG,
      bonds: [[ownerKey, "400"], [editorKey, "300"], [secondEditorKey, "250"]],
      roles: [[editorKey, ROLE.EDITOR], [secondEditorKey, ROLE.EDITOR]],
    });
    const created = await api.send(
      capsuleCreate,
      {
        body: {
          title: "Tram line opens in May",
          body: "The city confirmed the date.",
          outletSlug: SLUG,
          // the owner names itself; the name it gives the editor is its own words about a colleague, never shown as the editor's name
          contributors: [
            { wallet: owner, displayName: "Olga Owner", role: 3, contributionType: "author", shareBps: 5_000 },
            { wallet: editor, displayName: "Bribed by the mayor", role: 3, contributionType: "editor", shareBps: 5_000 },
          ],
        },
      },
      ownerKey,
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    capsuleId = created.body.capsuleId;
    const voucher = await api.send(capsuleSubmit, { params: { id: capsuleId }, body: {} }, ownerKey);
    expect(voucher.status, JSON.stringify(voucher.body)).toBe(200);
    await chain.submitOnChain(ownerKey, voucher.body);
    const pending = await eventually(async () => {
      const read = await api.send(capsuleRead, { params: { id: capsuleId } });
      return read.body.capsule?.status === "pending" ? read.body : undefined;
    }, "capsule pending");
    closesAt = Number(pending.capsule.closesAt);
    live = await openLiveStream(stack.baseUrl);
  });

  afterAll(async () => {
    await live?.close();
    await stopDesk?.();
  });

  it("opens the live stream with the current block and its time", async () => {
    expect(live.response.headers.get("content-type")).toMatch(/^text\/event-stream/);
    expect(live.response.headers.get("cache-control")).toContain("no-transform");
    const hello = await live.next((e) => e.type === "hello", "hello");
    expect(hello.tallies).toBeUndefined();
    const head = await chain.publicClient.getBlock({ blockTag: "latest" });
    expect(hello.block).toBeGreaterThan(0);
    expect(hello.blockTime).toBeLessThanOrEqual(Number(head.timestamp));
    expect(hello.blockTime).toBeGreaterThan(closesAt - WINDOW - 60);
  });

  it("answers an empty page before any vote, with the capsule's zero tally", async () => {
    const res = await api.send(capsuleVotes, { params: { id: capsuleId } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ok: true, capsuleId, items: [], page: 1, limit: 20, total: 0, hasMore: false, capsule: { id: capsuleId, status: "pending", yesVotes: "0", noVotes: "0" } });
  });

  it("pushes each vote as it is committed; the list, names and tally come from one read", async () => {
    const from = live.events.length;
    await vote(editorKey, true);
    const first = await live.next((e) => e.type === "change" && e.capsuleIds.includes(capsuleId) && e.kinds.includes("capsuleAcceptance:VoteCast"), "first VoteCast", from);
    expect(first.wallets).toContain(editor);
    // the change carries the new tally itself (issue 30 item 6): open pages need not read the capsule
    expect(first.tallies).toEqual([{ capsuleId, yesVotes: "300000000000000000000", noVotes: "0", weightedYes: "100.00", weightedNo: "0.00", weightedParticipation: expect.stringMatching(/^[0-9]+\.[0-9]{2}$/) }]);
    await vote(ownerKey, false);
    const second = await live.next((e) => e.type === "change" && e.capsuleIds.includes(capsuleId) && e.wallets.includes(owner), "second VoteCast", live.events.indexOf(first) + 1);

    // the push arrives after the commit: the very next read has both votes
    const res = await api.send(capsuleVotes, { params: { id: capsuleId } });
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(2);
    const [a, b] = res.body.items as [Json, Json];
    expect(a).toMatchObject({ voter: editor, displayName: null, support: true, weight: "300000000000000000000" });
    expect(b).toMatchObject({ voter: owner, displayName: "Olga Owner", support: false, weight: "400000000000000000000" });
    for (const item of [a, b]) {
      expect(item.txHash).toMatch(/^0x[0-9a-f]{64}$/);
      expect(Number(item.blockTime)).toBeGreaterThan(0);
      const receipt = await chain.publicClient.getTransactionReceipt({ hash: item.txHash });
      expect(receipt.status).toBe("success");
    }
    const sum = (support: boolean) => (res.body.items as Json[]).filter((v) => v.support === support).reduce((n, v) => n + BigInt(v.weight), 0n);
    expect(res.body.capsule).toMatchObject({ yesVotes: sum(true).toString(), noVotes: sum(false).toString(), weightedYes: "42.85", weightedNo: "57.14" });
    expect(res.body.policy).toMatchObject({ policyId: "default", approvalThreshold: 60 });
    // the pushed tally is the capsule read's, field for field
    const read = await api.send(capsuleRead, { params: { id: capsuleId } });
    const { yesVotes, noVotes, weightedYes, weightedNo, weightedParticipation } = read.body.capsule;
    expect(second.tallies).toEqual([{ capsuleId, yesVotes, noVotes, weightedYes, weightedNo, weightedParticipation }]);
    expect(weightedParticipation).not.toBe("0.00");
    // and the voter rows as the list shows them (names, reasons, hashes), with the count: a page appends them
    expect(first.votes).toEqual([{ capsuleId, total: 1, latest: [a] }]);
    expect(second.votes).toEqual([{ capsuleId, total: 2, latest: [a, b] }]);
  });

  it("pages the votes with the bridge's page/limit shape", async () => {
    const first = await api.send(capsuleVotes, { params: { id: capsuleId }, query: { page: 1, limit: 1 } });
    expect(first.body).toMatchObject({ page: 1, limit: 1, total: 2, hasMore: true });
    expect(first.body.items.map((v: Json) => v.voter)).toEqual([editor]);
    const second = await api.send(capsuleVotes, { params: { id: capsuleId }, query: { page: 2, limit: 1 } });
    expect(second.body).toMatchObject({ page: 2, limit: 1, total: 2, hasMore: false });
    expect(second.body.items.map((v: Json) => v.voter)).toEqual([owner]);
    const past = await api.send(capsuleVotes, { params: { id: capsuleId }, query: { page: 3, limit: 1 } });
    expect(past.body).toMatchObject({ items: [], total: 2, hasMore: false });
  });

  it("lists each signed reader's own vote on the capsule (for, against, none), and no one's on an anonymous read", async () => {
    const listed = async (key?: Hex) => {
      const res = await api.send(capsuleList, { query: { outlet: SLUG, status: "pending", page: 1, limit: 20 } }, key);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const item = (res.body.items as Json[]).find((c) => c.id === capsuleId);
      expect(item, "the capsule is listed").toBeDefined();
      return item as Json;
    };
    expect((await listed(editorKey)).viewerVote).toBe("for");
    expect((await listed(ownerKey)).viewerVote).toBe("against");
    expect((await listed(secondEditorKey)).viewerVote).toBe("none");
    expect(await listed()).not.toHaveProperty("viewerVote");
    // the whole list (no status filter) carries it too; a draft has none, it never went to a vote
    const draft = await api.send(capsuleCreate, { body: { title: "Ferry timetable draft", body: "Not yet submitted.", outletSlug: SLUG } }, ownerKey);
    expect(draft.status, JSON.stringify(draft.body)).toBe(201);
    const all = await api.send(capsuleList, { query: { outlet: SLUG, page: 1, limit: 20 } }, ownerKey);
    const byId = new Map((all.body.items as Json[]).map((c) => [c.id as string, c]));
    expect(byId.get(capsuleId)?.viewerVote).toBe("against");
    expect(byId.get(draft.body.capsuleId as string)).not.toHaveProperty("viewerVote");
  });

  it("tells a signed reader who was no voting Editor when the vote opened that the vote is not theirs (not-eligible)", async () => {
    // bonded and made an Editor after the window opened: an Editor now, but the chain counts the snapshot's voters only
    await chain.deposit(lateEditorKey, "250");
    await grantRole(api, ownerKey, SLUG, lateEditorKey, ROLE.EDITOR);
    const listed = async (key: Hex) => {
      const res = await api.send(capsuleList, { query: { outlet: SLUG, status: "pending", page: 1, limit: 20 } }, key);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return (res.body.items as Json[]).find((c) => c.id === capsuleId);
    };
    expect((await listed(lateEditorKey))?.viewerVote).toBe("not-eligible");
    // one who could vote and has not still reads "none"; the check does not touch a cast vote
    expect((await listed(secondEditorKey))?.viewerVote).toBe("none");
    expect((await listed(editorKey))?.viewerVote).toBe("for");
    // the single read's snapshot check agrees
    const read = await api.send(capsuleRead, { params: { id: capsuleId } }, lateEditorKey);
    expect(read.body.viewerVoting, JSON.stringify(read.body.viewerVoting)).toMatchObject({ eligible: false });
  });

  it("refuses bad ids and pages in the seed's error shape", async () => {
    expectError(await api.send(capsuleVotes, { params: { id: "999999" } }), 404, "CAPSULE_NOT_FOUND", /999999/);
    for (const bad of [{ params: { id: "abc" } }, { params: { id: capsuleId }, query: { page: 0 } }, { params: { id: capsuleId }, query: { limit: 101 } }]) {
      const res = await api.send(capsuleVotes, bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(res.body).toMatchObject({ ok: false, error: "VALIDATION_ERROR", statusCode: 400 });
    }
  });

  it("pushes the block that closes the window, then the finalization", async () => {
    const from = live.events.length;
    await chain.increaseTime(WINDOW + 5);
    const closing = await live.next((e) => e.type === "change" && e.blockTime >= closesAt, "the block past the window", from);
    expect(closing.block).toBe(Number((await chain.publicClient.getBlock({ blockTag: "latest" })).number));
    expect(closing.tallies, "a change without votes carries no tallies").toBeUndefined();
    expect(closing.votes, "nor voter rows").toBeUndefined();
    const late = await api.send(capsuleVote, { params: { id: capsuleId }, body: await chain.ballot(secondEditorKey, capsuleId, true) }, secondEditorKey);
    expect(late.body).toMatchObject({ ok: false, error: "VOTING_CLOSED", statusCode: 409 });
    const accepted = await api.send(capsuleAccept, { params: { id: capsuleId }, body: { capsuleId } }, secondEditorKey);
    expect([200, 201], JSON.stringify(accepted.body)).toContain(accepted.status);
    await live.next((e) => e.type === "change" && e.capsuleIds.includes(capsuleId) && e.kinds.includes("articleRegistry:CapsuleRejected"), "the rejection", from);
    const res = await api.send(capsuleVotes, { params: { id: capsuleId } });
    expect(res.body.capsule.status).toBe("rejected");
    expect(res.body.total).toBe(2);
  });
});
