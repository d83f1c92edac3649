import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getAddress, keccak256, parseEther, toHex, type Address } from "viem";
import { rebuildProjection } from "@/features/rebuild-projection";
import { juryInboxKinds } from "@/features/court/jury.projector";
import { freshDatabase } from "@/test/support/fresh-database";
import { juryIndexer } from "./jury-indexer.test-support";
import { dialectsUnderTest } from "@/test/support/stack";
import { ROLE } from "@/lib/roles/role-catalog";
import { OUTLET, startJuryFixture, type JuryFixture } from "@/test/contracts/jury-fixture";

// The jury projector tells the outlet's side of every period change in its inbox: its owner and its Editors. Those are
// the Editors of the event's time, from the role rows (never deleted), not the Editors of whenever the projector runs:
// a rebuild after an Editor left and another came gives the inbox rows the original run gave.

const dialects = await dialectsUnderTest();
const wallet = (name: string): Address => getAddress(keccak256(toHex(name)).slice(0, 42));

describe.each(dialects)("the jury inbox's recipients on %s", (dialect) => {
  let f: JuryFixture;
  let main: Awaited<ReturnType<typeof freshDatabase>>;
  let syncToHead: () => Promise<void>;
  const [leaving, staying, arriving] = [wallet("editor who leaves"), wallet("editor who stays"), wallet("editor who arrives")];

  const periodInbox = async () =>
    (
      await main.handle.db
        .selectFrom("activity")
        .select(["wallet", "kind", "subject_id", "details_json", "tx_hash", "created_at"])
        .where("kind", "in", Object.values(juryInboxKinds))
        .execute()
    )
      .map((row) => JSON.stringify(row))
      .sort();

  beforeAll(async () => {
    f = await startJuryFixture({ jurors: 6, feePerJuror: parseEther("0.01") });
    main = await freshDatabase(dialect, "capsule_jury_inbox");
    ({ syncToHead } = juryIndexer(f, main.handle));
    const capsuleId = await f.publishCapsule();
    // the bridge's own rows for the outlet, its capsule and its Editors (granted long before the case)
    const db = main.handle.db;
    const { id: outletId } = await db
      .insertInto("outlets")
      .values({ slug: OUTLET, name: OUTLET, domain: `${OUTLET}.example.org`, owner_wallet: f.cast.author.address, status: "active", policy_id: "default", verification_token: "00".repeat(32), created_at: 1, updated_at: 1 })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db
      .insertInto("capsules")
      .values({
        id: Number(capsuleId), outlet_id: outletId, outlet_slug: OUTLET, article_slug: "story", title: "Story", language: "en", tags_json: "[]", body: "Body",
        metadata_uri: "ipfs://story", content_hash: `0x${"ab".repeat(32)}`, submitter: f.cast.author.address, status: "draft", capsule_type: "original", policy_id: "default",
        window_seconds: 600, approval_threshold: 60, quorum_threshold: 5, eligible_weight: "0", root_capsule_id: null, parent_capsule_id: null, revision_reason: null, created_at: 1, updated_at: 1,
      })
      .execute();
    const editor = (who: Address) => ({ outlet_id: outletId, outlet_slug: OUTLET, wallet: who, role_id: ROLE.EDITOR, bonded: 1, granted_at: 1, granted_by: f.cast.author.address, revoked_at: null, revoked_by: null });
    await db.insertInto("outlet_roles").values([editor(leaving), editor(staying)]).execute();

    const { caseId } = await f.openCase(capsuleId);
    await f.drawNow(caseId);
    await f.untilPeriodEnds(caseId);
    await f.advancePeriod(caseId); // evidence → commit: both sides and the jurors hear of it
    await syncToHead();
  }, 240_000);

  afterAll(async () => {
    await main?.drop();
    await f?.stop();
  });

  it("tells the Editors of the period change's time, and a rebuild after the roles changed tells the same ones", async () => {
    const told = await main.handle.db.selectFrom("activity").select("wallet").where("kind", "=", juryInboxKinds.period).execute();
    const recipients = new Set(told.map((row) => row.wallet));
    expect(recipients.has(leaving) && recipients.has(staying) && recipients.has(f.cast.author.address) && recipients.has(f.cast.challenger.address)).toBe(true);
    expect(recipients.has(arriving)).toBe(false);
    const before = await periodInbox();

    // after the period change: one Editor leaves the outlet, another joins it
    const later = Number((await f.publicClient.getBlock({ blockTag: "latest" })).timestamp) + 3600;
    const db = main.handle.db;
    await db.updateTable("outlet_roles").set({ revoked_at: later, revoked_by: f.cast.author.address }).where("wallet", "=", leaving).execute();
    const { outlet_id } = await db.selectFrom("outlet_roles").select("outlet_id").where("wallet", "=", staying).executeTakeFirstOrThrow();
    await db
      .insertInto("outlet_roles")
      .values({ outlet_id, outlet_slug: OUTLET, wallet: arriving, role_id: ROLE.EDITOR, bonded: 1, granted_at: later, granted_by: f.cast.author.address, revoked_at: null, revoked_by: null })
      .execute();

    await rebuildProjection({ db, dialect: main.handle.dialect, rpcUrl: f.anvil.rpcUrl, deployment: f.record });
    expect(await periodInbox()).toEqual(before);
  });
});
