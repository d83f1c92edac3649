import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findOutletById } from "@/features/outlets/outlets.repository";
import { seedFinalizedCapsule, seedOutlet } from "@/features/partners/partners.test-support";
import { openTestDatabase, type TestDatabase } from "@/test/hardening/database";
import { dialectsUnderTest } from "@/test/support/stack";
import { outletFeedLinks } from "./outlet-feeds";

// An outlet's page links and announces the feeds its routes answer: none while it is not active, its Atom feed once
// it is, and its JSON Feed too from the Elevated tier (the route answers 403 below it).

const dialects = await dialectsUnderTest();
const OWNER = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";

describe.each(dialects)("an outlet's feed links on %s", (dialect) => {
  let t: TestDatabase;
  const plain = { id: 0, slug: "plain-feeds" };
  const prime = { id: 0, slug: "prime-feeds" };
  const now = () => Math.floor(Date.now() / 1000);
  const linksOf = async (id: number) => (await outletFeedLinks(t.db, (await findOutletById(t.db, id))!, now())).map(({ label, path, type }) => ({ label, path, type }));

  beforeAll(async () => {
    t = await openTestDatabase(dialect);
    plain.id = await seedOutlet(t.db, plain.slug, OWNER);
    // a Premium record: 13 months active, 60 accepted capsules, nothing rejected
    prime.id = await seedOutlet(t.db, prime.slug, OWNER, 13);
    for (let n = 1; n <= 60; n += 1) await seedFinalizedCapsule(t.db, prime, OWNER, n);
  });
  afterAll(async () => {
    await t?.drop();
  });

  it("gives a Standard outlet its Atom feed only", async () => {
    expect(await linksOf(plain.id)).toEqual([{ label: "Atom feed", path: "/outlets/plain-feeds/feed.xml", type: "application/atom+xml" }]);
  });

  it("gives an outlet of the Elevated tier or above its JSON Feed as well", async () => {
    expect(await linksOf(prime.id)).toEqual([
      { label: "Atom feed", path: "/outlets/prime-feeds/feed.xml", type: "application/atom+xml" },
      { label: "JSON Feed", path: "/outlets/prime-feeds/feed.json", type: "application/feed+json" },
    ]);
  });

  it("gives an outlet that is not active no feed", async () => {
    await t.db.updateTable("outlets").set({ status: "suspended" }).where("id", "=", prime.id).execute();
    expect(await linksOf(prime.id)).toEqual([]);
  });
});
