import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Hex } from "viem";
import { ROLE } from "@/lib/roles/role-catalog";
import { courtAdvance } from "@/features/court/advance.endpoint";
import { courtCase } from "@/features/court/case.endpoint";
import { courtEvidence } from "@/features/court/evidence.endpoint";
import { courtReply } from "@/features/court/reply.endpoint";
import { inboxMarkRead } from "@/features/inbox/mark-read.endpoint";
import { inboxRead } from "@/features/inbox/read.endpoint";
import { devKeys } from "@/test/support/anvil";
import { bridgeClient, type BodyOf } from "@/test/support/bridge-client";
import { startDeskStack, type TestDns } from "@/test/support/desk-stack";
import { dialectsUnderTest, type Stack } from "@/test/support/stack";
import { deployedContracts } from "@/features/capsules/capsules.test-support";
import { addr, courtChain, expectError, finalizedCapsule, juryDriver, staffedDesk, type Api, type Json } from "./court.test-support";
import { openLiveStream } from "@/features/live/live-stream.test-support";

// Issue 13, item 3 (the outlet's answer) and item 2 (the inbox), in the jury era: a dispute opens a jury
// case whose evidence period runs on chain time; the case cannot move on while it runs; the author, the
// owner or an Editor answers with the outlet's evidence (the clerk-era reply route says so); the final
// jury finding and the slash reach the author's inbox, with an unread count and mark-read, and the live
// stream names the case and the wallets as they change.

const dialects = await dialectsUnderTest();
const [, ownerKey, , , outsiderKey, editorKey, , disputerKey] = devKeys as readonly Hex[] as Hex[];
const [owner, editor, disputer] = [addr(ownerKey!), addr(editorKey!), addr(disputerKey!)];
const SLUG = "reply-desk";
const EVIDENCE_PERIOD = 72 * 3600;
const GROUNDS = "The article says the tram costs 40 million; the tender shows 4 million.";
const REPLY = "The 40 million figure is the whole programme; the tender is its first lot. Both documents attached.";

describe.each(dialects)("the outlet's answer and the inbox on %s", (dialect) => {
  let stack: Stack;
  let dns: TestDns;
  let stopDesk: () => Promise<void>;
  let api: Api;
  let chain: ReturnType<typeof courtChain>;
  let jury: ReturnType<typeof juryDriver>;
  let jurorKeys: Hex[] = [];
  let live: Awaited<ReturnType<typeof openLiveStream>>;
  const capsules = { replied: "", silent: "" };
  const cases = { replied: "", silent: "" };

  const dispute = (capsuleId: string) => jury.dispute(disputerKey!, capsuleId, { grounds: GROUNDS, requestedLabel: "misleading" });
  const reply = (key: Hex, caseId: string, body: BodyOf<typeof courtReply> = { reply: REPLY, evidence: [{ uri: "https://records.example.org/tender.pdf", label: "Tender, first lot" }] }) =>
    api.send(courtReply, { params: { id: caseId }, body }, key);
  const evidence = (key: Hex, caseId: string, uri = "https://records.example.org/tender.pdf") => api.send(courtEvidence, { params: { id: caseId }, body: { uri } }, key);
  const inbox = (key: Hex, body: BodyOf<typeof inboxRead> = {}) => api.send(inboxRead, { body }, key);

  beforeAll(async () => {
    ({ stack, dns, api, stop: stopDesk } = await startDeskStack(dialect));
    const contracts = await deployedContracts(api, "integrityCourt", "juryCourt");
    chain = courtChain(stack, contracts);
    jury = juryDriver(stack, api, chain, contracts.juryCourt.address);
    await staffedDesk({
      api, chain, dns, ownerKey: ownerKey!, slug: SLUG,
      bonds: [[ownerKey!, "1000"], [editorKey!, "300"], [disputerKey!, "10"]],
      roles: [[editorKey!, ROLE.EDITOR]],
    });
    jurorKeys = await jury.seatBench(dns, "reply-bench");
    capsules.replied = (await finalizedCapsule(api, chain, { authorKey: ownerKey!, voterKey: ownerKey!, outletSlug: SLUG, title: "Tram costs forty million", category: "local" })).capsuleId;
    capsules.silent = (await finalizedCapsule(api, chain, { authorKey: ownerKey!, voterKey: ownerKey!, outletSlug: SLUG, title: "Ferry fares rise", category: "local" })).capsuleId;
    live = await openLiveStream(stack.baseUrl);
  }, 300_000);

  afterAll(async () => {
    await live?.close();
    await stopDesk?.();
  });

  it("opens a jury case with an evidence period of 72 h of chain time, and tells the author", async () => {
    const from = live.events.length;
    const before = Number((await chain.publicClient.getBlock({ blockTag: "latest" })).timestamp);
    const opened = await dispute(capsules.replied);
    expect(opened.status, JSON.stringify(opened.body)).toBe(201);
    cases.replied = opened.body.case.caseId;
    const endsAt = Number(opened.body.case.periodEndsAt);
    expect(opened.body.case).toMatchObject({ court: "jury", period: "evidence", reply: null });
    expect(endsAt).toBeGreaterThanOrEqual(before + EVIDENCE_PERIOD);
    expect(endsAt).toBeLessThan(before + EVIDENCE_PERIOD + 60);
    const pushed = await live.next((e) => e.caseIds.includes(cases.replied) && e.kinds.includes("bridge:court.case_opened"), "the opened case", from);
    expect(pushed.wallets).toEqual(expect.arrayContaining([owner, editor, disputer]));

    const box = await inbox(ownerKey!);
    expect(box.status, JSON.stringify(box.body)).toBe(200);
    const kinds = box.body.items.map((i: Json) => i.kind);
    expect(kinds).toEqual(expect.arrayContaining(["inbox.dispute_opened", "inbox.label_changed", "capsule.finalized", "capsule.submitted"]));
    expect(kinds).not.toContain("inbox.reply_due"); // no clerk's reply window: the evidence period is the outlet's time to answer
    const opening = box.body.items.find((i: Json) => i.kind === "inbox.dispute_opened");
    expect(opening).toMatchObject({ caseId: cases.replied, capsuleId: capsules.replied, unread: true });
    expect(opening.message).toBe(`A dispute was opened on “Tram costs forty million” (case #${cases.replied}).`);
    expect(box.body.unreadCount).toBe(box.body.total);
    // the editor is told too; the disputer hears only of its jury case's periods, none of the outlet's notices
    expect((await inbox(editorKey!)).body.items.map((i: Json) => i.kind)).toEqual(expect.arrayContaining(["inbox.dispute_opened", "inbox.jury_period"]));
    // the outlet's side adds evidence and funds appeals: its owner and Editors hear of the jury periods too
    expect(box.body.items.filter((i: Json) => i.kind === "inbox.jury_period").map((i: Json) => i.caseId)).toEqual([cases.replied]);
    expect((await inbox(disputerKey!)).body.items.map((i: Json) => [i.kind, i.caseId])).toEqual([["inbox.jury_period", cases.replied]]);
  });

  it("refuses to move the case on while the evidence period runs (409, seed error shape)", async () => {
    const res = await api.send(courtAdvance, { params: { id: cases.replied } }, disputerKey!);
    expectError(res, 409, "INVALID_STATE", "The jury case's current period has not ended and its work is not done (PeriodNotOver)", { revert: "PeriodNotOver" });
    const read = await api.send(courtCase, { params: { id: cases.replied } });
    expect(read.body.case).toMatchObject({ status: "open", verdict: null, period: "evidence" });
  });

  it("lets the author, the owner or an editor answer with the outlet's evidence, and no one else", async () => {
    expectError(await evidence(outsiderKey!, cases.replied), 403, "FORBIDDEN", "Only the challenger or the capsule's outlet (its author or anyone holding a role there) may add evidence (NotAParty)", { revert: "NotAParty" });
    // the clerk era's reply route points the outlet at its evidence
    expectError(await reply(editorKey!, cases.replied), 409, "INVALID_STATE", `Court case ${cases.replied} is decided by a jury: the outlet answers with its evidence in the evidence period (POST /api/court/case/${cases.replied}/evidence), not with a reply`);
    const short = await reply(editorKey!, cases.replied, { reply: "too short" });
    expect(short.body).toMatchObject({ ok: false, error: "VALIDATION_ERROR", statusCode: 400 });
    expectError(await reply(editorKey!, "999999"), 404, "CASE_NOT_FOUND", "No court case with id 999999");

    const from = live.events.length;
    const filed = await evidence(editorKey!, cases.replied);
    expect(filed.status, JSON.stringify(filed.body)).toBe(200);
    expect(filed.body.case.evidence).toEqual([expect.objectContaining({ party: editor, side: "outlet", uri: "https://records.example.org/tender.pdf" })]);
    await live.next((e) => e.caseIds.includes(cases.replied), "the outlet's evidence", from);
  });

  it("tells the author of the final jury finding", async () => {
    const res = await jury.decide(cases.replied, jurorKeys, ["verified"], disputerKey!);
    expect(res.body.case).toMatchObject({ status: "closed", verdict: "verified" });
    const box = await inbox(ownerKey!, { unreadOnly: true });
    const verdictEntry = box.body.items.find((i: Json) => i.kind === "inbox.verdict");
    expect(verdictEntry).toMatchObject({ caseId: cases.replied, unread: true });
    expect(verdictEntry.message).toBe(`Verdict in case #${cases.replied} on “Tram costs forty million”: Verified.`);
  });

  it("decides a case the outlet left unanswered, and the slash reaches the author's inbox in CAP", async () => {
    const opened = await dispute(capsules.silent);
    expect(opened.status, JSON.stringify(opened.body)).toBe(201);
    cases.silent = opened.body.case.caseId;
    const res = await jury.decide(cases.silent, jurorKeys, ["misleading"], disputerKey!);
    expect(res.body.case).toMatchObject({ status: "closed", verdict: "misleading", evidence: [], reply: null });
    // the slash reaches the owner's inbox in CAP, never in wei
    const box = await inbox(ownerKey!);
    const slash = box.body.items.find((i: Json) => i.kind === "court.penalty");
    expect(slash.message).toMatch(/^[0-9.,]+ CAP was slashed from your outlet's bond after a Misleading verdict/);
    expect(slash.message).not.toMatch(/wei|[0-9]{12,}/);
  });

  it("marks the inbox read and counts what is new since", async () => {
    const before = await inbox(ownerKey!);
    expect(before.body.unreadCount).toBeGreaterThan(0);
    const marked = await api.send(inboxMarkRead, { body: {} }, ownerKey!);
    expect(marked.body).toMatchObject({ ok: true, wallet: owner, unreadCount: 0 });
    const after = await inbox(ownerKey!);
    expect(after.body.unreadCount).toBe(0);
    expect(after.body.items.every((i: Json) => i.unread === false)).toBe(true);
    // an older mark never moves the read mark back
    const stale = await api.send(inboxMarkRead, { body: { upToId: "1" } }, ownerKey!);
    expect(stale.body).toMatchObject({ lastReadId: marked.body.lastReadId, unreadCount: 0 });
    const unsigned = await api.rawAt(inboxRead, undefined, "POST", { body: "{}" });
    expect(unsigned.body).toMatchObject({ ok: false, error: "UNAUTHORIZED", statusCode: 401 });
  });
});
