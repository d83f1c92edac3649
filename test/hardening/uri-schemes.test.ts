import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "@/lib/db/connection";
import { capsuleCreate } from "@/features/capsules/create.endpoint";
import { capsuleEvidenceAdd } from "@/features/capsules/evidence-add.endpoint";
import { capsuleHistoryAdd } from "@/features/revisions/history-add.endpoint";
import { capsuleRead } from "@/features/capsules/read.endpoint";
import { capsuleUpdate } from "@/features/capsules/update.endpoint";
import { courtReply } from "@/features/court/reply.endpoint";
import { outletCreate } from "@/features/outlets/create.endpoint";
import { vaultUpload } from "@/features/vault/upload.endpoint";
import { vaultObject } from "@/features/vault/object.endpoint";
import { pathOf } from "@/lib/api/request";
import { devKeys } from "@/test/support/anvil";
import type { WireAnswer } from "@/test/support/bridge-client";
import { dialectsUnderTest } from "@/test/support/stack";
import { addr, sha, type Api } from "@/features/capsules/capsules.test-support";
import { openJournalistDesk, type JournalistDesk } from "./journalist-desk";

// Issue 25 item 5: an address the service stores (and may serve back as a link) has the scheme
// https:, http:, ipfs: or ar:, or is this service's own vault address; anything else is a 400
// VALIDATION_ERROR naming the field, and rows stored before the check are never served as links.

const dialects = await dialectsUnderTest();
const [, ownerKey, , journalistKey] = devKeys;
const journalist = addr(journalistKey);
const SLUG = "scheme-desk";
const UNSAFE = ["javascript:alert(document.domain)", " JavaScript:alert(1)", "java\tscript:alert(1)", "data:text/html,<script>alert(1)</script>", "vbscript:msgbox(1)", "file:///etc/passwd"];

function expectRefused(res: WireAnswer, field: string, label: string, message = /^a URI starting with https:\/\/, http:\/\/, ipfs:\/\/, ar:\/\/ or a vault address/) {
  expect(res.status, `${label}: ${res.text}`).toBe(400);
  expect(res.body, label).toMatchObject({ ok: false, error: "VALIDATION_ERROR", statusCode: 400, message: `Invalid body: ${field}` });
  expect(res.body.issues, label).toEqual([{ path: field, message: expect.stringMatching(message) }]);
}

describe.each(dialects)("stored URI schemes on %s", (dialect) => {
  let desk: JournalistDesk | undefined;
  let api: Api;
  let handle: DatabaseHandle;
  let draftId = "";
  const evidence = { uri: "https://archive.example.org/a", contentHash: sha(1), evidenceType: "archived_page" as const, mimeType: "text/html", isPrimary: false, label: "Archive" };
  const base = { title: "Scheme story", body: "Scheme story text", outletSlug: SLUG };

  beforeAll(async () => {
    desk = await openJournalistDesk({ dialect, slug: SLUG, ownerKey, journalistKey, draft: base });
    ({ api, handle, draftId } = desk);
  });

  afterAll(async () => {
    await desk?.close();
  });

  it("refuses every other scheme wherever a URI is stored, naming the field", async () => {
    for (const uri of UNSAFE) {
      const outlet = { slug: "bad-scheme-outlet", name: "Bad scheme", domain: "bad-scheme.example.org", metadataURI: uri };
      expectRefused(await api.send(outletCreate, { body: outlet }, ownerKey), "metadataURI", `outlet ${uri}`);
      expectRefused(await api.send(capsuleEvidenceAdd, { params: { id: draftId }, body: { ...evidence, uri } }, journalistKey), "uri", `evidence ${uri}`);
      expectRefused(await api.send(capsuleCreate, { body: { ...base, evidence: [{ ...evidence, uri }] } }, journalistKey), "evidence.0.uri", `create evidence ${uri}`);
      expectRefused(await api.send(capsuleUpdate, { body: { capsuleId: draftId, evidence: [{ ...evidence, uri }] } }, journalistKey), "evidence.0.uri", `update evidence ${uri}`);
      const contributor = { wallet: journalist, displayName: "Jo", role: 1, contributionType: "author" as const, shareBps: 10000, attributionURI: uri };
      expectRefused(await api.send(capsuleCreate, { body: { ...base, contributors: [contributor] } }, journalistKey), "contributors.0.attributionURI", `attribution ${uri}`, /^an http or https URL$/);
      expectRefused(await api.send(capsuleUpdate, { body: { capsuleId: draftId, sourceUrl: uri } }, journalistKey), "sourceUrl", `source ${uri}`, /^an http or https URL$/);
      expectRefused(await api.send(capsuleHistoryAdd, { params: { id: draftId }, body: { capsuleType: "correction", revisionReason: "A fix", changeSummaryURI: uri } }, journalistKey), "changeSummaryURI", `change summary ${uri}`);
      const reply = { reply: "The story stands; the records are attached here.", evidence: [{ uri, label: "Records" }] };
      expectRefused(await api.send(courtReply, { params: { id: "1" }, body: reply }, journalistKey), "evidence.0.uri", `reply ${uri}`);
    }
    const read = await api.send(capsuleRead, { params: { id: draftId } }, journalistKey);
    expect(read.body.evidence).toEqual([]);
    expect(read.body.content.sourceUrl).toBeNull();
  });

  it("takes https, http, ipfs, ar and this service's vault addresses", async () => {
    const stored = await api.send(vaultUpload, { body: { filename: "records.txt", mimeType: "text/plain", contentBase64: Buffer.from("port records").toString("base64") } }, journalistKey);
    expect(stored.status, JSON.stringify(stored.body)).toBe(201);
    const vaultUri = String(stored.body.object.uri);
    expect(vaultUri).toBe(`${pathOf(vaultObject, { objectId: String(stored.body.object.objectId) })}?download=1`);
    const uris = ["https://archive.example.org/b", "http://archive.example.org/c", "ipfs://bafkreihdwdcefgh4dqkjv67uzcmw7ojee6xedzdetojuzjevtenxquvyku", "ar://bNbA3TEQVL60xlgCcqdz4ZPHFZ711cZ3hmkpGttDt_U", vaultUri];
    for (const [n, uri] of uris.entries()) {
      // an item at a vault address carries that file's own SHA-256 (its object id)
      const contentHash = uri === vaultUri ? `0x${String(stored.body.object.objectId)}` : sha(10 + n);
      const res = await api.send(capsuleEvidenceAdd, { params: { id: draftId }, body: { ...evidence, uri, contentHash } }, journalistKey);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body.evidence.uri).toBe(uri);
    }
    const outlet = await api.send(outletCreate, { body: { slug: "arweave-outlet", name: "Arweave", domain: "arweave-outlet.example.org", metadataURI: "ar://bNbA3TEQVL60xlgCcqdz4ZPHFZ711cZ3hmkpGttDt_U" } }, ownerKey);
    expect(outlet.status, JSON.stringify(outlet.body)).toBe(201);
  });

  it("never serves a stored address with another scheme as a link on the reader page", async () => {
    const outlet = await handle.db.selectFrom("outlets").select("id").where("slug", "=", SLUG).executeTakeFirstOrThrow();
    const now = Math.floor(Date.now() / 1000);
    // rows written before the check existed, as they sit in the database
    const row = await handle.db
      .insertInto("capsules")
      .values({
        outlet_id: outlet.id, outlet_slug: SLUG, article_slug: "old-story", title: "Old story", language: "en", tags_json: "[]", body: "Old story text", metadata_uri: "ipfs://bafkreiold",
        content_hash: sha(2), submitter: journalist, status: "finalized", capsule_type: "original", policy_id: "default", finalized_at: now, submit_tx_hash: sha(3), source_url: "javascript:alert(3)", created_at: now, updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await handle.db.insertInto("capsule_evidence").values({ capsule_id: row.id, uri: "javascript:alert(1)", content_hash: sha(4), evidence_type: "document", mime_type: "text/html", is_primary: 1, label: "Old evidence", submitted_by: journalist, active: 1, created_at: now }).execute();
    await handle.db.insertInto("capsule_contributors").values({ capsule_id: row.id, wallet: journalist, display_name: "Jo Journalist", role: 1, contribution_type: "author", share_bps: 10000, attribution_uri: "javascript:alert(2)", active: 1, created_at: now }).execute();
    const page = await api.get(`/read/${row.id}`);
    expect(page.status).toBe(200);
    const html = page.text;
    expect(html).toContain("Old evidence");
    expect(html).toContain("Jo Journalist");
    expect(html).toMatch(/data-testid="unlinked-uri"[^>]*>javascript:alert\(1\)</);
    expect(html).not.toMatch(/href="\s*javascript:/i);
    expect(html).not.toMatch(/href="[^"]*alert\(/i);
  });
});
