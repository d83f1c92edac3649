import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Hex } from "viem";
import { ROLE } from "@/lib/roles/role-catalog";
import { capsuleClaims } from "@/features/capsules/claims.endpoint";
import { capsuleClaimsSet } from "@/features/capsules/claims-set.endpoint";
import { capsuleCreate } from "@/features/capsules/create.endpoint";
import { capsuleHistoryAdd } from "@/features/revisions/history-add.endpoint";
import { capsuleRead } from "@/features/capsules/read.endpoint";
import { capsuleReject } from "@/features/capsules/reject.endpoint";
import { capsuleSubmit } from "@/features/capsules/submit.endpoint";
import { capsuleUpdate } from "@/features/capsules/update.endpoint";
import { devKeys } from "@/test/support/anvil";
import { startDeskStack, type TestDns } from "@/test/support/desk-stack";
import { dialectsUnderTest, type Stack } from "@/test/support/stack";
import { eventually } from "@/features/outlets/outlets.test-support";
import { addr, chainAccess, deployedContracts, expectError, sha, staffedDesk, type Api, type Json } from "./capsules.test-support";

// Structured claims in drafts (issue 27 item 1) over HTTP against the real stack: set and read,
// who may, the 400 naming the bad claim, privacy like drafts, a body edit flagging a claim whose
// quote is gone (and submission refusing it), evidence ids following a replaced evidence list,
// 409 once submitted, and a revision draft starting with its parent's claims.

const dialects = await dialectsUnderTest();
const [, ownerKey, editorKey, journalistKey, outsiderKey, reporterKey] = devKeys;
const [editor, journalist, reporter] = [addr(editorKey), addr(journalistKey), addr(reporterKey)];
const SLUG = "claims-desk";
const BODY = "Turnout was 61 percent, the registrar said. In 2019 turnout was 54 percent. The mayor called it a record.";

describe.each(dialects)("capsule claims on %s", (dialect) => {
  let stack: Stack;
  let dns: TestDns;
  let stopDesk: () => Promise<void>;
  let api: Api;
  let chain: ReturnType<typeof chainAccess>;
  let draftId = "";
  let evidenceIds: string[] = [];
  let otherEvidenceId = "";

  const registrarPage = { uri: "https://archive.example.org/registrar", contentHash: sha(11), evidenceType: "archived_page" as const, mimeType: "text/html", isPrimary: true, label: "Registrar's results page" };
  const results2019 = { uri: "https://data.example.org/2019.csv", contentHash: sha(12), evidenceType: "data" as const, mimeType: "text/csv", isPrimary: false, label: "2019 results" };
  const evidence = [registrarPage, results2019];
  // deliberately invalid bodies too, so the payloads are not typed
  const setClaims = (key: Hex, id: string, body: Json) => api.send(capsuleClaimsSet, { params: { id }, body: body as never }, key);
  const claimsOf = (id: string, key?: Hex) => api.send(capsuleClaims, { params: { id } }, key);
  const read = async (id: string, key?: Hex) => (await api.send(capsuleRead, { params: { id } }, key)).body;
  const twoClaims = () => [
    { exact: "61 percent", claimType: "statistic", evidenceIds: [evidenceIds[0]], note: "From the registrar's page" },
    { exact: "percent", prefix: "54 ", suffix: ".", claimType: "statistic", evidenceIds: [evidenceIds[1], evidenceIds[0]] },
  ];

  beforeAll(async () => {
    ({ stack, dns, api, stop: stopDesk } = await startDeskStack(dialect, { env: { CAPSULE_RATE_PUBLIC_GET_PER_MIN: "5000" } }));
    chain = chainAccess(stack, await deployedContracts(api));
    await staffedDesk({
      api, chain, dns, ownerKey, slug: SLUG,
      bonds: [[ownerKey, "750"], [editorKey, "250"], [journalistKey, "100"], [reporterKey, "50"]],
      roles: [[editorKey, ROLE.EDITOR], [journalistKey, ROLE.JOURNALIST], [reporterKey, ROLE.REPORTER]],
    });
    const created = await api.send(capsuleCreate, { body: { title: "Turnout Record", body: BODY, outletSlug: SLUG, evidence } }, journalistKey);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    draftId = created.body.capsuleId;
    evidenceIds = created.body.evidence.map((e: Json) => e.evidenceId as string);
    const other = await api.send(capsuleCreate, { body: { title: "Other story", body: "Other text.", outletSlug: SLUG, evidence: [{ ...results2019, contentHash: sha(13) }] } }, reporterKey);
    expect(other.status, JSON.stringify(other.body)).toBe(201);
    otherEvidenceId = other.body.evidence[0].evidenceId;
  });

  afterAll(async () => {
    await stopDesk?.();
  });

  it("replaces a draft's claims and answers them in order, in GET /claims and in the capsule read", async () => {
    const res = await setClaims(journalistKey, draftId, { claims: twoClaims() });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const expected = [
      { claimId: expect.stringMatching(/^\d+$/), ordinal: 1, exact: "61 percent", prefix: "", suffix: "", claimType: "statistic", evidenceIds: [evidenceIds[0]], note: "From the registrar's page", verdict: null, label: null, anchored: true },
      { claimId: expect.stringMatching(/^\d+$/), ordinal: 2, exact: "percent", prefix: "54 ", suffix: ".", claimType: "statistic", evidenceIds: [evidenceIds[1], evidenceIds[0]], note: null, verdict: null, label: null, anchored: true },
    ];
    expect(res.body).toEqual({ ok: true, capsuleId: draftId, items: expected });
    expect((await claimsOf(draftId, journalistKey)).body).toEqual(res.body);
    expect((await read(draftId, journalistKey)).claims).toEqual(res.body.items);

    // an Editor of the outlet may replace them too (here: with one claim)
    const byEditor = await setClaims(editorKey, draftId, { claims: [{ exact: "a record", claimType: "attribution", evidenceIds: [] }] });
    expect(byEditor.status, JSON.stringify(byEditor.body)).toBe(200);
    expect(byEditor.body.items).toEqual([expect.objectContaining({ ordinal: 1, exact: "a record", claimType: "attribution", evidenceIds: [], anchored: true })]);
    // and an empty list clears them
    expect((await setClaims(journalistKey, draftId, { claims: [] })).body).toEqual({ ok: true, capsuleId: draftId, items: [] });
    expect((await setClaims(journalistKey, draftId, { claims: twoClaims() })).status).toBe(200);
  });

  it("keeps a draft's claims private like the draft", async () => {
    expectError(await claimsOf(draftId), 404, "CAPSULE_NOT_FOUND", `No capsule with id ${draftId}`);
    expectError(await claimsOf(draftId, outsiderKey), 404, "CAPSULE_NOT_FOUND", `No capsule with id ${draftId}`);
    expectError(await claimsOf(draftId, reporterKey), 404, "CAPSULE_NOT_FOUND", `No capsule with id ${draftId}`);
    expect((await claimsOf(draftId, editorKey)).body.items).toHaveLength(2);
    expectError(await claimsOf("999999"), 404, "CAPSULE_NOT_FOUND", "No capsule with id 999999");
  });

  it("lets only the author or an Editor set claims; to anyone else the draft is a missing id", async () => {
    // a write on a draft the signer may not read answers exactly like an unknown id
    expectError(await setClaims(outsiderKey, draftId, { claims: [] }), 404, "CAPSULE_NOT_FOUND", `No capsule with id ${draftId}`);
    expectError(await setClaims(reporterKey, draftId, { claims: [] }), 404, "CAPSULE_NOT_FOUND", `No capsule with id ${draftId}`);
    expectError(await setClaims(journalistKey, "999999", { claims: [] }), 404, "CAPSULE_NOT_FOUND", "No capsule with id 999999");
    expect((await claimsOf(draftId, journalistKey)).body.items).toHaveLength(2);
  });

  it("answers 400 naming the claim whose quote is not in the body or whose evidence is not the capsule's", async () => {
    const [first, second] = twoClaims();
    expectError(await setClaims(journalistKey, draftId, { claims: [first, { ...second, exact: "62 percent", prefix: "", suffix: "" }] }), 400, "VALIDATION_ERROR", "Invalid body: claims.1.exact (claim 2: the quote does not occur in the body)", {
      issues: [{ path: "claims.1.exact", message: "claim 2: the quote does not occur in the body" }],
    });
    // the quote occurs, but not with this prefix
    expectError(await setClaims(journalistKey, draftId, { claims: [{ ...first, prefix: "54 " }] }), 400, "VALIDATION_ERROR", "Invalid body: claims.0.exact (claim 1: the quote with its prefix and suffix does not occur in the body)", {
      issues: [{ path: "claims.0.exact", message: "claim 1: the quote with its prefix and suffix does not occur in the body" }],
    });
    expectError(await setClaims(journalistKey, draftId, { claims: [first, { ...second, evidenceIds: [evidenceIds[1], otherEvidenceId] }] }), 400, "VALIDATION_ERROR", `Invalid body: claims.1.evidenceIds.1 (claim 2: evidence ${otherEvidenceId} is not an evidence item of this capsule)`, {
      issues: [{ path: "claims.1.evidenceIds.1", message: `claim 2: evidence ${otherEvidenceId} is not an evidence item of this capsule` }],
    });
    const badType = await setClaims(journalistKey, draftId, { claims: [{ ...first, claimType: "opinion" }] });
    expectError(badType, 400, "VALIDATION_ERROR", "Invalid body: claims.0.claimType", { issues: [{ path: "claims.0.claimType", message: expect.any(String) }] });
    const twice = await setClaims(journalistKey, draftId, { claims: [{ ...first, evidenceIds: [evidenceIds[0], evidenceIds[0]] }] });
    expectError(twice, 400, "VALIDATION_ERROR", "Invalid body: claims.0.evidenceIds", { issues: [{ path: "claims.0.evidenceIds", message: "each evidence id may appear once" }] });
    const tooMany = await setClaims(journalistKey, draftId, { claims: [{ ...first, evidenceIds: Array.from({ length: 21 }, (_, i) => String(i + 1)) }] });
    expect(tooMany.status).toBe(400);
    // nothing was written by the refused requests
    expect((await claimsOf(draftId, journalistKey)).body.items.map((c: Json) => c.exact)).toEqual(["61 percent", "percent"]);
  });

  it("flags a claim whose quote a body edit removed, keeps the others, and refuses to submit until it is fixed", async () => {
    const edited = await api.send(capsuleUpdate, { body: { capsuleId: draftId, body: BODY.replace("61 percent", "62 percent") } }, journalistKey);
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.claims.map((c: Json) => [c.ordinal, c.anchored])).toEqual([[1, false], [2, true]]);
    expectError(await api.send(capsuleSubmit, { params: { id: draftId }, body: {} }, journalistKey), 409, "INVALID_STATE", `Capsule ${draftId} cannot be submitted: the quote of claim 1 no longer occurs in the body; fix or remove it`);
    const fixed = await setClaims(journalistKey, draftId, { claims: [{ ...twoClaims()[0], exact: "62 percent" }, twoClaims()[1]] });
    expect(fixed.body.items.map((c: Json) => c.anchored)).toEqual([true, true]);
  });

  it("moves claims' evidence ids to the new rows when the draft's evidence list is replaced, dropping removed items", async () => {
    const replaced = await api.send(capsuleUpdate, { body: { capsuleId: draftId, evidence: [results2019, { ...registrarPage, uri: "https://archive.example.org/registrar-v2", contentHash: sha(14) }] } }, journalistKey);
    expect(replaced.status, JSON.stringify(replaced.body)).toBe(200);
    const [kept, added] = replaced.body.evidence.map((e: Json) => e.evidenceId as string);
    expect(evidenceIds).not.toContain(kept);
    // claim 1 cited only the removed item (now unsupported); claim 2 cited both, in its own order
    expect(replaced.body.claims.map((c: Json) => c.evidenceIds)).toEqual([[], [kept]]);
    evidenceIds = [added!, kept!];
    expect((await setClaims(journalistKey, draftId, { claims: [{ exact: "62 percent", claimType: "statistic", evidenceIds: [added] }, { ...twoClaims()[1], evidenceIds: [kept] }] })).status).toBe(200);
  });

  it("freezes claims once a submission voucher is out and after submission (409), and publishes them", async () => {
    const voucher = await api.send(capsuleSubmit, { params: { id: draftId }, body: {} }, journalistKey);
    expect(voucher.status, JSON.stringify(voucher.body)).toBe(200);
    // the voucher's deadline as the bridge words it (ISO 8601 UTC to the second), worked out here
    const until = new Date(Number(voucher.body.deadline) * 1000).toISOString().replace(/\.\d{3}Z$/, "Z");
    expectError(await setClaims(journalistKey, draftId, { claims: [] }), 409, "INVALID_STATE", `Capsule ${draftId} has an outstanding submission voucher until ${until}; it cannot have its claims changed before then`, { submissionUntil: until });
    await chain.submitOnChain(journalistKey, voucher.body);
    await eventually(async () => ((await read(draftId, journalistKey)).capsule.status === "pending" ? true : undefined), `capsule ${draftId} pending`);
    expectError(await setClaims(journalistKey, draftId, { claims: [] }), 409, "INVALID_STATE", `Capsule ${draftId} is pending; only a draft can have its claims changed`);
    expectError(await setClaims(editorKey, draftId, { claims: [] }), 409, "INVALID_STATE", `Capsule ${draftId} is pending; only a draft can have its claims changed`);
    // public now: anonymous reads see them
    const anonymous = await claimsOf(draftId);
    expect(anonymous.status).toBe(200);
    expect(anonymous.body.items.map((c: Json) => [c.ordinal, c.exact, c.evidenceIds])).toEqual([[1, "62 percent", [evidenceIds[0]]], [2, "percent", [evidenceIds[1]]]]);
    expect((await read(draftId)).claims).toEqual(anonymous.body.items);
  });

  it("starts a revision draft with its parent's claims, their evidence ids moved to the copied items", async () => {
    const closed = await api.send(capsuleReject, { params: { id: draftId }, body: { reason: "holding it" } }, journalistKey);
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    const revised = await api.send(capsuleHistoryAdd, { params: { id: draftId }, body: { capsuleType: "original", revisionReason: "Second try" } }, journalistKey);
    expect(revised.status, JSON.stringify(revised.body)).toBe(201);
    const copies = revised.body.evidence.map((e: Json) => e.evidenceId as string);
    expect(copies).toHaveLength(2);
    expect(copies.some((id: string) => evidenceIds.includes(id))).toBe(false);
    const byUri = new Map(revised.body.evidence.map((e: Json) => [e.uri, e.evidenceId]));
    const original = await read(draftId);
    const uriOf = new Map(original.evidence.map((e: Json) => [e.evidenceId, e.uri]));
    expect(revised.body.claims.map((c: Json) => [c.ordinal, c.exact, c.anchored, c.evidenceIds])).toEqual(
      original.claims.map((c: Json) => [c.ordinal, c.exact, true, c.evidenceIds.map((id: string) => byUri.get(uriOf.get(id)))]),
    );
    expect((await claimsOf(revised.body.capsuleId, journalistKey)).body.items).toEqual(revised.body.claims);
  });
});
