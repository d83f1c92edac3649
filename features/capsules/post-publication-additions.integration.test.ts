import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Hex } from "viem";
import { openDatabase, type DatabaseHandle } from "@/lib/db/connection";
import { capsuleEvidenceAdd } from "@/features/capsules/evidence-add.endpoint";
import { capsuleSupportingAdd } from "@/features/capsules/supporting-add.endpoint";
import { addr, expectError } from "@/features/capsules/capsules.test-support";
import { devKeys } from "@/test/support/anvil";
import { bridgeClient } from "@/test/support/bridge-client";
import { dialectsUnderTest, startStack, type Stack } from "@/test/support/stack";
import { voteStream } from "@/test/indexer/support/vote-stream";
import { deploymentOf } from "@/test/operator/support";

// What is added to a published article (evidence, related capsules) shows on the outlet's page without a vote: the
// submitter and the contributors add it only while they hold an author role at the outlet (docs/DECISIONS.md, "What is
// added after publication ends with the role"). A draft still takes them from its submitter and contributors alone.

const dialects = await dialectsUnderTest();
const SLUG = "after-desk";
const SUBMITTER = devKeys[1] as Hex; // vote-stream's journalist: the seeded drafts' submitter
const CONTRIBUTOR = devKeys[2] as Hex;
const JOURNALIST_ROLE = 1;

let evidenceCount = 0;
const evidence = () => {
  evidenceCount += 1;
  const hex = evidenceCount.toString(16).padStart(2, "0");
  return { uri: `https://archive.example.org/notice-${evidenceCount}.pdf`, contentHash: `0x${hex.repeat(32)}`, evidenceType: "document", mimeType: "application/pdf", isPrimary: false, label: `Notice ${evidenceCount}` };
};

describe.each(dialects)("additions to a published article on %s", (dialect) => {
  let stack: Stack;
  let handle: DatabaseHandle;
  let api: ReturnType<typeof bridgeClient>;
  let outletId: number;
  let published: number;
  let related: number[];
  let draft: number;

  const addEvidence = (id: number, key: Hex) => api.postRaw(capsuleEvidenceAdd, { id: String(id) }, key, evidence());
  const relate = (id: number, other: number, key: Hex) => api.postRaw(capsuleSupportingAdd, { id: String(id) }, key, { supportingCapsuleId: String(other), relationshipType: "cites" });

  async function grant(key: Hex): Promise<number> {
    const now = Math.floor(Date.now() / 1000);
    const row = await handle.db
      .insertInto("outlet_roles")
      .values({ outlet_id: outletId, outlet_slug: SLUG, wallet: addr(key), role_id: JOURNALIST_ROLE, bonded: 1, granted_at: now, granted_by: addr(devKeys[0] as Hex), revoked_at: null, revoked_by: null })
      .returning("id")
      .executeTakeFirstOrThrow();
    return row.id;
  }
  const revoke = (id: number) => handle.db.updateTable("outlet_roles").set({ revoked_at: Math.floor(Date.now() / 1000), revoked_by: addr(devKeys[0] as Hex) }).where("id", "=", id).execute();

  beforeAll(async () => {
    stack = await startStack({ database: dialect, env: { CAPSULE_DEMO_DATA: "0", CAPSULE_RATE_WRITE_PER_MIN: "100000" } });
    api = bridgeClient(stack.baseUrl);
    handle = openDatabase({ databaseUrl: stack.databaseUrl, sqliteFile: path.join(stack.dataDir, "capsule.sqlite") });
    const stream = voteStream(stack.nodeRpcUrl, deploymentOf(stack.dataDir));
    const ids = await stream.seedDrafts(handle.db, SLUG, 4);
    [published = 0, draft = 0] = ids;
    related = ids.slice(2);
    // the projection's word for a capsule its vote finalized: the routes read nothing else about it
    await handle.db.updateTable("capsules").set({ status: "finalized" }).where("id", "in", [published, ...related]).execute();
    const now = Math.floor(Date.now() / 1000);
    await handle.db
      .insertInto("capsule_contributors")
      .values([
        { capsule_id: published, wallet: addr(SUBMITTER), display_name: "Alice", role: 1, contribution_type: "author", share_bps: 6000, attribution_uri: null, active: 1, created_at: now },
        { capsule_id: published, wallet: addr(CONTRIBUTOR), display_name: "Bob", role: 1, contribution_type: "researcher", share_bps: 4000, attribution_uri: null, active: 1, created_at: now },
        { capsule_id: draft, wallet: addr(SUBMITTER), display_name: "Alice", role: 1, contribution_type: "author", share_bps: 10000, attribution_uri: null, active: 1, created_at: now },
      ])
      .execute();
    outletId = (await handle.db.selectFrom("outlets").select("id").where("slug", "=", SLUG).executeTakeFirstOrThrow()).id;
  }, 300_000);

  afterAll(async () => {
    await handle?.close();
    await stack?.stop();
  });

  const evidenceRows = async () => (await handle.db.selectFrom("capsule_evidence").select("id").where("capsule_id", "=", published).execute()).length;
  const relationRows = async () => (await handle.db.selectFrom("capsule_supporting").select("capsule_id").where("capsule_id", "=", published).execute()).length;

  it("takes evidence on a published article from its submitter and contributors only while they hold an author role", async () => {
    const before = await evidenceRows();
    const refused = `Capsule ${published} is finalized; only the submitter or a contributor who is a Journalist, Reporter or Editor of outlet "${SLUG}" now may add evidence to it`;
    expectError(await addEvidence(published, SUBMITTER), 403, "FORBIDDEN", refused);
    expectError(await addEvidence(published, CONTRIBUTOR), 403, "FORBIDDEN", refused);

    const [submitterRole, contributorRole] = [await grant(SUBMITTER), await grant(CONTRIBUTOR)];
    expect((await addEvidence(published, SUBMITTER)).status).toBe(201);
    expect((await addEvidence(published, CONTRIBUTOR)).status).toBe(201);

    // both leave the outlet: neither adds to its article any more
    await revoke(submitterRole);
    await revoke(contributorRole);
    expectError(await addEvidence(published, SUBMITTER), 403, "FORBIDDEN", refused);
    expectError(await addEvidence(published, CONTRIBUTOR), 403, "FORBIDDEN", refused);
    expect(await evidenceRows()).toBe(before + 2);
  });

  it("relates capsules to a published article only while its submitter holds an author role", async () => {
    const before = await relationRows();
    const refused = `Capsule ${published} is finalized; only the submitter who is a Journalist, Reporter or Editor of outlet "${SLUG}" now may add supporting capsules to it`;
    expectError(await relate(published, related[0]!, SUBMITTER), 403, "FORBIDDEN", refused);
    const role = await grant(SUBMITTER);
    expect((await relate(published, related[0]!, SUBMITTER)).status).toBe(201);
    await revoke(role);
    expectError(await relate(published, related[1]!, SUBMITTER), 403, "FORBIDDEN", refused);
    expect(await relationRows()).toBe(before + 1);
  });

  it("still takes evidence and relations on a draft from its submitter without a role", async () => {
    expect(await handle.db.selectFrom("outlet_roles").select("id").where("wallet", "=", addr(SUBMITTER)).where("revoked_at", "is", null).execute()).toEqual([]);
    const added = await addEvidence(draft, SUBMITTER);
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const relation = await relate(draft, published, SUBMITTER);
    expect(relation.status, JSON.stringify(relation.body)).toBe(201);
  });
});
