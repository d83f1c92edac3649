import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pad, parseEther, toHex, type Address, type Hex } from "viem";
import { rebuildProjection } from "@/features/rebuild-projection";
import { findJuryCase, jurorsOfCase, caseLog } from "@/features/court/jury.repository";
import { freshDatabase } from "@/test/support/fresh-database";
import { juryIndexer } from "./jury-indexer.test-support";
import { diffSnapshots, snapshotTables } from "@/test/support/projection-compare";
import { dialectsUnderTest } from "@/test/support/stack";
import { summonsResponse } from "@/features/distribution/summons-response";
import { ROLE } from "@/lib/roles/role-catalog";
import { startJuryFixture, SIDE, type JuryFixture } from "@/test/contracts/jury-fixture";

// Issue 28, item 1: every JuryCourt event of a case lands in jury_cases, jury_jurors and jury_case_log
// (and the inbox), and after a rollback in the middle of the reveal period the projection is exactly
// what a rebuild from the chain gives.

const dialects = await dialectsUnderTest();
const JURY_TABLES = ["jury_cases", "jury_jurors", "jury_case_log", "activity", "chain_events"];

const only = (snapshot: Map<string, string[]>) => new Map([...snapshot].filter(([table]) => JURY_TABLES.includes(table)));

describe.each(dialects)("the JuryCourt projection on %s", (dialect) => {
  let f: JuryFixture;
  let main: Awaited<ReturnType<typeof freshDatabase>>;
  let syncToHead: () => Promise<void>;
  let caseId: bigint;
  let capsuleId: bigint;
  let jurors: readonly Address[];
  const claims: Hex[] = [pad(toHex(11)), pad(toHex(12))];


  beforeAll(async () => {
    f = await startJuryFixture({ jurors: 6, feePerJuror: parseEther("0.01") });
    main = await freshDatabase(dialect, "capsule_jury");
    ({ syncToHead } = juryIndexer(f, main.handle));
    capsuleId = await f.publishCapsule();
    ({ caseId } = await f.openCase(capsuleId, claims));
    const { challenger, author } = f.cast;
    await f.mined(f.walletOf(challenger.address).writeContract({ ...f.court, functionName: "submitEvidence", args: [caseId, challenger.address, "https://example.org/grounds.pdf"] }));
    await f.mined(f.walletOf(author.address).writeContract({ ...f.court, functionName: "submitEvidence", args: [caseId, author.address, "https://example.org/reply.pdf"] }));
    await f.drawNow(caseId);
    await f.untilPeriodEnds(caseId);
    await f.advancePeriod(caseId);
    jurors = (await f.roundOf(caseId, 0)).jurors;
    for (const juror of jurors) await f.mined(f.commitBySig(caseId, 0, juror, [2, 1]));
    await f.advancePeriod(caseId); // every juror committed: the reveal period starts early
    await syncToHead();
  }, 240_000);

  afterAll(async () => {
    await main?.drop();
    await f?.stop();
  });

  it("projects the case, its evidence, the draw and the commits", async () => {
    const row = await findJuryCase(main.handle.db, Number(caseId));
    expect(row).toMatchObject({ period: "reveal", round: 0, challenger: f.cast.challenger.address, author: f.cast.author.address, claim_ids_json: JSON.stringify(claims) });
    expect(row!.period_ends_at).toBe(row!.period_starts_at + 48 * 3600);
    const drawn = await jurorsOfCase(main.handle.db, Number(caseId));
    expect(drawn.map((j) => j.juror)).toEqual([...jurors]);
    expect(drawn.every((j) => j.committed_at !== null && j.revealed_at === null)).toBe(true);
    const evidence = await caseLog(main.handle.db, Number(caseId), ["EvidenceSubmitted"]);
    expect(evidence.map((e) => [e.actor, JSON.parse(e.details_json).side, JSON.parse(e.details_json).uri])).toEqual([
      [f.cast.challenger.address, SIDE.challenger, "https://example.org/grounds.pdf"],
      [f.cast.author.address, SIDE.outlet, "https://example.org/reply.pdf"],
    ]);
    const summons = await main.handle.db.selectFrom("activity").select("wallet").where("kind", "=", "inbox.jury_summoned").execute();
    expect(summons.map((s) => s.wallet).sort()).toEqual([...jurors].sort());
  });

  it("after a rollback in the middle of the reveal period equals a rebuild from the chain", async () => {
    const snapshot = await f.testClient.snapshot();
    // reveals that the rollback takes away
    for (const juror of jurors.slice(0, 2)) await f.mined(f.revealBySig(caseId, 0, juror, [2, 1], ["lost reason a", "lost reason b"]));
    await syncToHead();
    expect((await jurorsOfCase(main.handle.db, Number(caseId))).filter((j) => j.revealed_at !== null)).toHaveLength(2);

    await f.testClient.revert({ id: snapshot });
    await f.testClient.mine({ blocks: 1 });
    // the chain after the rollback: two jurors reveal, one does not and is slashed; six jurors in the pool
    // cannot seat an appeal round of seven, so the tally makes the case final
    await f.mined(f.revealBySig(caseId, 0, jurors[0]!, [2, 1], ["figures do not match the source", "quote checked"]));
    await f.mined(f.revealBySig(caseId, 0, jurors[1]!, [2, 1], ["the table was misread", "quote checked"]));
    await f.untilPeriodEnds(caseId);
    await f.advancePeriod(caseId);
    await syncToHead();

    const reorgs = await main.handle.db.selectFrom("chain_reorgs").select(["outcome", "events_removed"]).execute();
    expect(reorgs).toEqual([{ outcome: "rewound", events_removed: 2 }]);
    const row = await findJuryCase(main.handle.db, Number(caseId));
    expect(row).toMatchObject({ period: "final", findings_json: "[2,1]", article_finding: 2, winner: SIDE.challenger, period_ends_at: null });
    const drawn = await jurorsOfCase(main.handle.db, Number(caseId));
    expect(drawn.map((j) => j.reasons_json)).toEqual([
      JSON.stringify(["figures do not match the source", "quote checked"]),
      JSON.stringify(["the table was misread", "quote checked"]),
      null,
    ]);
    expect(drawn[2]!.slashed).not.toBeNull();
    expect(drawn.slice(0, 2).every((j) => j.reward === parseEther("0.015").toString())).toBe(true);
    const log = await caseLog(main.handle.db, Number(caseId));
    expect(JSON.stringify(log)).not.toContain("lost reason");

    const rebuilt = await freshDatabase(dialect, "capsule_jury");
    try {
      await rebuildProjection({ db: rebuilt.handle.db, dialect: rebuilt.handle.dialect, rpcUrl: f.anvil.rpcUrl, deployment: f.record });
      const [actual, expected] = [only(await snapshotTables(main.handle)), only(await snapshotTables(rebuilt.handle))];
      expect(expected.get("jury_case_log")!.length).toBeGreaterThan(10);
      expect(diffSnapshots(actual, expected)).toEqual([]);
    } finally {
      await rebuilt.drop();
    }
  });

  it("counts an outlet's answers to summons: its reply in the evidence period and its Editors' reveals when drawn", async () => {
    const db = main.handle.db;
    const now = Math.floor(Date.now() / 1000);
    const outlet = async (slug: string) =>
      (
        await db
          .insertInto("outlets")
          .values({ slug, name: slug, domain: `${slug}.example.org`, owner_wallet: f.cast.author.address, status: "active", policy_id: "default", verification_token: "00".repeat(32), created_at: now, updated_at: now })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id;
    const [ledger, other] = [await outlet("daily-ledger"), await outlet("newsroom-b")];
    await db
      .insertInto("capsules")
      .values({
        id: Number(capsuleId), outlet_id: ledger, outlet_slug: "daily-ledger", article_slug: "story", title: "Story", language: "en", tags_json: "[]", body: "Body",
        metadata_uri: "ipfs://story", content_hash: `0x${"ab".repeat(32)}`, submitter: f.cast.author.address, status: "finalized", capsule_type: "original", policy_id: "default",
        window_seconds: 600, approval_threshold: 60, quorum_threshold: 5, eligible_weight: "0", root_capsule_id: null, parent_capsule_id: null, revision_reason: null, created_at: now, updated_at: now,
      })
      .execute();
    const drawnAt = (await jurorsOfCase(db, Number(caseId)))[0]!.drawn_at;
    const editor = (wallet: string, grantedAt: number) =>
      ({ outlet_id: other, outlet_slug: "newsroom-b", wallet, role_id: ROLE.EDITOR, bonded: 1, granted_at: grantedAt, granted_by: f.cast.author.address, revoked_at: null, revoked_by: null });
    // juror 0 revealed, juror 2 did not; juror 1 became an Editor of newsroom-b only after the draw
    await db.insertInto("outlet_roles").values([editor(jurors[0]!, drawnAt - 10), editor(jurors[2]!, drawnAt), editor(jurors[1]!, drawnAt + 1)]).execute();

    expect(await summonsResponse(db, ledger)).toEqual({ summoned: 1, answered: 1 });
    expect(await summonsResponse(db, other)).toEqual({ summoned: 2, answered: 1 });
  });
});
