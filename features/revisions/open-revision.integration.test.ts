import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROLE } from "@/lib/roles/role-catalog";
import type { DatabaseHandle } from "@/lib/db/connection";
import { capsuleHistoryAdd } from "@/features/revisions/history-add.endpoint";
import { capsuleRead } from "@/features/capsules/read.endpoint";
import { capsuleReject } from "@/features/capsules/reject.endpoint";
import { roleRevoke } from "@/features/roles/revoke.endpoint";
import { walletActivity } from "@/features/wallet/activity.endpoint";
import { shortAddress } from "@/lib/wallet/short-address";
import { devKeys } from "@/test/support/anvil";
import { startDeskStack, type TestDns } from "@/test/support/desk-stack";
import { dialectsUnderTest, type Stack } from "@/test/support/stack";
import { addr, chainAccess, deployedContracts, sha, staffedDesk, type Api, type Json } from "@/features/capsules/capsules.test-support";

// Security review 3, item 1: one Journalist's correction draft could hold a chain's one open revision
// for ever. An Editor of the outlet may withdraw it; once its submitter holds no author role at the
// outlet it no longer blocks (the next revision withdraws it); the 409 names the draft's id only to
// a caller who may read the draft.

const dialects = await dialectsUnderTest();
const [, ownerKey, , journalistKey, , reporterKey] = devKeys;
const [journalist, reporter] = [addr(journalistKey), addr(reporterKey)];
const SLUG = "open-revision-desk";

describe.each(dialects)("the one open revision of a chain on %s", (dialect) => {
  let stack: Stack;
  let dns: TestDns;
  let stopDesk: () => Promise<void>;
  let api: Api;
  let handle: DatabaseHandle;
  let articleId = "";

  const startRevision = (key: `0x${string}`, capsuleType: "correction" | "retraction") =>
    api.send(capsuleHistoryAdd, { params: { id: articleId }, body: { capsuleType, revisionReason: `A ${capsuleType}` } }, key);
  const statusOf = async (id: string) => (await api.send(capsuleRead, { params: { id } }, ownerKey)).body.capsule.status;
  const withdrawals = async (key: `0x${string}`, wallet: string, id: string) =>
    ((await api.send(walletActivity, { params: { address: wallet } }, key)).body.items as Json[]).filter((item) => item.kind === "capsule.withdrawn" && item.subjectId === id);

  beforeAll(async () => {
    ({ stack, dns, api, handle, stop: stopDesk } = await startDeskStack(dialect, { env: { CAPSULE_RATE_WRITE_PER_MIN: "2000" }, withDatabase: true }));
    const chain = chainAccess(stack, await deployedContracts(api));
    // the owner is the outlet's Editor
    await staffedDesk({
      api, chain, dns, ownerKey, slug: SLUG,
      bonds: [[journalistKey, "100"], [reporterKey, "50"]],
      roles: [[journalistKey, ROLE.JOURNALIST], [reporterKey, ROLE.REPORTER]],
    });
    // the reporter's published article (a row as the indexer leaves it)
    const outlet = await handle.db.selectFrom("outlets").select("id").where("slug", "=", SLUG).executeTakeFirstOrThrow();
    const now = Math.floor(Date.now() / 1000);
    const article = await handle.db
      .insertInto("capsules")
      .values({
        outlet_id: outlet.id, outlet_slug: SLUG, article_slug: "harbour-story", title: "Harbour story", language: "en", tags_json: "[]", body: "Harbour story text",
        metadata_uri: "ipfs://bafkreiharbour", content_hash: sha(1), submitter: reporter, capsule_type: "original", policy_id: "default",
        status: "finalized", finalized_at: now, submit_tx_hash: sha(21), created_at: now, updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    articleId = String(article.id);
  });

  afterAll(async () => {
    await stopDesk?.();
  });

  it("answers the 409 with the open draft's id only to a caller who may read the draft", async () => {
    const squat = await startRevision(journalistKey, "correction");
    expect(squat.status, JSON.stringify(squat.body)).toBe(201);
    const draftId = String(squat.body.capsule.id);

    const byAuthor = await startRevision(reporterKey, "retraction");
    expect(byAuthor.status).toBe(409);
    expect(byAuthor.body).toMatchObject({ error: "INVALID_STATE", message: `A correction draft by ${shortAddress(journalist)} is already open in this chain; an Editor of outlet "${SLUG}" may withdraw it` });
    expect(byAuthor.body).toMatchObject({ status: "draft", capsuleType: "correction", submitter: journalist });
    expect(byAuthor.body).not.toHaveProperty("openCapsuleId");
    expect(JSON.stringify(byAuthor.body)).not.toMatch(new RegExp(`\\b${draftId}\\b`));

    const byEditor = await startRevision(ownerKey, "retraction");
    expect(byEditor.status).toBe(409);
    expect(byEditor.body).toMatchObject({ message: `Capsule ${draftId} of this chain is already an open draft revision`, openCapsuleId: draftId, status: "draft" });

    // the author may not withdraw another's draft: to them it does not exist
    expect((await api.send(capsuleReject, { params: { id: draftId }, body: { reason: "stop blocking" } }, reporterKey)).status).toBe(404);
    const withdrawn = await api.send(capsuleReject, { params: { id: draftId }, body: { reason: "stop blocking" } }, ownerKey);
    expect(withdrawn.status, JSON.stringify(withdrawn.body)).toBe(200);
    expect(withdrawn.body.capsule).toMatchObject({ id: draftId, status: "rejected", submitTxHash: null });
    expect(await withdrawals(journalistKey, journalist, draftId)).toEqual([expect.objectContaining({ details: { reason: "stop blocking", by: "editor", editor: addr(ownerKey) } })]);

    const retraction = await startRevision(reporterKey, "retraction");
    expect(retraction.status, JSON.stringify(retraction.body)).toBe(201);
    // the author's own draft: withdrawn by its submitter as before, and the chain is free again
    const own = await api.send(capsuleReject, { params: { id: String(retraction.body.capsule.id) }, body: {} }, reporterKey);
    expect(own.body.capsule.status).toBe("rejected");
  });

  it("no longer counts a draft whose submitter lost the role: the next revision withdraws it in its transaction", async () => {
    const squat = await startRevision(journalistKey, "correction");
    expect(squat.status, JSON.stringify(squat.body)).toBe(201);
    const draftId = String(squat.body.capsule.id);
    expect((await startRevision(reporterKey, "retraction")).status).toBe(409);

    const revoked = await api.send(roleRevoke, { body: { outletSlug: SLUG, wallet: journalist, roleId: 1 } }, ownerKey);
    expect(revoked.status, JSON.stringify(revoked.body)).toBe(200);

    const retraction = await startRevision(reporterKey, "retraction");
    expect(retraction.status, JSON.stringify(retraction.body)).toBe(201);
    expect(retraction.body.capsule).toMatchObject({ status: "draft", capsuleType: "retraction" });
    expect(await statusOf(draftId)).toBe("rejected");
    expect(await withdrawals(journalistKey, journalist, draftId)).toEqual([expect.objectContaining({ details: { reason: "its submitter no longer holds a role at the outlet", by: "revision" } })]);
    // the retraction now holds the chain: the rule itself still stands
    expect((await startRevision(ownerKey, "correction")).status).toBe(409);
  });
});
