import { describe, expect, it } from "vitest";
import type { Db } from "@/lib/db/database";
import { findCapsule, getCapsuleOrThrow } from "@/features/capsules/capsules.repository";
import { listLabelHistory } from "@/features/court/court-labels.repository";
import { closeCase, closeClerkCaseUndecided, insertCase, listCaseEvents } from "@/features/court/court.repository";
import { labelAfterCase, labelBeforeContest } from "@/features/court/case-labels";
import { applyLabel } from "@/features/court/labels";
import { retireClerkCases } from "@/features/court/retire-clerk-cases";
import { listCapsule, useListDatabase } from "@/test/support/capsule-list-fixture";
import { dialectsUnderTest } from "@/test/support/stack";

// A label describes the whole revision chain, but a case is opened on one version, and the chain allows one open
// case per capsule id: two cases can contest two versions of one article at once. Case A on the first version,
// case B on the correction. When A ends without a finding while B is still open, the article stays contested;
// when B then ends without a finding, the label goes back to the one before the first contest (not to the
// `contested` that B saw when it opened).

const dialects = await dialectsUnderTest();
const AUTHOR = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const CHALLENGER = "0x976EA74026E726554dB657fA54763abd0C3a0aa9";
const OPERATOR = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266";
const hash = (n: number) => `0x${n.toString(16).padStart(64, "0")}`;

/** A finalized article (capsule `base` of the list fixture) and its correction (`base + 3`). */
async function insertChain(db: Db, outletIds: number[], base: number): Promise<{ first: number; correction: number }> {
  const row = (n: number) => listCapsule(n, outletIds, { article_slug: `ferry-${n}`, status: "finalized", submitter: AUTHOR, submit_tx_hash: hash(n) });
  const first = (await db.insertInto("capsules").values(row(base)).returning("id").executeTakeFirstOrThrow()).id;
  const correction = (
    await db
      .insertInto("capsules")
      .values({ ...row(base + 3), capsule_type: "correction", root_capsule_id: first, parent_capsule_id: first, revision_number: 2 })
      .returning("id")
      .executeTakeFirstOrThrow()
  ).id;
  return { first, correction };
}

/** Opens a case on `capsuleId` as the bridge does: the label before it, then the chain contested. */
async function openCase(db: Db, capsuleId: number, at: number): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const capsule = await getCapsuleOrThrow(trx, capsuleId);
    const created = await insertCase(trx, {
      capsule_id: capsule.id, root_capsule_id: capsule.root_capsule_id ?? capsule.id, outlet_id: capsule.outlet_id, outlet_slug: capsule.outlet_slug,
      opened_by: CHALLENGER, grounds: "The harbour log shows 40 passengers.", claim: null, evidence_id: null, requested_label: "misleading",
      label_before: await labelBeforeContest(trx, capsule), status: "open", verdict: null, rationale: null, decided_by: null, opened_at: at, closed_at: null,
    });
    await applyLabel(trx, { capsuleId: capsule.id, label: "contested", by: CHALLENGER, reason: `court case ${created.id} opened`, caseId: created.id, at });
    return created.id;
  });
}

describe.each(dialects)("two cases on two versions of one article on %s", (dialect) => {
  const ids = { first: 0, correction: 0 };
  const ctx = useListDatabase(dialect, async ({ handle, outletIds }) => {
    Object.assign(ids, await insertChain(handle.db, outletIds, 0));
  });

  it("keeps the article contested while a case is open on any version, and restores the label before the first contest", async () => {
    const db = ctx.handle.db;
    const caseA = await openCase(db, ids.first, 1_800_000_100);
    const caseB = await openCase(db, ids.correction, 1_800_000_200);
    const [a, b] = await Promise.all([caseA, caseB].map((id) => db.selectFrom("court_cases").selectAll().where("id", "=", id).executeTakeFirstOrThrow()));
    expect([a!.label_before, b!.label_before]).toEqual(["clean", "clean"]);

    expect(await retireClerkCases(db, OPERATOR, 1_800_000_300)).toEqual([caseA, caseB]);
    // A ended while B still contested the chain: nothing restored; B ended last: back to clean, once
    const retired = async (id: number) => (await listCaseEvents(db, id)).find((e) => e.kind === "retired")!;
    expect(JSON.parse((await retired(caseA)).details_json)).toMatchObject({ labelRestored: null });
    expect(JSON.parse((await retired(caseB)).details_json)).toMatchObject({ labelRestored: "clean" });
    const history = await listLabelHistory(db, ids.first);
    expect(history.map((h) => [h.previous_label, h.label, h.case_id])).toEqual([
      ["clean", "contested", caseA],
      ["contested", "contested", caseB],
      ["contested", "clean", caseB],
    ]);
    for (const id of [ids.first, ids.correction]) expect((await findCapsule(db, id))!.integrity_label).toBe("clean");
    // the inbox tells each party the label the article has now
    const told = await db.selectFrom("activity").select(["subject_id", "details_json"]).where("kind", "=", "inbox.case_retired").execute();
    const labels = Object.fromEntries(told.map((t) => [t.subject_id, (JSON.parse(t.details_json) as { label: string }).label]));
    expect(labels).toEqual({ [String(caseA)]: "contested", [String(caseB)]: "clean" });
  });
});

/** A verdict as the jury's settlement gives it: the case closed with it, and the chain labelled with it. */
async function decide(db: Db, caseId: number, verdict: "misleading", at: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const closed = await closeCase(trx, caseId, { verdict, rationale: "Decided by the jury", finding: null, decided_by: OPERATOR, closed_at: at });
    await applyLabel(trx, { capsuleId: closed!.capsule_id, label: verdict, by: OPERATOR, reason: `final finding of case ${caseId}`, caseId, at });
  });
}

/** Ends one open case without a finding, as a retired or unrevealed case ends: answers what labelAfterCase says of it. */
async function endWithoutFinding(db: Db, caseId: number, at: number) {
  return db.transaction().execute(async (trx) => {
    const closed = await closeClerkCaseUndecided(trx, caseId, { rationale: "ended without a finding", closed_at: at });
    const after = await labelAfterCase(trx, closed!);
    if (after.restore) await applyLabel(trx, { capsuleId: closed!.capsule_id, label: after.restore, by: OPERATOR, reason: "restored", caseId, at });
    return after;
  });
}

/** A on the first version and B on the correction opened, A decided `misleading` (so is the chain), then C on the first version. */
async function verdictThenNewCase(db: Db, chain: { first: number; correction: number }, t0: number): Promise<{ caseB: number; caseC: number }> {
  const caseA = await openCase(db, chain.first, t0 + 100);
  const caseB = await openCase(db, chain.correction, t0 + 200);
  await decide(db, caseA, "misleading", t0 + 300);
  expect((await findCapsule(db, chain.correction))!.integrity_label).toBe("misleading");
  return { caseB, caseC: await openCase(db, chain.first, t0 + 400) };
}

// Case A on the first version and case B on the correction are open when A ends with a verdict (`misleading`);
// then case C contests the first version again. Whichever of B and C ends last without a finding, the article goes
// back to `misleading`, not to the `clean` that B recorded before the verdict.
describe.each(dialects)("a verdict on one version while another case is open on %s", (dialect) => {
  const chains: { first: number; correction: number }[] = [];
  const ctx = useListDatabase(dialect, async ({ handle, outletIds }) => {
    for (const base of [0, 6]) chains.push(await insertChain(handle.db, outletIds, base));
  });
  const labelBefore = async (db: Db, id: number) => (await db.selectFrom("court_cases").select("label_before").where("id", "=", id).executeTakeFirstOrThrow()).label_before;

  it("records the verdict as the label before a later case, and puts it back when the older open case ends last", async () => {
    const db = ctx.handle.db;
    const { first, correction } = chains[1]!;
    const { caseB, caseC } = await verdictThenNewCase(db, chains[1]!, 1_800_000_000);
    expect([await labelBefore(db, caseB), await labelBefore(db, caseC)]).toEqual(["clean", "misleading"]);

    expect(await endWithoutFinding(db, caseC, 1_800_000_500)).toEqual({ restore: null, after: "contested" });
    expect(await endWithoutFinding(db, caseB, 1_800_000_600)).toEqual({ restore: "misleading", after: "misleading" });
    for (const id of [first, correction]) expect((await findCapsule(db, id))!.integrity_label).toBe("misleading");
  });

  it("puts the verdict back when the later case ends last too", async () => {
    const db = ctx.handle.db;
    const { first } = chains[0]!;
    const { caseB, caseC } = await verdictThenNewCase(db, chains[0]!, 1_800_001_000);

    expect(await endWithoutFinding(db, caseB, 1_800_001_500)).toEqual({ restore: null, after: "contested" });
    expect(await endWithoutFinding(db, caseC, 1_800_001_600)).toEqual({ restore: "misleading", after: "misleading" });
    const history = await listLabelHistory(db, first);
    expect(history.map((h) => h.label)).toEqual(["contested", "contested", "misleading", "contested", "misleading"]);
  });
});
