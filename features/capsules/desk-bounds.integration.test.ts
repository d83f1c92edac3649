import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Hex } from "viem";
import { ROLE } from "@/lib/roles/role-catalog";
import { openDatabase, type DatabaseHandle } from "@/lib/db/connection";
import type { NewCapsule } from "@/lib/db/tables/capsules.table";
import { capsuleCreate } from "@/features/capsules/create.endpoint";
import { capsuleReject } from "@/features/capsules/reject.endpoint";
import { MAX_DRAFTS_PER_AUTHOR } from "@/features/capsules/drafts";
import { roleGrant } from "@/features/roles/grant.endpoint";
import { roleOfferWithdraw } from "@/features/roles/offer-withdraw.endpoint";
import { MAX_OPEN_ROLE_OFFERS } from "@/features/roles/role-offers";
import { rightsCreate } from "@/features/rights/create.endpoint";
import { MAX_LISTINGS_ON_OFFER } from "@/features/rights/rights";
import { addr, chainAccess, deployedContracts, sha, staffedDesk, type Api, type Res } from "@/features/capsules/capsules.test-support";
import { startTestDns } from "@/features/outlets/dns-server.test-support";
import { devKeys } from "@/test/support/anvil";
import { bridgeClient } from "@/test/support/bridge-client";
import { dialectsUnderTest, startStack, type Stack } from "@/test/support/stack";

// The bounds on what one editor or one author can pile up at an outlet, over HTTP against the real stack: at most 100
// open role offers per outlet, 200 drafts per author per outlet and 100 rights listings on offer per capsule, however
// many requests arrive at once (the count and the insert are one step under a lock, docs/DECISIONS.md), and one
// exclusive listing of many sent at once. The rows short of a bound are written straight into the stack's database;
// the last few places are then raced for over HTTP.

const dialects = await dialectsUnderTest();
const [, ownerKey, journalistKey, ...others] = devKeys;
const grantees = others.slice(0, 4) as Hex[];
const SLUG = "bounded-desk";

const statuses = (answers: Res[]) => answers.map((a) => a.status).sort();
const randomWallet = (n: number) => `0x${(0xb0d0 + n).toString(16).padStart(40, "0")}`;

describe.each(dialects)("the bounds on open role offers, drafts and rights listings on %s", (dialect) => {
  let stack: Stack;
  let dns: Awaited<ReturnType<typeof startTestDns>>;
  let api: Api;
  let handle: DatabaseHandle;
  let outletId = 0;

  beforeAll(async () => {
    dns = await startTestDns();
    stack = await startStack({
      database: dialect,
      env: { CAPSULE_DNS_SERVERS: dns.server, CAPSULE_DNS_TIMEOUT_MS: "3000", CAPSULE_RATE_WRITE_PER_MIN: "1000", CAPSULE_RATE_PUBLIC_GET_PER_MIN: "5000" },
    });
    api = bridgeClient(stack.baseUrl);
    handle = openDatabase({ databaseUrl: stack.databaseUrl, sqliteFile: path.join(stack.dataDir, "capsule.sqlite") });
    const chain = chainAccess(stack, await deployedContracts(api));
    await staffedDesk({
      api, chain, dns, ownerKey, slug: SLUG,
      bonds: [[ownerKey, "750"], [journalistKey, "100"], ...grantees.map((key) => [key, "300"] as const)],
      roles: [[journalistKey, ROLE.JOURNALIST]],
    });
    outletId = (await handle.db.selectFrom("outlets").select("id").where("slug", "=", SLUG).executeTakeFirstOrThrow()).id;
  }, 300_000);

  afterAll(async () => {
    await handle?.close();
    await stack?.stop();
    await dns?.close();
  });

  it("makes no role offer past the 100 an outlet may have open, however many are sent at once", async () => {
    const now = Math.floor(Date.now() / 1000);
    const open = await handle.db.selectFrom("role_offers").select("id").where("outlet_id", "=", outletId).where("status", "=", "pending").execute();
    const seeded = MAX_OPEN_ROLE_OFFERS - 4 - open.length;
    await handle.db
      .insertInto("role_offers")
      .values(Array.from({ length: seeded }, (_, i) => ({
        outlet_id: outletId, outlet_slug: SLUG, wallet: randomWallet(i), role_id: ROLE.REPORTER, offered_by: addr(ownerKey),
        offered_at: now, expires_at: now + 7 * 86_400, status: "pending" as const, closed_at: null, closed_by: null,
      })))
      .execute();
    // an expired offer is not open: it holds no place
    await handle.db.insertInto("role_offers").values({
      outlet_id: outletId, outlet_slug: SLUG, wallet: randomWallet(9999), role_id: ROLE.REPORTER, offered_by: addr(ownerKey),
      offered_at: now - 20 * 86_400, expires_at: now - 6 * 86_400, status: "pending", closed_at: null, closed_by: null,
    }).execute();

    const offers = grantees.flatMap((key) => [ROLE.JOURNALIST, ROLE.REPORTER, ROLE.EDITOR].map((roleId) => ({ outletSlug: SLUG, wallet: addr(key), roleId })));
    const answers = await Promise.all(offers.map((body) => api.send(roleGrant, { body }, ownerKey)));
    expect(statuses(answers), JSON.stringify(answers.map((a) => a.body))).toEqual([...Array(4).fill(201), ...Array(8).fill(409)]);
    const full = { ok: false, error: "CONFLICT", statusCode: 409, message: `Outlet "${SLUG}" already has 100 open role offers, the most it may have at once; withdraw one or wait for an answer first` };
    for (const refused of answers.filter((a) => a.status === 409)) expect(refused.body).toEqual(full);
    const count = async () => (await handle.db.selectFrom("role_offers").select("id").where("outlet_id", "=", outletId).where("status", "=", "pending").where("expires_at", ">", now).execute()).length;
    expect(await count()).toBe(MAX_OPEN_ROLE_OFFERS);

    // a withdrawn offer makes room for one more
    const made = answers.find((a) => a.status === 201)!.body as { offer: { offerId: string } };
    const withdrawn = await api.send(roleOfferWithdraw, { body: { offerId: made.offer.offerId } }, ownerKey);
    expect(withdrawn.status, JSON.stringify(withdrawn.body)).toBe(200);
    const refusedOffer = offers[answers.findIndex((a) => a.status === 409)]!;
    const again = await api.send(roleGrant, { body: refusedOffer }, ownerKey);
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    expect(await count()).toBe(MAX_OPEN_ROLE_OFFERS);
  });

  it("creates no draft past the 200 one author keeps at an outlet, however many are sent at once", async () => {
    const journalist = addr(journalistKey);
    const now = Math.floor(Date.now() / 1000);
    const draft = (i: number, status: NewCapsule["status"]): NewCapsule => ({
      outlet_id: outletId, outlet_slug: SLUG, article_slug: `seeded-${status}-${i}`, title: `Seeded ${i}`, language: "en", tags_json: "[]", body: `Seeded ${i} text`,
      metadata_uri: "ipfs://bafkreiseeded", content_hash: sha(7000 + i), submitter: journalist, capsule_type: "original", policy_id: "default",
      status, created_at: now, updated_at: now, ...(status === "rejected" ? { closed_at: now } : {}),
    });
    await handle.db.insertInto("capsules").values(Array.from({ length: MAX_DRAFTS_PER_AUTHOR - 4 }, (_, i) => draft(i, "draft"))).execute();
    // withdrawn drafts are not kept against the bound
    await handle.db.insertInto("capsules").values(Array.from({ length: 5 }, (_, i) => draft(i, "rejected"))).execute();

    const create = (title: string) => api.send(capsuleCreate, { body: { title, body: "The council met on Tuesday.", outletSlug: SLUG } }, journalistKey);
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => create(`At once ${i}`)));
    expect(statuses(answers), JSON.stringify(answers.map((a) => a.body))).toEqual([...Array(4).fill(201), ...Array(8).fill(409)]);
    const full = { ok: false, error: "CONFLICT", statusCode: 409, message: `You already have 200 drafts at "${SLUG}", the most one author keeps there; submit or withdraw one first` };
    for (const refused of answers.filter((a) => a.status === 409)) expect(refused.body).toEqual(full);

    // withdrawing one makes room for one more
    const made = answers.find((a) => a.status === 201)!.body as { capsuleId: string };
    const withdrawn = await api.send(capsuleReject, { params: { id: made.capsuleId }, body: { reason: "Not needed" } }, journalistKey);
    expect(withdrawn.status, JSON.stringify(withdrawn.body)).toBe(200);
    expect((await create("After a withdrawal")).status).toBe(201);
    expect((await create("One too many")).body).toEqual(full);
  });

  describe("rights listings of one finalized capsule", () => {
    let capsuleId = "";
    const terms = "Syndication with credit, print and online.";
    const list = (body: Record<string, unknown>) => api.send(rightsCreate, { body: { capsuleId, price: "1000", currency: "CAP", terms, ...body } as never }, journalistKey);

    beforeAll(async () => {
      const now = Math.floor(Date.now() / 1000);
      const row = await handle.db.insertInto("capsules").values({
        outlet_id: outletId, outlet_slug: SLUG, article_slug: "listed-story", title: "Listed story", language: "en", tags_json: "[]", body: "Listed story text",
        metadata_uri: "ipfs://bafkreilisted", content_hash: sha(8001), submitter: addr(journalistKey), capsule_type: "original", policy_id: "default",
        status: "finalized", finalized_at: now, submit_tx_hash: sha(8002), created_at: now, updated_at: now,
      }).returning("id").executeTakeFirstOrThrow();
      capsuleId = String(row.id);
    });

    it("makes one of several exclusive listings of one territory sent at once; the others get the 409", async () => {
      const answers = await Promise.all(Array.from({ length: 6 }, () => list({ licenceType: "exclusive", territory: "DE" })));
      expect(statuses(answers), JSON.stringify(answers.map((a) => a.body))).toEqual([201, 409, 409, 409, 409, 409]);
      const made = (answers.find((a) => a.status === 201)!.body as { listing: { listingId?: string; id?: string } }).listing;
      for (const refused of answers.filter((a) => a.status === 409)) {
        expect(refused.body).toMatchObject({ error: "CONFLICT", message: expect.stringContaining(`Capsule ${capsuleId} has an exclusive listing in DE`) });
      }
      expect(made).toBeDefined();
    });

    it("makes no listing past the 100 a capsule may have on offer, however many are sent at once", async () => {
      const now = Math.floor(Date.now() / 1000);
      const listing = (i: number, expiresAt: number | null) => ({
        capsule_id: Number(capsuleId), outlet_id: outletId, outlet_slug: SLUG, created_by: addr(journalistKey), licence_type: "non_exclusive" as const,
        territory: "FR", price: "1000", currency: "CAP" as const, terms: `${terms} ${i}`, expires_at: expiresAt, created_at: now, payee: addr(journalistKey), created_block: 1,
      });
      const onOffer = (await handle.db.selectFrom("rights_listings").select("id").where("capsule_id", "=", Number(capsuleId)).execute()).length;
      await handle.db.insertInto("rights_listings").values(Array.from({ length: MAX_LISTINGS_ON_OFFER - 4 - onOffer }, (_, i) => listing(i, null))).execute();
      // expired listings nobody licensed are no longer on offer: they hold no place
      await handle.db.insertInto("rights_listings").values(Array.from({ length: 5 }, (_, i) => listing(1000 + i, now - 60))).execute();

      const answers = await Promise.all(["GB", "IT", "ES", "PT", "NL", "BE", "AT", "CH", "PL", "SE", "NO", "DK"].map((territory) => list({ licenceType: "non_exclusive", territory })));
      expect(statuses(answers), JSON.stringify(answers.map((a) => a.body))).toEqual([...Array(4).fill(201), ...Array(8).fill(409)]);
      const full = { ok: false, error: "CONFLICT", statusCode: 409, message: `Capsule ${capsuleId} already has 100 listings on offer, the most a capsule may have at once; let one expire first` };
      for (const refused of answers.filter((a) => a.status === 409)) expect(refused.body).toEqual(full);
    });
  });
});
