import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEther, recoverTypedDataAddress, type Hex } from "viem";
import { ROLE } from "@/lib/roles/role-catalog";
import { voteReasonTypedData } from "@/lib/chain/vouchers";
import { capsuleCreate } from "@/features/capsules/create.endpoint";
import { capsuleRead } from "@/features/capsules/read.endpoint";
import { capsuleSubmit } from "@/features/capsules/submit.endpoint";
import { capsuleVote } from "@/features/voting/vote.endpoint";
import { capsuleVotes } from "@/features/voting/votes.endpoint";
import { devKeys } from "@/test/support/anvil";
import { startDeskStack, type TestDns } from "@/test/support/desk-stack";
import { dialectsUnderTest, type Stack } from "@/test/support/stack";
import { eventually } from "@/features/outlets/outlets.test-support";
import { addr, chainAccess, deployedContracts, expectError, staffedDesk, type Api, type Contracts } from "@/features/capsules/capsules.test-support";

// Issue 31, Snapshot/Tally: a short public reason signed with the ballot (EIP-712 VoteReason bound
// to the ballot's nonce, capsule and choice), stored beside the projection and returned with each
// voter by the vote route and the votes list. Too long, blank, unsigned, mis-signed, or with a bidirectional override
// or an isolate left open → 400.

const dialects = await dialectsUnderTest();
const [ownerKey, editorKey, journalistKey, quietKey] = [devKeys[1], devKeys[2], devKeys[3], devKeys[4]] as [Hex, Hex, Hex, Hex];
const [editor, journalist, quiet, owner] = [addr(editorKey), addr(journalistKey), addr(quietKey), addr(ownerKey)];
const SLUG = "reasons-desk";
const REASON = "Two sources on record and the tender documents attached — publish.";

describe.each(dialects)("vote reasons on %s", (dialect) => {
  let stack: Stack;
  let dns: TestDns;
  let stopDesk: () => Promise<void>;
  let api: Api;
  let chain: ReturnType<typeof chainAccess>;
  let contracts: Contracts;
  let capsuleId = "";

  const send = async (key: Hex, body: { support: boolean; deadline: string; signature: string; reason?: string; reasonSignature?: string }) => api.send(capsuleVote, { params: { id: capsuleId }, body }, key);
  const invalid = (path: string, message: string) => ({ issues: [{ path, message }] });

  beforeAll(async () => {
    ({ stack, dns, api, stop: stopDesk } = await startDeskStack(dialect));
    contracts = await deployedContracts(api);
    chain = chainAccess(stack, contracts);
    await staffedDesk({
      api, chain, dns, ownerKey, slug: SLUG,
      bonds: [[ownerKey, "750"], [editorKey, "250"], [journalistKey, "100"], [quietKey, "250"]],
      roles: [[editorKey, ROLE.EDITOR], [quietKey, ROLE.EDITOR], [journalistKey, ROLE.JOURNALIST]],
    });
    const created = await api.send(capsuleCreate, { body: { title: "Harbour tender", body: "The harbour tender: the facts.", outletSlug: SLUG } }, journalistKey);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    capsuleId = created.body.capsuleId as string;
    const submitted = await api.send(capsuleSubmit, { params: { id: capsuleId }, body: {} }, journalistKey);
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    await chain.submitOnChain(journalistKey, submitted.body);
    await eventually(async () => ((await api.send(capsuleRead, { params: { id: capsuleId } }, journalistKey)).body.capsule.status === "pending" ? true : undefined), "capsule pending");
  });

  afterAll(async () => {
    await stopDesk?.();
  });

  it("refuses a reason over 280 characters, a blank one, one with a line break, and a reason without its signature with 400", async () => {
    const long = "x".repeat(281);
    expectError(await send(editorKey, await chain.ballot(editorKey, capsuleId, true, 3600, { text: long })), 400, "VALIDATION_ERROR", "Invalid body: reason", invalid("reason", "at most 280 characters"));
    expectError(await send(editorKey, await chain.ballot(editorKey, capsuleId, true, 3600, { text: "  " })), 400, "VALIDATION_ERROR", /reason/, {
      issues: expect.arrayContaining([{ path: "reason", message: "a reason must not be blank (leave it out instead)" }]),
    });
    expectError(await send(editorKey, await chain.ballot(editorKey, capsuleId, true, 3600, { text: "one\ntwo" })), 400, "VALIDATION_ERROR", "Invalid body: reason", invalid("reason", "one line, without control characters"));
    const { reasonSignature: _dropped, ...unsigned } = await chain.ballot(editorKey, capsuleId, true, 3600, { text: REASON });
    expectError(await send(editorKey, unsigned), 400, "VALIDATION_ERROR", "Invalid body: reasonSignature", invalid("reasonSignature", "a reason needs the voter's VoteReason signature"));
  });

  it("refuses a reason whose signature is for other text or the other choice with 400, and records no vote", async () => {
    const mismatch = invalid("reasonSignature", "the reason's VoteReason signature does not recover to the voter for this capsule, choice and ballot nonce");
    expectError(await send(editorKey, await chain.ballot(editorKey, capsuleId, true, 3600, { text: REASON, signText: "Publish." })), 400, "VALIDATION_ERROR", "Invalid body: reasonSignature", mismatch);
    expectError(await send(editorKey, await chain.ballot(editorKey, capsuleId, true, 3600, { text: REASON, signSupport: false })), 400, "VALIDATION_ERROR", "Invalid body: reasonSignature", mismatch);
    // another voter's signature over the same reason
    const theirs = await chain.ballot(quietKey, capsuleId, true, 3600, { text: REASON });
    const mine = await chain.ballot(editorKey, capsuleId, true, 3600, { text: REASON });
    expectError(await send(editorKey, { ...mine, reasonSignature: theirs.reasonSignature }), 400, "VALIDATION_ERROR", "Invalid body: reasonSignature", mismatch);
    expect((await api.send(capsuleVotes, { params: { id: capsuleId }, query: {} })).body.items).toEqual([]);
  });

  it("refuses a signed reason with a right-to-left override or an isolate left open with 400, and records no vote", async () => {
    // "I vote <RLO>tpecca<PDI>" shows as "I vote accept" while it says something else to anyone who copies it
    expectError(await send(editorKey, await chain.ballot(editorKey, capsuleId, true, 3600, { text: "I vote \u202Etpecca\u2069" })), 400, "VALIDATION_ERROR", "Invalid body: reason", invalid("reason", "must not contain bidirectional override characters (U+202D, U+202E)"));
    expectError(await send(editorKey, await chain.ballot(editorKey, capsuleId, true, 3600, { text: "Publish \u2067and the rest of the page turns around" })), 400, "VALIDATION_ERROR", "Invalid body: reason", invalid("reason", "line 1 opens a bidirectional embedding or isolate (U+202A, U+202B, U+2066–U+2068) without closing it on that line"));
    expect((await api.send(capsuleVotes, { params: { id: capsuleId }, query: {} })).body.items).toEqual([]);
  });

  it("relays a vote with its reason and answers it; the votes list gives the reason with a signature anyone can check", async () => {
    const yes = await send(editorKey, await chain.ballot(editorKey, capsuleId, true, 3600, { text: REASON }));
    expect(yes.status, JSON.stringify(yes.body)).toBe(200);
    expect(yes.body.vote).toEqual({ voter: editor, support: true, weight: parseEther("250").toString(), reason: REASON });
    const no = await send(ownerKey, await chain.ballot(ownerKey, capsuleId, false));
    expect(no.status, JSON.stringify(no.body)).toBe(200);
    expect(no.body.vote).toMatchObject({ voter: owner, support: false, reason: null });

    const list = (await api.send(capsuleVotes, { params: { id: capsuleId }, query: {} })).body;
    expect(list.items.map((v: { voter: string }) => v.voter)).toEqual([editor, owner]);
    const [withReason, without] = list.items as [{ reason: { text: string; ballotNonce: string; signature: Hex } }, { reason: unknown }];
    expect(without.reason).toBeNull();
    expect(withReason.reason).toMatchObject({ text: REASON, ballotNonce: "0" });
    const typed = voteReasonTypedData(contracts.capsuleAcceptance.address, chain.publicClient.chain!.id, {
      capsuleId: BigInt(capsuleId),
      support: true,
      voter: editor,
      ballotNonce: BigInt(withReason.reason.ballotNonce),
      reason: withReason.reason.text,
    });
    expect(await recoverTypedDataAddress({ ...typed, signature: withReason.reason.signature })).toBe(editor);
    expect(quiet).not.toBe(editor);
  });
});
