import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Hex } from "viem";
import type { DatabaseHandle } from "@/lib/db/connection";
import { outletCreate } from "@/features/outlets/create.endpoint";
import { outletRead } from "@/features/outlets/read.endpoint";
import { devKeys } from "@/test/support/anvil";
import { bridgeClient } from "@/test/support/bridge-client";
import { dialectsUnderTest, startStack, type Stack } from "@/test/support/stack";
import { expectError, openStackDatabase } from "./outlets.test-support";

// An outlet may not be registered under a name readers could take for an existing outlet's (docs/DECISIONS.md,
// "An outlet's name may not look like another's"): 409 OUTLET_NAME_TAKEN naming the outlet it looks like.

const dialects = await dialectsUnderTest();
const [, firstKey, otherKey] = devKeys;

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
    expect((await create(otherKey, "daily-recorder", "The Daily Recorder")).status).toBe(201);
  });

  it("keeps outlets whose names collided before the rule, and refuses a new name like either", async () => {
    const now = Math.floor(Date.now() / 1000);
    const legacy = (slug: string, name: string) => ({ slug, name, domain: `${slug}.example.org`, owner_wallet: "0x00000000000000000000000000000000000000aa", status: "pending" as const, policy_id: "default", verification_token: "00".repeat(32), created_at: now, updated_at: now });
    await handle.db.insertInto("outlets").values([legacy("harbour-gazette", "Harbour Gazette"), legacy("harb0ur-gazette", "Harb0ur Gazette")]).execute();
    for (const slug of ["harbour-gazette", "harb0ur-gazette"]) expect((await api.send(outletRead, { params: { slug } })).status).toBe(200);
    const refused = await create(otherKey, "harbour-gazette-2", "HARBOUR GAZETTE");
    expectError(refused, 409, "OUTLET_NAME_TAKEN", /looks like the name of outlet "harbour-gazette" \("Harbour Gazette"\)/, { resembles: { outletSlug: "harbour-gazette", name: "Harbour Gazette" } });
  });
});
