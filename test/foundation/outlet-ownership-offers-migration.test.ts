import { describe, expect, it } from "vitest";
import { migrateToLatest } from "@/lib/db/migrate";
import { isUniqueViolation } from "@/lib/errors/unique-violation";
import { closeOwnershipOffer, insertOwnershipOffer } from "@/features/outlets/ownership-offers.repository";
import { withEmptyDatabase } from "@/test/support/fresh-database";
import { dialectsUnderTest } from "@/test/support/stack";

// 2026-12-06-0600-outlet-ownership-offers (docs/DECISIONS.md, "Ownership of an outlet is handed over, not taken"): one
// open offer per outlet, kept by a unique index on the pending rows, so two offers sent at once cannot both be stored;
// closed offers stay, any number of them, and a new offer may follow a closed one.

const OWNER = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266";
const EDITOR = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const OTHER = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC";

describe.each(await dialectsUnderTest())("ownership offers' table on %s", (dialect) => {
  it("stores one pending offer per outlet and any number of closed ones", async () => {
    await withEmptyDatabase(dialect, "capsule_ownership_offers", async (db) => {
      await migrateToLatest(db);
      const outletId = (
        await db
          .insertInto("outlets")
          .values({ slug: "handover", name: "Handover", domain: "handover.example.org", description: null, metadata_uri: null, owner_wallet: OWNER, status: "active", policy_id: "default", verification_token: "t", verified_at: null, first_verified_at: null, last_checked_at: null, last_result: null, created_at: 1, updated_at: 1 })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id;
      const offer = (wallet: string) => insertOwnershipOffer(db, { outlet_id: outletId, outlet_slug: "handover", wallet, offered_by: OWNER, offered_at: 10 });
      const first = await offer(EDITOR);
      const refused = await offer(OTHER).then(() => undefined, (error: unknown) => error);
      expect(isUniqueViolation(refused)).toBe(true);
      expect(await closeOwnershipOffer(db, first.id, "withdrawn", OWNER, 11)).toMatchObject({ status: "withdrawn", closed_by: OWNER });
      const second = await offer(OTHER);
      expect(await closeOwnershipOffer(db, second.id, "declined", OTHER, 12)).toMatchObject({ status: "declined" });
      // a closed offer is not closed twice
      expect(await closeOwnershipOffer(db, second.id, "accepted", OTHER, 13)).toBeUndefined();
      expect((await offer(EDITOR)).status).toBe("pending");
      expect((await db.selectFrom("outlet_ownership_offers").select("status").orderBy("id").execute()).map((row) => row.status)).toEqual(["withdrawn", "declined", "pending"]);
    });
  });
});
