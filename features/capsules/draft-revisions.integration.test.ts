import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Hex } from "viem";
import { ROLE } from "@/lib/roles/role-catalog";
import { devKeys } from "@/test/support/anvil";
import { capsuleCreate } from "@/features/capsules/create.endpoint";
import { capsuleEvidenceAdd } from "@/features/capsules/evidence-add.endpoint";
import { capsuleRead } from "@/features/capsules/read.endpoint";
import { capsuleSubmit } from "@/features/capsules/submit.endpoint";
import { capsuleUpdate } from "@/features/capsules/update.endpoint";
import { walletActivity } from "@/features/wallet/activity.endpoint";
import { startDeskStack, type TestDns } from "@/test/support/desk-stack";
import { dialectsUnderTest, type Stack } from "@/test/support/stack";
import { addr, chainAccess, deployedContracts, expectError, sha, staffedDesk, type Api, type Json } from "./capsules.test-support";

// Draft saves check the revision they edit (docs/DECISIONS.md): the read of a draft carries `draftRevision`, every save
// moves it by one, and an update naming an older one in `ifRevision` is refused with 409 DRAFT_CHANGED, nothing
// written — also when two saves of one revision arrive at once (one conditional UPDATE decides). Without `ifRevision`
// an update replaces whatever is saved, as before.

const dialects = await dialectsUnderTest();
const [, ownerKey, , journalistKey, , reporterKey] = devKeys;
const journalist = addr(journalistKey);
const SLUG = "revision-desk";

describe.each(dialects)("draft revisions on %s", (dialect) => {
  let stack: Stack;
  let dns: TestDns;
  let stopDesk: () => Promise<void>;
  let api: Api;

  const update = (key: Hex, payload: Json) => api.send(capsuleUpdate, { body: payload as never }, key);
  const read = async (id: string) => (await api.send(capsuleRead, { params: { id } }, journalistKey)).body;
  async function draft(title: string): Promise<string> {
    const created = await api.send(capsuleCreate, { body: { title, body: `${title}.\n\nThe first text.`, outletSlug: SLUG } }, journalistKey);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body.capsuleId as string;
  }

  beforeAll(async () => {
    ({ stack, dns, api, stop: stopDesk } = await startDeskStack(dialect));
    await staffedDesk({
      api, chain: chainAccess(stack, await deployedContracts(api)), dns, ownerKey, slug: SLUG,
      // the owner's bond makes it the outlet's voting Editor: a submission needs one
      bonds: [[ownerKey, "300"], [journalistKey, "100"], [reporterKey, "50"]],
      roles: [[journalistKey, ROLE.JOURNALIST], [reporterKey, ROLE.REPORTER]],
    });
  });

  afterAll(async () => {
    await stopDesk?.();
  });

  it("numbers a draft's saves; an update without ifRevision replaces what is saved, as before", async () => {
    const id = await draft("Bus lanes");
    expect((await read(id)).draftRevision).toBe(0);
    const plain = await update(journalistKey, { capsuleId: id, title: "Bus lanes on four streets" });
    expect(plain.status, JSON.stringify(plain.body)).toBe(200);
    expect(plain.body.draftRevision).toBe(1);
    const checked = await update(journalistKey, { capsuleId: id, title: "Bus lanes on five streets", ifRevision: 1 });
    expect(checked.status, JSON.stringify(checked.body)).toBe(200);
    expect(checked.body.draftRevision).toBe(2);
    const after = await read(id);
    expect([after.capsule.title, after.draftRevision]).toEqual(["Bus lanes on five streets", 2]);
  });

  it("refuses a save of an older revision with 409 DRAFT_CHANGED, naming the saved one, and writes nothing", async () => {
    const id = await draft("Library hours");
    const newer = await update(journalistKey, { capsuleId: id, title: "Library hours change in June", body: "Library hours.\n\nThe library opens at nine.", ifRevision: 0 });
    expect(newer.status, JSON.stringify(newer.body)).toBe(200);
    const before = await read(id);

    // the other device still holds revision 0
    const stale = await update(journalistKey, { capsuleId: id, title: "Library hours", body: "Library hours.\n\nAn older text.", tags: ["old"], ifRevision: 0 });
    expectError(stale, 409, "DRAFT_CHANGED", `Draft ${id} was saved elsewhere since the version this edit started from (revision 0; it is now at revision 1); read it again, or send the edit with ifRevision 1 to replace that version`, {
      draftRevision: 1,
      savedAt: before.capsule.updatedAt,
    });
    const after = await read(id);
    expect(after).toEqual(before);
    const activity = await api.send(walletActivity, { params: { address: journalist }, query: { limit: 100 } }, journalistKey);
    expect(activity.status, JSON.stringify(activity.body)).toBe(200);
    const updates = (activity.body.items as Json[]).filter((item) => item.kind === "capsule.updated" && item.subjectId === id);
    expect(updates).toHaveLength(1);

    // keeping the older device's version: the same edit naming the revision the refusal named replaces it
    const kept = await update(journalistKey, { capsuleId: id, title: "Library hours", ifRevision: 1 });
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    expect([kept.body.capsule.title, kept.body.draftRevision]).toEqual(["Library hours", 2]);
  });

  it("lets one of two saves of the same revision at once through, and refuses the other", async () => {
    const id = await draft("Ferry fares");
    const [a, b] = await Promise.all([
      update(journalistKey, { capsuleId: id, title: "Ferry fares rise (tab A)", ifRevision: 0 }),
      update(journalistKey, { capsuleId: id, title: "Ferry fares rise (tab B)", ifRevision: 0 }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const [won, lost] = a.status === 200 ? [a, b] : [b, a];
    expect(lost.body).toMatchObject({ error: "DRAFT_CHANGED", draftRevision: 1 });
    const after = await read(id);
    expect([after.capsule.title, after.draftRevision]).toEqual([won.body.capsule.title, 1]);
  });

  it("moves the revision when evidence is added to the draft, which an older form's evidence list would drop", async () => {
    const id = await draft("Pool reopens");
    const added = await api.send(
      capsuleEvidenceAdd,
      { params: { id }, body: { uri: "https://archive.example.org/pool", contentHash: sha(7), evidenceType: "archived_page", mimeType: "text/html", isPrimary: false, label: "Pool notice" } },
      journalistKey,
    );
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect((await read(id)).draftRevision).toBe(1);
    const stale = await update(journalistKey, { capsuleId: id, evidence: [], ifRevision: 0 });
    expect(stale.status, JSON.stringify(stale.body)).toBe(409);
    expect(stale.body).toMatchObject({ error: "DRAFT_CHANGED", draftRevision: 1 });
    expect((await read(id)).evidence.map((e: Json) => e.label)).toEqual(["Pool notice"]);
  });

  it("takes ifRevision as a whole number only", async () => {
    const id = await draft("Market moves");
    for (const ifRevision of [-1, 1.5, "0"]) {
      const res = await update(journalistKey, { capsuleId: id, title: "Market moves", ifRevision });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.issues.map((issue: Json) => issue.path)).toEqual(["ifRevision"]);
    }
    expect((await read(id)).draftRevision).toBe(0);
  });

  it("issues no voucher for a submission naming an older revision than the one saved, and one for the saved revision", async () => {
    const id = await draft("Harbour dredging");
    const newer = await update(journalistKey, { capsuleId: id, body: "Harbour dredging.\n\nThe works start in May.", ifRevision: 0 });
    expect(newer.status, JSON.stringify(newer.body)).toBe(200);
    const saved = await read(id);
    // the device that still shows revision 0 submits: the chain would commit to text it has not seen
    const stale = await api.send(capsuleSubmit, { params: { id }, body: { ifRevision: 0 } }, journalistKey);
    expectError(stale, 409, "DRAFT_CHANGED", `Draft ${id} was saved elsewhere since the version this submission names (revision 0; it is now at revision 1), so no voucher was issued; read it again and submit the version you mean`, {
      draftRevision: 1,
      savedAt: saved.capsule.updatedAt,
    });
    const after = await read(id);
    expect([after.capsule.status, after.draftRevision]).toEqual(["draft", 1]);
    const vouchers = await api.send(walletActivity, { params: { address: journalist }, query: { limit: 100 } }, journalistKey);
    expect((vouchers.body.items as Json[]).filter((item) => item.kind === "capsule.voucher_issued" && item.subjectId === id)).toEqual([]);
    const current = await api.send(capsuleSubmit, { params: { id }, body: { ifRevision: 1 } }, journalistKey);
    expect(current.status, JSON.stringify(current.body)).toBe(200);
    expect(current.body.voucher.capsuleId).toBe(id);
  });
});
