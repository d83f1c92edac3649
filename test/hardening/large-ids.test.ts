import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "@/lib/db/connection";
import { capsuleClaimsSet } from "@/features/capsules/claims-set.endpoint";
import { capsuleCreate } from "@/features/capsules/create.endpoint";
import { capsuleEvidence } from "@/features/capsules/evidence.endpoint";
import { capsuleEvidenceAdd } from "@/features/capsules/evidence-add.endpoint";
import { capsuleList } from "@/features/capsules/list.endpoint";
import { capsuleRead } from "@/features/capsules/read.endpoint";
import { capsuleSupportingAdd } from "@/features/capsules/supporting-add.endpoint";
import { capsuleUpdate } from "@/features/capsules/update.endpoint";
import { courtCase } from "@/features/court/case.endpoint";
import { inboxMarkRead } from "@/features/inbox/mark-read.endpoint";
import { partnersDisableWebhook } from "@/features/partners/disable-webhook.endpoint";
import { rightsCreate } from "@/features/rights/create.endpoint";
import { rightsListings } from "@/features/rights/listings.endpoint";
import { roleOfferAccept } from "@/features/roles/offer-accept.endpoint";
import { vaultUpload } from "@/features/vault/upload.endpoint";
import { devKeys } from "@/test/support/anvil";
import type { WireAnswer } from "@/test/support/bridge-client";
import { dialectsUnderTest } from "@/test/support/stack";
import { sha, type Api } from "@/features/capsules/capsules.test-support";
import { openJournalistDesk, type JournalistDesk } from "./journalist-desk";

// An id past 2^53 − 1 was rounded to a neighbour (Number("9007199254740993") is 9007199254740992) and the
// request acted on that one; an id past 2^31 − 1 names no row of either database (PostgreSQL answered 500).
// Every id in a path, query or body is now 1..2^31 − 1 in plain decimal digits, else a 400 VALIDATION_ERROR
// naming the field, and nothing is written. Pages answer their 404 for such an id.

const dialects = await dialectsUnderTest();
const [, ownerKey, , journalistKey] = devKeys;
const SLUG = "large-ids-desk";
const BIG = "9007199254740993";
const TOO_LARGE = [BIG, "2147483648"];
const idWords = (what: string) => `a positive decimal ${what}, at most 2147483647`;

function expectRefused(res: WireAnswer, part: "input" | "query" | "body", field: string, message: string, label: string) {
  expect(res.status, `${label}: ${res.text}`).toBe(400);
  expect(res.body, label).toMatchObject({ ok: false, error: "VALIDATION_ERROR", statusCode: 400, message: `Invalid ${part}: ${field}` });
  expect(res.body.issues, label).toEqual([{ path: field, message }]);
}

describe.each(dialects)("ids past the range on %s", (dialect) => {
  let desk: JournalistDesk | undefined;
  let api: Api;
  let handle: DatabaseHandle;
  let draftId = "";
  const evidence = { uri: "https://archive.example.org/large", contentHash: sha(7), evidenceType: "archived_page" as const, mimeType: "text/html", isPrimary: false, label: "Archive" };
  const draft = { title: "Large id story", body: "Large id story text" };

  /** What the refused requests could have written: the rows of the tables they touch. */
  async function written() {
    const counts: Record<string, number> = {};
    for (const table of ["capsules", "capsule_evidence", "capsule_supporting", "capsule_claims", "rights_listings", "role_offers", "partner_webhooks", "vault_objects"] as const) {
      const row = await handle.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
      counts[table] = Number(row.n);
    }
    const inboxReads = await handle.db.selectFrom("inbox_reads").selectAll().orderBy("wallet").execute();
    return { counts, inboxReads };
  }

  beforeAll(async () => {
    desk = await openJournalistDesk({ dialect, slug: SLUG, ownerKey, journalistKey, draft });
    ({ api, handle, draftId } = desk);
  });

  afterAll(async () => {
    await desk?.close();
  });

  it("refuses a path id past the range with a 400 naming the parameter, and writes nothing", async () => {
    const before = await written();
    for (const id of TOO_LARGE) {
      expectRefused(await api.send(capsuleRead, { params: { id } }), "input", "id", idWords("capsule id"), `read ${id}`);
      expectRefused(await api.send(capsuleEvidence, { params: { id } }), "input", "id", idWords("capsule id"), `evidence ${id}`);
      expectRefused(await api.send(capsuleEvidenceAdd, { params: { id }, body: evidence }, journalistKey), "input", "id", idWords("capsule id"), `add evidence ${id}`);
      expectRefused(await api.send(capsuleSupportingAdd, { params: { id }, body: { supportingCapsuleId: draftId, relationshipType: "supports" } }, journalistKey), "input", "id", idWords("capsule id"), `add supporting ${id}`);
      expectRefused(await api.send(courtCase, { params: { id } }), "input", "id", idWords("case id"), `court case ${id}`);
      expectRefused(await api.send(partnersDisableWebhook, { params: { id }, body: {} }, journalistKey), "input", "id", idWords("webhook id"), `disable webhook ${id}`);
    }
    expect(await written()).toEqual(before);
  });

  it("refuses a query id or page past the range, and numbers that are not plain decimal digits", async () => {
    for (const id of TOO_LARGE) expectRefused(await api.send(rightsListings, { query: { capsuleId: id } }), "query", "capsuleId", idWords("capsule id"), `listings of ${id}`);
    const page = "must be a whole number from 1 to 9007199254740991 in plain decimal digits";
    for (const value of [BIG, "1e3", "+2", "0x10", "02"]) expectRefused(await api.send(capsuleList, { query: { page: value } }), "query", "page", page, `page ${value}`);
    const limit = "must be a whole number from 1 to 100 in plain decimal digits";
    for (const value of ["1e1", "+5", "0x10", "010"]) expectRefused(await api.send(capsuleList, { query: { limit: value } }), "query", "limit", limit, `limit ${value}`);
    const listed = await api.send(capsuleList, { query: { page: "1", limit: "5" } });
    expect(listed.status, listed.text).toBe(200);
  });

  it("refuses a body id past the range, as text or as a JSON number, and writes nothing", async () => {
    const before = await written();
    for (const id of TOO_LARGE) {
      expectRefused(await api.send(capsuleUpdate, { body: { capsuleId: id, title: "Renamed" } }, journalistKey), "body", "capsuleId", idWords("capsule id"), `update ${id}`);
      expectRefused(await api.send(capsuleCreate, { body: { ...draft, outletSlug: SLUG, supportingCapsules: [id] } }, journalistKey), "body", "supportingCapsules.0", idWords("capsule id"), `create supporting "${id}"`);
      // the number as the client wrote it: JSON.parse rounds it before any schema sees it
      const asNumber = await api.postRaw(capsuleCreate, undefined, journalistKey, `{"title":"${draft.title}","body":"${draft.body}","outletSlug":"${SLUG}","supportingCapsules":[${id}]}`);
      expectRefused(asNumber as WireAnswer, "body", "supportingCapsules.0", idWords("capsule id"), `create supporting ${id}`);
      expectRefused(await api.send(capsuleSupportingAdd, { params: { id: draftId }, body: { supportingCapsuleId: id, relationshipType: "supports" } }, journalistKey), "body", "supportingCapsuleId", idWords("capsule id"), `supporting id ${id}`);
      const claims = { claims: [{ exact: "Large id story", prefix: "", suffix: "", claimType: "statistic" as const, evidenceIds: [id] }] };
      expectRefused(await api.send(capsuleClaimsSet, { params: { id: draftId }, body: claims }, journalistKey), "body", "claims.0.evidenceIds.0", idWords("evidence id"), `claim evidence ${id}`);
      const listing = { capsuleId: id, licenceType: "editorial_use" as const, territory: "worldwide", price: "0", currency: "CAP" as const, terms: "Editorial use for ten days." };
      expectRefused(await api.send(rightsCreate, { body: listing }, journalistKey), "body", "capsuleId", idWords("capsule id"), `listing ${id}`);
      expectRefused(await api.send(roleOfferAccept, { body: { offerId: id } }, journalistKey), "body", "offerId", idWords("offer id"), `offer ${id}`);
      expectRefused(await api.send(inboxMarkRead, { body: { upToId: id } }, journalistKey), "body", "upToId", idWords("inbox entry id"), `inbox ${id}`);
      const upload = { filename: "note.txt", mimeType: "text/plain", contentBase64: "bGFyZ2UgaWQK", capsuleId: id };
      expectRefused(await api.send(vaultUpload, { body: upload }, journalistKey), "body", "capsuleId", idWords("capsule id"), `upload ${id}`);
    }
    expect(await written()).toEqual(before);
  });

  it("answers the 404 page for a page about an id past the range", async () => {
    for (const id of TOO_LARGE) {
      for (const page of [`/read/${id}`, `/read/${id}/history`, `/embed/${id}`, `/capsules/${id}`, `/court/${id}`]) {
        expect((await api.get(page)).status, page).toBe(404);
      }
    }
    expect((await api.get(`/capsules/${draftId}`)).status).toBe(200);
  });
});
