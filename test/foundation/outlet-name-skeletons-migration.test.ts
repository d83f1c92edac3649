import { describe, expect, it } from "vitest";
import type { Db } from "@/lib/db/database";
import { migrateToLatest } from "@/lib/db/migrate";
import { isUniqueViolation } from "@/lib/errors/unique-violation";
import { nameSkeletons } from "@/lib/outlets/name-skeleton";
import { claimNameSkeletons, outletResembling } from "@/features/outlets/outlets.repository";
import { migrateBefore, withEmptyDatabase } from "@/test/support/fresh-database";
import { dialectsUnderTest } from "@/test/support/stack";

// 2026-12-06-0500-outlet-name-skeletons on a database holding outlets registered before it (docs/DECISIONS.md,
// "Outlet names' look-alike forms are stored with a unique index"): every outlet gets the forms its name is compared
// in, computed in TypeScript; of two outlets whose names collided before the look-alike rule the older holds the
// shared forms, and both still block a new look-alike, naming the older. Afterwards the key refuses a second outlet
// with one form.

const MIGRATION = "2026-12-06-0500-outlet-name-skeletons";
const OWNER = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266";

describe.each(await dialectsUnderTest())("the stored look-alike forms of outlet names on %s", (dialect) => {
  const withDatabase = (work: (db: Db) => Promise<void>) => withEmptyDatabase(dialect, "capsule_name_forms", work);
  const outlet = async (db: Db, slug: string, name: string) =>
    (
      await db
        .insertInto("outlets")
        .values({ slug, name, domain: `${slug}.example.org`, description: null, metadata_uri: null, owner_wallet: OWNER, status: "pending", policy_id: "default", verification_token: "t", verified_at: null, first_verified_at: null, last_checked_at: null, last_result: null, created_at: 1, updated_at: 1 })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
  const formsOf = async (db: Db, outletId: number) =>
    (await db.selectFrom("outlet_name_skeletons").select("skeleton").where("outlet_id", "=", outletId).orderBy("skeleton").execute()).map((row) => row.skeleton);

  it("fills the forms of the outlets that existed before it, the older of a colliding pair holding what they share", async () => {
    await withDatabase(async (db) => {
      await migrateBefore(db, MIGRATION);
      const court = await outlet(db, "capsule-court", "Capsule Court");
      const harbour = await outlet(db, "harbour-gazette", "Harbour Gazette");
      const copy = await outlet(db, "harb0ur-gazette", "Harb0ur  Gazette");
      const tide = await outlet(db, "tide-times", "The Tide Times");

      await migrateToLatest(db);

      expect(await formsOf(db, court)).toEqual([...nameSkeletons("Capsule Court")].sort());
      expect(await formsOf(db, harbour)).toEqual([...nameSkeletons("Harbour Gazette")].sort());
      // the newer of the pair keeps only the forms the older does not hold
      const shared = new Set(nameSkeletons("Harbour Gazette"));
      expect(await formsOf(db, copy)).toEqual(nameSkeletons("Harb0ur  Gazette").filter((form) => !shared.has(form)).sort());
      expect(shared.size).toBeGreaterThan(0);
      expect(nameSkeletons("Harb0ur  Gazette").some((form) => shared.has(form))).toBe(true);
      expect(await formsOf(db, tide)).toEqual([...nameSkeletons("The Tide Times")].sort());
      // a new look-alike of any of them is found by one read of the stored forms, naming the older of the pair
      expect(await outletResembling(db, "HARBOUR GAZETTE")).toEqual({ slug: "harbour-gazette", name: "Harbour Gazette" });
      expect(await outletResembling(db, "Harb0ur Gazette")).toEqual({ slug: "harbour-gazette", name: "Harbour Gazette" });
      expect(await outletResembling(db, "The Tide Tim\u0435s")).toEqual({ slug: "tide-times", name: "The Tide Times" });
      expect(await outletResembling(db, "capsule court")).toEqual({ slug: "capsule-court", name: "Capsule Court" });
      expect(await outletResembling(db, "The Tide Tables")).toBeUndefined();
    });
  });

  it("lets one outlet alone hold a form", async () => {
    await withDatabase(async (db) => {
      await migrateToLatest(db);
      const first = await outlet(db, "daily-record", "The Daily Record");
      const second = await outlet(db, "dai1y-record", "The Dai1y Record");
      expect(await claimNameSkeletons(db, first, "The Daily Record")).toBe(true);
      expect(await claimNameSkeletons(db, second, "The Dai1y Record")).toBe(false);
      expect(await formsOf(db, second)).toEqual([]);
      const form = nameSkeletons("The Dai1y Record")[0]!;
      const refused = await db.insertInto("outlet_name_skeletons").values({ skeleton: form, outlet_id: second }).execute().then(() => undefined, (error: unknown) => error);
      expect(isUniqueViolation(refused), String(refused)).toBe(true);
    });
  });
});
