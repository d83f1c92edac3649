import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Hex } from "viem";
import { ROLE } from "@/lib/roles/role-catalog";
import { devKeys } from "@/test/support/anvil";
import { capsuleClaimsSet } from "@/features/capsules/claims-set.endpoint";
import { capsuleCreate } from "@/features/capsules/create.endpoint";
import { capsuleEvidenceAdd } from "@/features/capsules/evidence-add.endpoint";
import { capsuleRead } from "@/features/capsules/read.endpoint";
import { capsuleReject } from "@/features/capsules/reject.endpoint";
import { capsuleSubmit } from "@/features/capsules/submit.endpoint";
import { capsuleSupportingAdd } from "@/features/capsules/supporting-add.endpoint";
import { capsuleUpdate } from "@/features/capsules/update.endpoint";
import { startDeskStack, type TestDns } from "@/test/support/desk-stack";
import { dialectsUnderTest, type Stack } from "@/test/support/stack";
import { eventually } from "@/features/outlets/outlets.test-support";
import { chainAccess, deployedContracts, expectError, sha, staffedDesk, type Api, type Json } from "./capsules.test-support";

// A submission under way elsewhere pauses the draft (docs/DECISIONS.md): the submitter's signed read of a draft says
// while a submission voucher is outstanding (`submissionUnderWay: { until }`, the voucher's deadline as ISO 8601 UTC),
// so a tab that did not ask for the voucher can say why its edits are refused; no one else's read carries it, and it
// goes when the voucher lapses or the chain has the capsule. Every edit refused for the voucher says the time as a
// readable UTC time and gives it as `submissionUntil`.

const dialects = await dialectsUnderTest();
const [, ownerKey, , journalistKey] = devKeys;
const SLUG = "under-way-desk";
const VOUCHER_SECONDS = 900;

// a chain time as the bridge words it, worked out here rather than with the code under test
const utcOf = (seconds: string) => new Date(Number(seconds) * 1000).toISOString().replace(/\.\d{3}Z$/, "Z");

describe.each(dialects)("a submission under way on %s", (dialect) => {
  let stack: Stack;
  let dns: TestDns;
  let api: Api;
  let chain: ReturnType<typeof chainAccess>;
  let stopDesk: () => Promise<void>;

  const read = (id: string, key?: Hex) => api.send(capsuleRead, { params: { id } }, key);
  async function draft(title: string): Promise<string> {
    const created = await api.send(capsuleCreate, { body: { title, body: `${title}.\n\nThe first text.`, outletSlug: SLUG } }, journalistKey);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body.capsuleId as string;
  }
  async function voucher(id: string): Promise<Json> {
    const res = await api.send(capsuleSubmit, { params: { id }, body: {} }, journalistKey);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  }

  beforeAll(async () => {
    ({ stack, dns, api, stop: stopDesk } = await startDeskStack(dialect));
    chain = chainAccess(stack, await deployedContracts(api));
    await staffedDesk({
      api, chain, dns, ownerKey, slug: SLUG,
      // the owner's bond makes it the outlet's voting Editor: a submission needs one
      bonds: [[ownerKey, "300"], [journalistKey, "100"]],
      roles: [[journalistKey, ROLE.JOURNALIST]],
    });
  });

  afterAll(async () => {
    await stopDesk?.();
  });

  it("tells the submitter's read while a voucher is outstanding, and every refused edit says until when, readably", async () => {
    const id = await draft("Harbour lights");
    const other = await draft("Harbour lights, the background");
    const before = await read(id, journalistKey);
    expect(before.status).toBe(200);
    expect(before.body).not.toHaveProperty("submissionUnderWay");

    const issued = await voucher(id);
    const until = utcOf(issued.deadline);
    const mine = await read(id, journalistKey);
    expect(mine.body.submissionUnderWay).toEqual({ until });
    expect(mine.body.capsule.status).toBe("draft");
    // an Editor of the outlet reads the draft too, but the submission is not theirs to wait for
    const editors = await read(id, ownerKey);
    expect(editors.status, JSON.stringify(editors.body)).toBe(200);
    expect(editors.body).not.toHaveProperty("submissionUnderWay");

    // each route that refuses an edit for the voucher says when it lapses, as ISO 8601 UTC, in words and in the body
    const refusal = (what: string) => [409, "INVALID_STATE", `Capsule ${id} has an outstanding submission voucher until ${until}; it cannot ${what} before then`, { submissionUntil: until }] as const;
    expectError(await api.send(capsuleUpdate, { body: { capsuleId: id, title: "Harbour lights go out" } }, journalistKey), ...refusal("be updated"));
    expectError(await api.send(capsuleUpdate, { body: { capsuleId: id, title: "Harbour lights go out", ifRevision: mine.body.draftRevision } }, journalistKey), ...refusal("be updated"));
    expectError(await api.send(capsuleClaimsSet, { params: { id }, body: { claims: [] } }, journalistKey), ...refusal("have its claims changed"));
    expectError(
      await api.send(capsuleEvidenceAdd, { params: { id }, body: { uri: "https://example.org/lights", contentHash: sha(31), evidenceType: "document", mimeType: "application/pdf", label: "Notice" } }, journalistKey),
      ...refusal("take evidence"),
    );
    expectError(await api.send(capsuleSupportingAdd, { params: { id }, body: { supportingCapsuleId: other, relationshipType: "extends" } }, journalistKey), ...refusal("take supporting relations"));
    expectError(await api.send(capsuleReject, { params: { id }, body: { reason: "Not now." } }, journalistKey), ...refusal("be withdrawn"));

    // the voucher lapses on the chain's clock: the read no longer says it, and the draft takes edits again
    await chain.increaseTime(VOUCHER_SECONDS + 5);
    const lapsed = await read(id, journalistKey);
    expect(lapsed.body).not.toHaveProperty("submissionUnderWay");
    expect(lapsed.body.capsule.status).toBe("draft");
    const saved = await api.send(capsuleUpdate, { body: { capsuleId: id, title: "Harbour lights go out", ifRevision: lapsed.body.draftRevision } }, journalistKey);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).not.toHaveProperty("submissionUnderWay");
  });

  it("stops saying it once the chain has the capsule", async () => {
    const id = await draft("Ferry timetable");
    const issued = await voucher(id);
    expect((await read(id, journalistKey)).body.submissionUnderWay).toEqual({ until: utcOf(issued.deadline) });
    await chain.submitOnChain(journalistKey, issued);
    const pending = await eventually(async () => {
      const body = (await read(id, journalistKey)).body;
      return body.capsule.status === "pending" ? body : undefined;
    }, `capsule ${id} pending`);
    expect(pending).not.toHaveProperty("submissionUnderWay");
    expect(pending).not.toHaveProperty("draftRevision");
  });
});
