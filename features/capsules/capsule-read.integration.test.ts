import { describe, expect, it } from "vitest";
import type { Db } from "@/lib/db/database";
import { insertCapsuleRows, listCapsule, useListDatabase } from "@/test/support/capsule-list-fixture";
import { dialectsUnderTest } from "@/test/support/stack";
import { capsuleReadParts, loadCapsuleRead, visibleCapsuleForRead } from "./capsule-view";
import { capsuleReadPartsPostgres, capsuleWithReadPartsPostgres } from "./capsule-read.repository";
import { rootIdOf } from "./chain-order";
import { claimRulings } from "./claim-rulings";
import { getCapsuleOrThrow } from "./capsules.repository";

// The PostgreSQL capsule read in one statement (JSON aggregation) must answer exactly the rows the
// separate repository reads answer: every column with its type (bigint as a number), each list's
// filter (inactive evidence and contributors left out), order (claims by ordinal, the chain by
// revision, the newest 50 operator transactions first) and the jury cases through their court cases.

const dialects = await dialectsUnderTest();
const WALLET = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const TEXT = "Line one \"quoted\"\nline two — naïve café 🚢 \\ back\tslash";

async function seedRead(db: Db, outletIds: number[]): Promise<{ rootId: number; revisionId: number; bareId: number }> {
  await insertCapsuleRows(db, 3, (i) => listCapsule(i, outletIds, { article_slug: `read-${i}`, status: "finalized", submitter: WALLET, submit_tx_hash: `0x${"a".repeat(63)}${i}` }));
  const [rootId, bareId] = (await db.selectFrom("capsules").select("id").orderBy("id").execute()).map((r) => r.id);
  await insertCapsuleRows(db, 2, (i) => ({
    ...listCapsule(i, outletIds, { article_slug: `revision-${i}`, status: i === 0 ? "superseded" : "pending", submitter: WALLET, submit_tx_hash: null }),
    outlet_id: outletIds[1]!,
    root_capsule_id: rootId!,
    parent_capsule_id: rootId!,
    title: TEXT,
    revision_reason: TEXT,
  }));
  const revisionId = (await db.selectFrom("capsules").select("id").orderBy("id", "desc").executeTakeFirstOrThrow()).id;
  for (const capsuleId of [rootId!, revisionId]) {
    await db
      .insertInto("capsule_evidence")
      .values([3, 1, 2].map((n) => ({ capsule_id: capsuleId, uri: `https://archive.example.org/${n}`, content_hash: `0x${String(n).repeat(64)}`, evidence_type: "document", mime_type: "application/pdf", is_primary: n === 1 ? 1 : 0, label: TEXT, submitted_by: WALLET, active: n === 2 ? 0 : 1, created_at: 1_800_000_000 + n })))
      .execute();
    await db
      .insertInto("capsule_contributors")
      .values([1, 2].map((n) => ({ capsule_id: capsuleId, wallet: WALLET, display_name: `${TEXT} ${n}`, role: n, contribution_type: "author", share_bps: 5000, attribution_uri: n === 1 ? null : "https://example.org/a", active: n === 2 ? 0 : 1, created_at: 1 })))
      .execute();
    await db
      .insertInto("capsule_claims")
      .values([2, 0, 1].map((ordinal) => ({ capsule_id: capsuleId, ordinal, exact: `${TEXT} ${ordinal}`, claim_type: "statistic" as const, evidence_ids_json: "[1,3]", note: ordinal === 0 ? null : TEXT, created_by: WALLET, created_at: 2 })))
      .execute();
    await db
      .insertInto("operator_outbox")
      .values(Array.from({ length: 55 }, (_, n) => ({ chain_id: 31337, sender: WALLET, nonce: capsuleId * 100 + n, tx_hash: `0x${(capsuleId * 100 + n).toString(16).padStart(64, "0")}`, raw_tx: "0x02", purpose: "capsule.vote", contract: "capsuleAcceptance", function_name: "castVoteBySig", capsule_id: capsuleId, case_id: null, role_id: null, wallet: WALLET, status: n % 2 ? "mined" as const : "queued" as const, block_number: n % 2 ? 2 ** 40 + n : null, error_code: null, error_name: null, error_message: n === 3 ? TEXT : null, intent_json: n === 4 ? JSON.stringify({ note: TEXT }) : null, created_at: 3, updated_at: 4 })))
      .execute();
  }
  // case 9 ended without a finding (no juror revealed: the chain's findings are its unrevealed default): it rules on nothing
  for (const [caseId, period, findings, verdict] of [[7, "final", "[1,2]", "misleading"], [5, "commit", null, null], [9, "final", "[4,4]", null]] as const) {
    await db
      .insertInto("jury_cases")
      .values({ case_id: caseId, capsule_id: rootId!, outlet_key: `0x${"b".repeat(64)}`, author: WALLET, challenger: WALLET, claim_ids_json: JSON.stringify([1, 2].map((n) => `0x${(caseId * 10 + n).toString(16)}`)), fee: "3000000000000000000", snapshot_block: 2 ** 30 + 7, pool_size: 9, round: 1, period, period_starts_at: 10, period_ends_at: null, draw_block: null, findings_json: findings, article_finding: null, winner: null, by_default: 0, opened_at: 11, open_tx_hash: `0x${"c".repeat(64)}`, final_at: null, updated_at: 12 })
      .execute();
    await db
      .insertInto("court_cases")
      .values({ capsule_id: rootId!, root_capsule_id: rootId!, outlet_id: outletIds[0]!, outlet_slug: "harbor-ledger", opened_by: WALLET, grounds: TEXT, claim: null, evidence_id: null, requested_label: "misleading", label_before: "clean", status: period === "final" ? "closed" : "open", verdict, rationale: null, decided_by: null, jury_case_id: caseId, opened_at: 13, closed_at: null })
      .execute();
  }
  return { rootId: rootId!, revisionId, bareId: bareId! };
}

describe.each(dialects)("the claim rulings of a capsule on %s", (dialect) => {
  const ids = { rootId: 0, revisionId: 0, bareId: 0 };
  const ctx = useListDatabase(dialect, async ({ handle, outletIds }) => {
    Object.assign(ids, await seedRead(handle.db, outletIds));
  });

  it("come from the cases that ruled or still run, not from one that ended without a finding", async () => {
    const rulings = await claimRulings(ctx.handle.db, ids.rootId);
    expect([...rulings.keys()]).toEqual(["51", "52", "71", "72"]);
    expect(rulings.get("71")).toEqual({ verdict: "verified", label: "verified" });
    expect((await capsuleReadParts(ctx.handle.db, await getCapsuleOrThrow(ctx.handle.db, ids.rootId))).juryCases.map((j) => j.case_id)).toEqual([5, 7]);
  });
});

describe.each(dialects.filter((d) => d === "postgres"))("a capsule read in one statement on %s", (dialect) => {
  const ids = { rootId: 0, revisionId: 0, bareId: 0 };
  const ctx = useListDatabase(dialect, async ({ handle, outletIds }) => {
    Object.assign(ids, await seedRead(handle.db, outletIds));
  });

  it("answers the rows the separate reads answer, for a root with cases, a revision and a capsule with nothing", async () => {
    const db = ctx.handle.db;
    for (const id of [ids.rootId, ids.revisionId, ids.bareId]) {
      const row = await getCapsuleOrThrow(db, id);
      const separate = await capsuleReadParts(db, row);
      const joined = await capsuleReadPartsPostgres(db, row, rootIdOf(row));
      expect(joined).toEqual(separate);
    }
    const root = await capsuleReadPartsPostgres(db, await getCapsuleOrThrow(db, ids.rootId), ids.rootId);
    expect(root.evidence.map((e) => e.active)).toEqual([1, 1]);
    expect(root.claims.map((c) => c.ordinal)).toEqual([0, 1, 2]);
    expect(root.chain.map((c) => c.id)).toEqual([ids.rootId, ids.revisionId - 1, ids.revisionId]);
    expect(root.outbox).toHaveLength(50);
    expect(root.outbox.find((t) => t.block_number !== null)?.block_number).toBeGreaterThan(2 ** 40);
    expect(root.juryCases.map((j) => j.case_id)).toEqual([5, 7]);
    expect(root.juryCases[0]!.snapshot_block).toBe(2 ** 30 + 7);
  });

  it("is what the capsule read is built from: the rulings of the final case, contested while the other runs", async () => {
    const read = await loadCapsuleRead(ctx.handle.db, await getCapsuleOrThrow(ctx.handle.db, ids.rootId));
    expect([...read.rulings.entries()]).toEqual([
      ["51", { verdict: null, label: "contested" }],
      ["52", { verdict: null, label: "contested" }],
      ["71", expect.objectContaining({ verdict: expect.any(String) })],
      ["72", expect.objectContaining({ verdict: expect.any(String) })],
    ]);
    expect(read.outlet.id).toBe(read.row.outlet_id);
  });

  it("reads the capsule's own row with its parts in the same statement, the row as a plain select reads it", async () => {
    const db = ctx.handle.db;
    for (const id of [ids.rootId, ids.revisionId, ids.bareId]) {
      const row = await getCapsuleOrThrow(db, id);
      const read = await capsuleWithReadPartsPostgres(db, id);
      expect(read?.row).toEqual(row);
      expect(Object.keys(read!.row)).toEqual(Object.keys(row)); // same order: the same entity tag over it
      expect(read?.parts).toEqual(await capsuleReadParts(db, row));
    }
    expect(await capsuleWithReadPartsPostgres(db, ids.revisionId + 1000)).toBeUndefined();
  });

  it("checks the viewer against that row: a draft is the 404 of a missing id to anyone else, and its author reads it", async () => {
    const db = ctx.handle.db;
    const draftId = ids.revisionId; // pending, never submitted: private to its author and its outlet's Editors
    await db.updateTable("capsules").set({ status: "draft" }).where("id", "=", draftId).execute();
    const missing = await visibleCapsuleForRead(db, ids.revisionId + 1000, undefined).catch((e: unknown) => e);
    const hidden = await visibleCapsuleForRead(db, draftId, undefined).catch((e: unknown) => e);
    expect(hidden).toMatchObject({ code: "CAPSULE_NOT_FOUND", message: `No capsule with id ${draftId}` });
    expect(missing).toMatchObject({ code: "CAPSULE_NOT_FOUND", message: `No capsule with id ${ids.revisionId + 1000}` });
    const row = await visibleCapsuleForRead(db, draftId, { wallet: WALLET, editorOutletIds: [] });
    const read = await loadCapsuleRead(db, row);
    expect(read.row.id).toBe(draftId);
    expect(read.chain.map((c) => c.id)).toContain(draftId);
    await db.updateTable("capsules").set({ status: "pending" }).where("id", "=", draftId).execute();
  });

  it("is one statement from the viewer's check to the last part, and a row kept for later reads its parts again", async () => {
    const statements: string[] = [];
    const counted = ctx.handle.db.withPlugin({
      transformQuery: (args) => {
        statements.push(args.node.kind);
        return args.node;
      },
      transformResult: async (args) => args.result,
    });
    const row = await visibleCapsuleForRead(counted, ids.rootId, undefined);
    const first = await loadCapsuleRead(counted, row);
    expect(statements).toHaveLength(1);
    const again = await loadCapsuleRead(counted, row);
    expect(statements).toHaveLength(2);
    expect(again).toEqual(first);
  });
});
