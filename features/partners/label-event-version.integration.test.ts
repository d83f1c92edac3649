import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applyLabel } from "@/features/court/labels";
import { dialectsUnderTest } from "@/test/support/stack";
import { openTestDatabase, type TestDatabase } from "@/test/hardening/database";
import { seedFinalizedCapsule, seedOutlet } from "./partners.test-support";

// A label change's webhook names the article's current version: a court case opened on the first version and decided
// after a correction was finalized links partners to the correction (the version readers read), not to the text
// the correction replaced; the version the change was made on stays in `capsuleId`.

const dialects = await dialectsUnderTest();
const OWNER = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";

describe.each(dialects)("article.label_changed on %s", (dialect) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await openTestDatabase(dialect);
  });
  afterAll(async () => {
    await t?.drop();
  });

  it("links the current version of a corrected article, and keeps the case's version beside it", async () => {
    const outlet = { id: await seedOutlet(t.db, "versioned-desk", OWNER), slug: "versioned-desk" };
    const original = await seedFinalizedCapsule(t.db, outlet, OWNER, 1);
    const seeded = await seedFinalizedCapsule(t.db, outlet, OWNER, 2);
    const correction = await t.db
      .updateTable("capsules")
      .set({ root_capsule_id: original.id, parent_capsule_id: original.id, revision_number: 1, capsule_type: "correction", revision_reason: "a figure was wrong" })
      .where("id", "=", seeded.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await t.db.updateTable("capsules").set({ status: "superseded" }).where("id", "=", original.id).execute();

    // the verdict is given on the version the case was opened on: the original
    await t.db.transaction().execute((trx) => applyLabel(trx, { capsuleId: original.id, label: "misleading", by: OWNER, reason: "the court found it misleading", caseId: null, at: 1_800_000_000 }));

    const events = await t.db.selectFrom("partner_events").select(["event_type", "payload_json"]).where("event_type", "=", "article.label_changed").execute();
    expect(events).toHaveLength(1);
    const data = (JSON.parse(events[0]!.payload_json) as { data: Record<string, unknown> }).data;
    expect(data).toMatchObject({
      capsuleId: String(original.id),
      rootCapsuleId: String(original.id),
      currentCapsuleId: String(correction.id),
      readerPath: `/read/${correction.id}`,
      label: "misleading",
    });
  });
});
