import { describe, expect, it } from "vitest";
import type { Db } from "@/lib/db/database";
import { findCapsule, getCapsuleOrThrow } from "@/features/capsules/capsules.repository";
import { listLabelHistory } from "@/features/court/court-labels.repository";
import { insertCase, listCaseEvents } from "@/features/court/court.repository";
import { labelBeforeContest } from "@/features/court/case-labels";
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
    const db = handle.db;
    const row = (n: number) => listCapsule(n, outletIds, { article_slug: `ferry-${n}`, status: "finalized", submitter: AUTHOR, submit_tx_hash: hash(n) });
    ids.first = (await db.insertInto("capsules").values(row(0)).returning("id").executeTakeFirstOrThrow()).id;
    ids.correction = (
      await db
        .insertInto("capsules")
        .values({ ...row(3), capsule_type: "correction", root_capsule_id: ids.first, parent_capsule_id: ids.first, revision_number: 2 })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
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
