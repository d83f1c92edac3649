import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Hex } from "viem";
import { ROLE } from "@/lib/roles/role-catalog";
import type { DatabaseHandle } from "@/lib/db/connection";
import type { NewCapsule } from "@/lib/db/tables/capsules.table";
import { adsOfCapsule } from "@/features/ads/of-capsule.endpoint";
import { capsuleAccept } from "@/features/capsules/accept.endpoint";
import { capsuleAds } from "@/features/ads/capsule-ads.endpoint";
import { capsuleBadge } from "@/features/reader/badge.endpoint";
import { capsuleCreate } from "@/features/capsules/create.endpoint";
import { capsuleDispute } from "@/features/court/dispute.endpoint";
import { capsuleDisputes } from "@/features/court/capsule-disputes.endpoint";
import { capsuleEvidence } from "@/features/capsules/evidence.endpoint";
import { capsuleEvidenceAdd } from "@/features/capsules/evidence-add.endpoint";
import { capsuleHistory } from "@/features/revisions/history.endpoint";
import { capsuleHistoryAdd } from "@/features/revisions/history-add.endpoint";
import { capsuleLabels } from "@/features/court/capsule-labels.endpoint";
import { capsuleList } from "@/features/capsules/list.endpoint";
import { capsuleProof } from "@/features/reader/proof.endpoint";
import { capsuleRead } from "@/features/capsules/read.endpoint";
import { capsuleReject } from "@/features/capsules/reject.endpoint";
import { capsuleRights } from "@/features/rights/capsule-rights.endpoint";
import { capsuleSubmit } from "@/features/capsules/submit.endpoint";
import { capsuleSupporting } from "@/features/capsules/supporting.endpoint";
import { capsuleSupportingAdd } from "@/features/capsules/supporting-add.endpoint";
import { capsuleUpdate } from "@/features/capsules/update.endpoint";
import { capsuleVote } from "@/features/voting/vote.endpoint";
import { capsuleVotes } from "@/features/voting/votes.endpoint";
import { rightsCreate } from "@/features/rights/create.endpoint";
import { vaultUpload } from "@/features/vault/upload.endpoint";
import { walletActivity } from "@/features/wallet/activity.endpoint";
import { devKeys } from "@/test/support/anvil";
import { bridgeClient, type WireAnswer } from "@/test/support/bridge-client";
import { startDeskStack, type TestDns } from "@/test/support/desk-stack";
import { dialectsUnderTest, type Stack } from "@/test/support/stack";
import { addr, chainAccess, deployedContracts, sha, staffedDesk, type Api, type Json } from "./capsules.test-support";

// Issue 25, items 1 and 2. A capsule that never reached the chain (a draft, or a draft its author
// withdrew with POST /api/capsules/:id/reject) stays private for ever: to anyone who could not read
// the draft, every read and every write naming it answers exactly as for an id that does not exist.

const dialects = await dialectsUnderTest();
const [, ownerKey, , journalistKey, outsiderKey, reporterKey] = devKeys;
const [journalist, reporter] = [addr(journalistKey), addr(reporterKey)];
const SLUG = "withdrawn-desk";
const SECRET = "Withdrawn-harbour-scoop-41c9";
const MISSING = "999999";
const READS = [capsuleRead, capsuleHistory, capsuleEvidence, capsuleSupporting, capsuleLabels, capsuleDisputes, capsuleRights, capsuleAds, capsuleVotes, capsuleProof, capsuleBadge];

/** The answer with the id written as another: what a missing id of that value would answer, byte for byte. */
const withId = (text: string, from: string, to: string) => text.replace(new RegExp(`\\b${from}\\b`, "g"), to);

/**
 * Every header, in order, with what belongs to the request alone left out: Date, X-Request-Id (new
 * for each request), the counter's remaining requests and reset (each request spends one) and the
 * length of the body, whose id may have another number of digits (the bodies are compared in full).
 */
function headerLines(answer: WireAnswer): string[] {
  return [...answer.headers.entries()]
    .filter(([name]) => !["date", "x-request-id", "content-length", "ratelimit-remaining", "ratelimit-reset"].includes(name))
    .map(([name, value]) => `${name}: ${value}`);
}

function expectSameAnswer(hidden: WireAnswer, absent: WireAnswer, hiddenId: string, label: string) {
  expect(hidden.status, label).toBe(absent.status);
  // the same rewrite on both sides: a number that happens to equal the hidden id elsewhere (an HTML page's "scale=1") stays equal
  expect(withId(hidden.text, hiddenId, MISSING), label).toBe(withId(absent.text, hiddenId, MISSING));
  expect(headerLines(hidden), label).toEqual(headerLines(absent));
  expect(hidden.headers.has("ratelimit-remaining"), label).toBe(absent.headers.has("ratelimit-remaining"));
  for (const answer of [hidden, absent]) expect(answer.headers.get("content-length") ?? String(Buffer.byteLength(answer.text)), label).toBe(String(Buffer.byteLength(answer.text)));
  expect(hidden.text, label).not.toContain(SECRET);
}

describe.each(dialects)("capsules that never reached the chain on %s", (dialect) => {
  let stack: Stack;
  let dns: TestDns;
  let stopDesk: () => Promise<void>;
  let api: Api;
  let handle: DatabaseHandle;
  let withdrawnId = "";
  let draftId = "";
  let reportersDraftId = "";
  const published: { original: string; withdrawnRevision: string; correction: string } = { original: "", withdrawnRevision: "", correction: "" };

  const evidence = (n: number) => ({ uri: `https://archive.example.org/${n}`, contentHash: sha(n), evidenceType: "archived_page" as const, mimeType: "text/html", isPrimary: false, label: `Item ${n}` });

  beforeAll(async () => {
    ({ stack, dns, api, handle, stop: stopDesk } = await startDeskStack(dialect, { env: { CAPSULE_RATE_WRITE_PER_MIN: "2000", CAPSULE_RATE_PUBLIC_GET_PER_MIN: "5000", CAPSULE_RATE_AUTH_FAILURES_PER_MIN: "1000" }, withDatabase: true }));
    const chain = chainAccess(stack, await deployedContracts(api));
    // the owner is the outlet's Editor
    await staffedDesk({
      api, chain, dns, ownerKey, slug: SLUG,
      bonds: [[journalistKey, "100"], [reporterKey, "50"]],
      roles: [[journalistKey, ROLE.JOURNALIST], [reporterKey, ROLE.REPORTER]],
    });
    const create = async (key: Hex, title: string) => {
      const created = await api.send(capsuleCreate, { body: { title, body: `${title} body text`, outletSlug: SLUG, evidence: [{ ...evidence(9), isPrimary: true, label: title }] } }, key);
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      return String(created.body.capsuleId);
    };
    withdrawnId = await create(journalistKey, SECRET);
    draftId = await create(journalistKey, `${SECRET} still a draft`);
    reportersDraftId = await create(reporterKey, "Reporter's own draft");
    const withdrawn = await api.send(capsuleReject, { params: { id: withdrawnId }, body: { reason: "Not ready" } }, journalistKey);
    expect(withdrawn.status, JSON.stringify(withdrawn.body)).toBe(200);
    expect(withdrawn.body.capsule).toMatchObject({ status: "rejected", submitTxHash: null });

    // a published article whose correction was withdrawn before submission, then corrected again (rows as the indexer leaves them)
    const outlet = await handle.db.selectFrom("outlets").select("id").where("slug", "=", SLUG).executeTakeFirstOrThrow();
    const now = Math.floor(Date.now() / 1000);
    const row = (slug: string, title: string, extra: Partial<NewCapsule> & Pick<NewCapsule, "status">): NewCapsule => ({
      outlet_id: outlet.id, outlet_slug: SLUG, article_slug: slug, title, language: "en", tags_json: "[]", body: `${title} text`, metadata_uri: "ipfs://bafkreiwithdrawn",
      content_hash: sha(1), submitter: journalist, capsule_type: "original" as const, policy_id: "default", created_at: now, updated_at: now, ...extra,
    });
    const original = await handle.db.insertInto("capsules").values(row("bridge-story", "Bridge story", { status: "superseded", finalized_at: now, submit_tx_hash: sha(11) })).returning("id").executeTakeFirstOrThrow();
    const revision = { root_capsule_id: original.id, parent_capsule_id: original.id, capsule_type: "correction" as const, revision_reason: "A correction" };
    const gone = await handle.db.insertInto("capsules").values(row("bridge-story-r1", `${SECRET} correction`, { ...revision, revision_number: 1, status: "rejected", closed_at: now, submit_tx_hash: null })).returning("id").executeTakeFirstOrThrow();
    const correction = await handle.db.insertInto("capsules").values(row("bridge-story-r2", "Bridge story, corrected", { ...revision, revision_number: 2, status: "finalized", finalized_at: now, submit_tx_hash: sha(12) })).returning("id").executeTakeFirstOrThrow();
    Object.assign(published, { original: String(original.id), withdrawnRevision: String(gone.id), correction: String(correction.id) });
  });

  afterAll(async () => {
    await stopDesk?.();
  });

  it("answers every read of a withdrawn draft by anyone who could not read the draft exactly like a missing id", async () => {
    for (const id of [withdrawnId, published.withdrawnRevision]) {
      for (const key of [undefined, outsiderKey, reporterKey] as Array<Hex | undefined>) {
        for (const read of READS) {
          const hidden = await api.send(read, { params: { id } }, key);
          const absent = await api.send(read, { params: { id: MISSING } }, key);
          expect(absent.status, read.id).toBe(404);
          expectSameAnswer(hidden, absent, id, `${read.id} ${id} by ${key ? addr(key) : "anyone"}`);
        }
        expectSameAnswer(await api.send(adsOfCapsule, { params: { capsuleId: id } }, key), await api.send(adsOfCapsule, { params: { capsuleId: MISSING } }, key), id, `ads ${id}`);
      }
      for (const page of ["/embed/", "/read/"]) {
        const hidden = await api.get(`${page}${id}`);
        const absent = await api.get(`${page}${MISSING}`);
        expect(hidden.status, page).toBe(404);
        expect(hidden.status, page).toBe(absent.status);
        expect(hidden.text, page).not.toContain(SECRET);
        if (page === "/embed/") expectSameAnswer(hidden as WireAnswer, absent as WireAnswer, id, page);
      }
      expect((await api.rawAt(capsuleRead, { id }, "HEAD")).status).toBe(404);
    }
  });

  it("leaves withdrawn drafts out of every list, activity, feed and revision history for others", async () => {
    for (const key of [undefined, outsiderKey, reporterKey] as Array<Hex | undefined>) {
      for (const query of [{ status: "rejected" }, { status: "rejected", outlet: SLUG }, {}, { outlet: SLUG }, { status: "draft" }, { limit: 100 }]) {
        const res = await api.send(capsuleList, { query }, key);
        const label = `${JSON.stringify(query)} by ${key ? addr(key) : "anyone"}`;
        expect(res.status, label).toBe(200);
        const ids = res.body.items.map((c: Json) => c.id);
        expect(ids, label).not.toContain(withdrawnId);
        expect(ids, label).not.toContain(published.withdrawnRevision);
        expect(res.text, label).not.toContain(SECRET);
      }
      const rejected = await api.send(capsuleList, { query: { status: "rejected" } }, key);
      expect(rejected.body.total).toBe(0);
      const activity = await api.send(walletActivity, { params: { address: journalist } }, key);
      expect(activity.status).toBe(200);
      expect(activity.body.items.filter((item: Json) => item.subjectId === withdrawnId)).toEqual([]);
      expect(activity.text).not.toContain(SECRET);
      const history = await api.send(capsuleHistory, { params: { id: published.correction } }, key);
      expect(history.body.chain.map((c: Json) => c.capsuleId)).toEqual([published.original, published.correction]);
      const read = await api.send(capsuleRead, { params: { id: published.correction } }, key);
      expect(read.body.revision.history).toEqual([published.original]);
    }
    const article = await api.get(`/read/${published.correction}`);
    expect(article.status).toBe(200);
    expect(article.text).not.toContain(SECRET);
    for (const feed of ["/feed.xml", `/outlets/${SLUG}/feed.xml`]) {
      const res = await api.get(feed);
      expect(res.status, feed).toBe(200);
      expect(res.text, feed).not.toContain(SECRET);
    }
  });

  it("still shows a withdrawn draft to its author and to the outlet's Editor through a signed read", async () => {
    for (const key of [journalistKey, ownerKey] as Hex[]) {
      const read = await api.send(capsuleRead, { params: { id: withdrawnId } }, key);
      expect(read.status, JSON.stringify(read.body)).toBe(200);
      expect(read.body.capsule).toMatchObject({ id: withdrawnId, title: SECRET, status: "rejected", submitTxHash: null });
      expect(read.headers.get("cache-control")).toBe("private, no-store");
      const rejected = await api.send(capsuleList, { query: { status: "rejected", outlet: SLUG } }, key);
      expect(rejected.body.items.map((c: Json) => c.id)).toEqual([published.withdrawnRevision, withdrawnId]);
      expect(rejected.body.total).toBe(2);
      expect(rejected.headers.get("cache-control")).toBe("private, no-store");
      const history = await api.send(capsuleHistory, { params: { id: published.correction } }, key);
      expect(history.body.chain.map((c: Json) => c.capsuleId)).toEqual([published.original, published.withdrawnRevision, published.correction]);
    }
    const own = await api.send(walletActivity, { params: { address: journalist } }, journalistKey);
    expect(own.body.items.find((item: Json) => item.kind === "capsule.withdrawn" && item.subjectId === withdrawnId)).toMatchObject({ details: { reason: "Not ready" } });
  });

  it("answers every write naming a capsule the signer may not read exactly like a missing id", async () => {
    const ballot = { support: true, deadline: "9999999999", signature: `0x${"11".repeat(65)}` };
    const listing = { licenceType: "non_exclusive", territory: "worldwide", price: "1000", currency: "CAP", terms: "Reuse with credit to the outlet." } as const;
    const file = { filename: "note.txt", mimeType: "text/plain", contentBase64: Buffer.from("a note on the story").toString("base64") };
    /** Each write naming `id`, as one signer sends it. */
    const writes = (id: string): Array<[string, (key: Hex) => Promise<WireAnswer>]> => [
      ["accept", (key) => api.send(capsuleAccept, { params: { id }, body: { capsuleId: id } }, key)],
      ["dispute", (key) => api.send(capsuleDispute, { params: { id }, body: { grounds: "The figures in this story contradict the port's records.", claim: "Wrong figures", openTxHash: `0x${"00".repeat(32)}` } }, key)],
      ["reject", (key) => api.send(capsuleReject, { params: { id }, body: { reason: "Withdraw" } }, key)],
      ["evidence", (key) => api.send(capsuleEvidenceAdd, { params: { id }, body: evidence(3) }, key)],
      ["supporting", (key) => api.send(capsuleSupportingAdd, { params: { id }, body: { supportingCapsuleId: reportersDraftId, relationshipType: "cites" } }, key)],
      ["submit", (key) => api.send(capsuleSubmit, { params: { id }, body: {} }, key)],
      ["vote", (key) => api.send(capsuleVote, { params: { id }, body: ballot }, key)],
      ["history", (key) => api.send(capsuleHistoryAdd, { params: { id }, body: { capsuleType: "correction", revisionReason: "A fix" } }, key)],
      ["update", (key) => api.send(capsuleUpdate, { body: { capsuleId: id, title: "Hijack" } }, key)],
      ["rights", (key) => api.send(rightsCreate, { body: { capsuleId: id, ...listing } }, key)],
      ["vault", (key) => api.send(vaultUpload, { body: { ...file, capsuleId: id } }, key)],
      // ids named in a body, by a signer who may write to the capsule in the path
      ["supporting target", (key) => api.send(capsuleSupportingAdd, { params: { id: reportersDraftId }, body: { supportingCapsuleId: id, relationshipType: "cites" } }, key)],
      ["update supportingCapsules", (key) => api.send(capsuleUpdate, { body: { capsuleId: reportersDraftId, supportingCapsules: [id] } }, key)],
      ["create supportingCapsules", (key) => api.send(capsuleCreate, { body: { title: "Another", body: "Another text", outletSlug: SLUG, supportingCapsules: [id] } }, key)],
    ];
    const missing = writes(MISSING);
    let compared = 0;
    for (const id of [draftId, withdrawnId, published.withdrawnRevision]) {
      for (const key of [outsiderKey, reporterKey] as Hex[]) {
        for (const [index, [name, send]] of writes(id).entries()) {
          if (key === outsiderKey && name.includes(" ")) continue; // the outsider may write to no capsule
          const hidden = await send(key);
          const absent = await missing[index]![1](key);
          // the vault refuses a wallet without any role before it reads a capsule id: 403 for both
          expect(name === "vault" && key === outsiderKey ? [403] : [400, 404], `${name} ${MISSING}`).toContain(absent.status);
          expectSameAnswer(hidden, absent, id, `${name} ${id} by ${addr(key)}`);
          compared += 1;
        }
      }
    }
    expect(compared).toBe(3 * (11 + 14));
    // nothing was written: the drafts are as their author left them
    const draft = await api.send(capsuleRead, { params: { id: draftId } }, journalistKey);
    expect(draft.body.capsule).toMatchObject({ status: "draft", title: `${SECRET} still a draft` });
    expect(draft.body.evidence).toHaveLength(1);
  });

  it("keeps answering the draft's own people as before", async () => {
    // the outlet's Editor may read the draft and withdraw it (features/revisions/open-revision.integration.test.ts)
    expect((await api.send(capsuleRead, { params: { id: draftId } }, ownerKey)).body.capsule).toMatchObject({ status: "draft" });
    const accept = await api.send(capsuleAccept, { params: { id: draftId }, body: { capsuleId: draftId } }, journalistKey);
    expect(accept.body).toMatchObject({ error: "INVALID_STATE", message: `Capsule ${draftId} is a draft; it has not been submitted` });
    const again = await api.send(capsuleReject, { params: { id: withdrawnId }, body: {} }, journalistKey);
    expect(again.body).toMatchObject({ error: "INVALID_STATE", message: `Capsule ${withdrawnId} is rejected; only a draft or a pending capsule can be rejected` });
  });
});
