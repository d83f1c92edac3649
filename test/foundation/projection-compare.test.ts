import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "@/lib/db/connection";
import { compareWithRebuild } from "@/test/support/projection-compare";
import { dialectsUnderTest, startStack, type Stack } from "@/test/support/stack";

// The comparator the reorg, crash and restore tests rely on: a started stack's projection equals
// a rebuild of a copy of its database, and a damaged projection is reported table by table.

const dialects = await dialectsUnderTest();

describe.each(dialects)("projection vs rebuild comparator (%s)", (dialect) => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({ database: dialect });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  const compare = () =>
    compareWithRebuild({
      sqliteFile: dialect === "sqlite" ? path.join(stack.dataDir, "capsule.sqlite") : undefined,
      databaseUrl: stack.databaseUrl,
      rpcUrl: stack.nodeRpcUrl,
      deploymentFile: path.join(stack.dataDir, "deployment.json"),
    });

  it("finds no difference on a freshly started stack", async () => {
    const { differences } = await compare();
    expect(differences).toEqual([]);
  });

  it("reports a projected row that the chain does not back", async () => {
    const handle = openDatabase({ databaseUrl: stack.databaseUrl, sqliteFile: path.join(stack.dataDir, "capsule.sqlite") });
    const forged = { wallet: "0x0000000000000000000000000000000000000001", kind: "capsule.vote_cast", details_json: "{}", tx_hash: `0x${"ee".repeat(32)}`, created_at: 1 };
    try {
      await handle.db.insertInto("activity").values(forged).execute();
      const { differences } = await compare();
      expect(differences).toHaveLength(1);
      expect(differences[0]).toMatch(/^activity: only in the projection: .*capsule\.vote_cast/);
    } finally {
      await handle.db.deleteFrom("activity").where("tx_hash", "=", forged.tx_hash).execute();
      await handle.close();
    }
  });
});
