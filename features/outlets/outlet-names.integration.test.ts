import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Hex } from "viem";
import type { DatabaseHandle } from "@/lib/db/connection";
import { outletCreate } from "@/features/outlets/create.endpoint";
import { outletRead } from "@/features/outlets/read.endpoint";
import { devKeys } from "@/test/support/anvil";
import { bridgeClient } from "@/test/support/bridge-client";
import { dialectsUnderTest, startStack, type Stack } from "@/test/support/stack";
import { nameSkeletons } from "@/lib/outlets/name-skeleton";
import { expectError, openStackDatabase } from "./outlets.test-support";

// An outlet may not be registered under a name readers could take for an existing outlet's (docs/DECISIONS.md,
// "An outlet's name may not look like another's"): 409 OUTLET_NAME_TAKEN naming the outlet it looks like. The forms
// names are compared in are stored with a unique key (docs/DECISIONS.md, "Outlet names' look-alike forms are stored
// with a unique index"), so two look-alikes created at once are one 201 and one 409. Outlets whose names collided
// before the rule: test/foundation/outlet-name-skeletons-migration.test.ts.

const dialects = await dialectsUnderTest();
const [, firstKey, otherKey, racerKey, rivalKey] = devKeys;

describe.each(dialects)("outlet names that look like another's on %s", (dialect) => {
  let stack: Stack;
  let api: ReturnType<typeof bridgeClient>;
  let handle: DatabaseHandle;

  beforeAll(async () => {
    stack = await startStack({ database: dialect, env: { CAPSULE_DEMO_DATA: "0", CAPSULE_RATE_WRITE_PER_MIN: "1000" } });
    api = bridgeClient(stack.baseUrl);
    handle = openStackDatabase(stack);
  });

  afterAll(async () => {
    await handle?.close();
    await stack?.stop();
  });

  const create = (key: Hex, slug: string, name: string) => api.postRaw(outletCreate, undefined, key, { slug, name, domain: `${slug}.example.org` });
  const outletCount = async () => (await handle.db.selectFrom("outlets").select("id").execute()).length;
  const storedForms = async (slug: string) =>
    (
      await handle.db
        .selectFrom("outlet_name_skeletons")
        .innerJoin("outlets", "outlets.id", "outlet_name_skeletons.outlet_id")
        .select("skeleton")
        .where("outlets.slug", "=", slug)
        .orderBy("skeleton")
        .execute()
    ).map((row) => row.skeleton);

  it("refuses a name whose confusable skeleton is an existing outlet's, naming that outlet", async () => {
    expect((await create(firstKey, "daily-record", "The Daily Record")).status).toBe(201);
    const before = await outletCount();
    const lookalikes = ["The Dai1y Record", "The D\u0430ily Record", "  The   Daily  Record", "The Dai\u200bly Record", "the daily record", "THE DAILY RECORD"];
    for (const [i, name] of lookalikes.entries()) {
      expectError(
        await create(otherKey, `record-copy-${i}`, name),
        409,
        "OUTLET_NAME_TAKEN",
        `The outlet name "${name.trim()}" looks like the name of outlet "daily-record" ("The Daily Record"); choose a name readers cannot take for it`,
        { resembles: { outletSlug: "daily-record", name: "The Daily Record" } },
      );
    }
    expect(await outletCount()).toBe(before);
    expect(await storedForms("daily-record")).toEqual([...nameSkeletons("The Daily Record")].sort());
    expect((await create(otherKey, "daily-recorder", "The Daily Recorder")).status).toBe(201);
    expect(await storedForms("daily-recorder")).toEqual([...nameSkeletons("The Daily Recorder")].sort());
  });

  it("creates one of two look-alike names sent at once and refuses the other with 409, naming the one created", async () => {
    const before = await outletCount();
    const names = { "morning-star": "The Morning Star", "m0rning-star": "The M0rning Star" } as const;
    const answers = await Promise.all([create(racerKey, "morning-star", names["morning-star"]), create(rivalKey, "m0rning-star", names["m0rning-star"])]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    const [won, lost] = answers[0].status === 201 ? (["morning-star", "m0rning-star"] as const) : (["m0rning-star", "morning-star"] as const);
    expectError(
      answers.find((a) => a.status === 409)!,
      409,
      "OUTLET_NAME_TAKEN",
      `The outlet name "${names[lost]}" looks like the name of outlet "${won}" ("${names[won]}"); choose a name readers cannot take for it`,
      { resembles: { outletSlug: won, name: names[won] } },
    );
    expect(await outletCount()).toBe(before + 1);
    expect(await storedForms(won)).toEqual([...nameSkeletons(names[won])].sort());
    expect(await storedForms(lost)).toEqual([]);
  });
});
