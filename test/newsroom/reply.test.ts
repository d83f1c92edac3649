import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Hex } from "viem";
import { capsuleDispute } from "@/lib/endpoints/capsules/dispute";
import { courtCase } from "@/lib/endpoints/court/case";
import { courtReply } from "@/lib/endpoints/court/reply";
import { courtVerdict } from "@/lib/endpoints/court/verdict";
import { inboxMarkRead } from "@/lib/endpoints/inbox/mark-read";
import { inboxRead } from "@/lib/endpoints/inbox/read";
import { devKeys } from "../support/anvil";
import { bridgeClient, type BodyOf } from "../support/bridge-client";
import { dialectsUnderTest, startStack, type Stack } from "../support/stack";
import { startTestDns } from "../outlets/dns-server";
import { deployedContracts } from "../capsules/support";
import { activeOutlet, addr, courtChain, expectError, finalizedCapsule, grantRole, type Api, type Json } from "../court/support";
import { openLiveStream } from "./live-stream";

// Issue 13, item 3 (right of reply) and item 2 (the inbox): a dispute opens a reply window of chain
// time; the clerk's verdict is refused while it runs unless the author or an editor replied, and
// allowed after it (anvil evm_increaseTime + evm_mine); the author's inbox lists each step, with an
// unread count and mark-read, and the live stream names the case and the wallets as they change.

const dialects = await dialectsUnderTest();
const [operatorKey, ownerKey, , , outsiderKey, editorKey, clerkKey, disputerKey] = devKeys as readonly Hex[] as Hex[];
const [owner, editor, clerk, disputer] = [addr(ownerKey!), addr(editorKey!), addr(clerkKey!), addr(disputerKey!)];
const SLUG = "reply-desk";
const WINDOW = 172_800;
const GROUNDS = "The article says the tram costs 40 million; the tender shows 4 million.";
const REPLY = "The 40 million figure is the whole programme; the tender is its first lot. Both documents attached.";
const windowDetails = { replyDueAt: expect.stringMatching(/^[0-9]+$/), chainTime: expect.stringMatching(/^[0-9]+$/) };
const RATIONALE = "The reply's documents show the programme budget; the figure is right in context.";

describe.each(dialects)("right of reply and inbox on %s", (dialect) => {
  let stack: Stack;
  let dns: Awaited<ReturnType<typeof startTestDns>>;
  let api: Api;
  let chain: ReturnType<typeof courtChain>;
  let live: Awaited<ReturnType<typeof openLiveStream>>;
  const capsules = { replied: "", silent: "" };
  const cases = { replied: "", silent: "" };

  const dispute = (capsuleId: string) => api.send(capsuleDispute, { params: { id: capsuleId }, body: { grounds: GROUNDS, requestedLabel: "misleading" } }, disputerKey!);
  const verdict = (caseId: string, body: BodyOf<typeof courtVerdict> = { verdict: "verified", rationale: RATIONALE }) => api.send(courtVerdict, { params: { id: caseId }, body }, clerkKey!);
  const reply = (key: Hex, caseId: string, body: BodyOf<typeof courtReply> = { reply: REPLY, evidence: [{ uri: "https://records.example.org/tender.pdf", label: "Tender, first lot" }] }) =>
    api.send(courtReply, { params: { id: caseId }, body }, key);
  const inbox = (key: Hex, body: BodyOf<typeof inboxRead> = {}) => api.send(inboxRead, { body }, key);

  beforeAll(async () => {
    dns = await startTestDns();
    stack = await startStack({ database: dialect, env: { CAPSULE_DNS_SERVERS: dns.server, CAPSULE_DNS_TIMEOUT_MS: "3000", CAPSULE_RATE_WRITE_PER_MIN: "1000", CAPSULE_RATE_PUBLIC_GET_PER_MIN: "1000" } });
    api = bridgeClient(stack.baseUrl);
    chain = courtChain(stack, await deployedContracts(api, "integrityCourt"));
    await chain.deposit(ownerKey!, "1000");
    await chain.deposit(editorKey!, "300");
    await chain.deposit(clerkKey!, "500");
    await chain.deposit(disputerKey!, "10");
    await activeOutlet(api, dns, ownerKey!, SLUG);
    await grantRole(api, ownerKey!, SLUG, editor, 3);
    await grantRole(api, operatorKey!, "capsule-court", clerk, 4);
    capsules.replied = (await finalizedCapsule(api, chain, { authorKey: ownerKey!, voterKey: ownerKey!, outletSlug: SLUG, title: "Tram costs forty million", category: "local" })).capsuleId;
    capsules.silent = (await finalizedCapsule(api, chain, { authorKey: ownerKey!, voterKey: ownerKey!, outletSlug: SLUG, title: "Ferry fares rise", category: "local" })).capsuleId;
    live = await openLiveStream(stack.baseUrl);
  });

  afterAll(async () => {
    await live?.close();
    await stack?.stop();
    await dns?.close();
  });

  it("opens a case with a reply window of 48 h of chain time, and tells the author", async () => {
    const from = live.events.length;
    const before = Number((await chain.publicClient.getBlock({ blockTag: "latest" })).timestamp);
    const opened = await dispute(capsules.replied);
    expect(opened.status, JSON.stringify(opened.body)).toBe(201);
    cases.replied = opened.body.case.caseId;
    const dueAt = Number(opened.body.case.reply.dueAt);
    expect(dueAt).toBeGreaterThanOrEqual(before + WINDOW);
    expect(dueAt).toBeLessThan(before + WINDOW + 60);
    expect(opened.body.case.reply).toMatchObject({ repliedBy: null, reply: null, evidence: [], repliedAt: null });
    const pushed = await live.next((e) => e.caseIds.includes(cases.replied), "the opened case", from);
    expect(pushed.wallets).toEqual(expect.arrayContaining([owner, editor, disputer]));

    const box = await inbox(ownerKey!);
    expect(box.status, JSON.stringify(box.body)).toBe(200);
    const kinds = box.body.items.map((i: Json) => i.kind);
    expect(kinds).toEqual(expect.arrayContaining(["inbox.dispute_opened", "inbox.reply_due", "inbox.label_changed", "capsule.finalized", "capsule.submitted"]));
    const due = box.body.items.find((i: Json) => i.kind === "inbox.reply_due");
    expect(due).toMatchObject({ caseId: cases.replied, capsuleId: capsules.replied, unread: true });
    expect(due.message).toContain("“Tram costs forty million”");
    expect(due.message).toContain("due by");
    expect(box.body.unreadCount).toBe(box.body.total);
    // the editor is told too; the disputer's inbox has none of it
    expect((await inbox(editorKey!)).body.items.map((i: Json) => i.kind)).toEqual(expect.arrayContaining(["inbox.dispute_opened", "inbox.reply_due"]));
    expect((await inbox(disputerKey!)).body.items).toEqual([]);
  });

  it("refuses the verdict while the window runs and no reply is filed (409, seed error shape)", async () => {
    const res = await verdict(cases.replied);
    expectError(res, 409, "INVALID_STATE", new RegExp(`Court case ${cases.replied} is in its reply window until`), windowDetails);
    expect(Number(res.body.replyDueAt)).toBeGreaterThan(Number(res.body.chainTime));
    const read = await api.send(courtCase, { params: { id: cases.replied } });
    expect(read.body.case).toMatchObject({ status: "open", verdict: null });
  });

  it("lets only the author, the owner or an editor reply, once, with evidence", async () => {
    expectError(await reply(outsiderKey!, cases.replied), 403, "FORBIDDEN", /Only the submitter of capsule .* may reply in this case/);
    expectError(await reply(disputerKey!, cases.replied), 403, "FORBIDDEN", /may reply in this case/);
    const short = await reply(editorKey!, cases.replied, { reply: "too short" });
    expect(short.body).toMatchObject({ ok: false, error: "VALIDATION_ERROR", statusCode: 400 });
    expectError(await reply(editorKey!, "999999"), 404, "CASE_NOT_FOUND", "No court case with id 999999");

    const from = live.events.length;
    const filed = await reply(editorKey!, cases.replied);
    expect(filed.status, JSON.stringify(filed.body)).toBe(200);
    expect(filed.body.case.reply).toMatchObject({ repliedBy: editor, reply: REPLY, evidence: [{ uri: "https://records.example.org/tender.pdf", label: "Tender, first lot" }] });
    expect(filed.body.timeline.map((t: Json) => t.kind)).toContain("reply");
    await live.next((e) => e.caseIds.includes(cases.replied) && e.kinds.includes("bridge:court.reply"), "the reply", from);
    expectError(await reply(ownerKey!, cases.replied), 409, "CONFLICT", /already has its reply/);
  });

  it("allows the verdict before the window closes once the reply is in, and tells the author", async () => {
    const res = await verdict(cases.replied);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.case).toMatchObject({ status: "closed", verdict: "verified" });
    const box = await inbox(ownerKey!, { unreadOnly: true });
    const verdictEntry = box.body.items.find((i: Json) => i.kind === "inbox.verdict");
    expect(verdictEntry).toMatchObject({ caseId: cases.replied, unread: true });
    expect(verdictEntry.message).toBe(`Verdict in case #${cases.replied} on “Tram costs forty million”: Verified.`);
    expect(box.body.items.map((i: Json) => i.kind)).toContain("inbox.reply_filed");
  });

  it("allows the verdict after the window closed without a reply (chain time)", async () => {
    const opened = await dispute(capsules.silent);
    expect(opened.status, JSON.stringify(opened.body)).toBe(201);
    cases.silent = opened.body.case.caseId;
    expectError(await verdict(cases.silent), 409, "INVALID_STATE", /reply window/, windowDetails);
    await chain.increaseTime(WINDOW - 120);
    expectError(await verdict(cases.silent), 409, "INVALID_STATE", /reply window/, windowDetails);
    await chain.increaseTime(180);
    const res = await verdict(cases.silent, { verdict: "misleading", rationale: RATIONALE });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.case).toMatchObject({ status: "closed", verdict: "misleading", reply: { repliedAt: null } });
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
