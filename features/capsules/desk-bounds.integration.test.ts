import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Hex } from "viem";
import { ROLE } from "@/lib/roles/role-catalog";
import type { DatabaseHandle } from "@/lib/db/connection";
import type { NewCapsule } from "@/lib/db/tables/capsules.table";
import { capsuleCreate } from "@/features/capsules/create.endpoint";
import { capsuleReject } from "@/features/capsules/reject.endpoint";
import { MAX_DRAFTS_PER_AUTHOR } from "@/features/capsules/drafts";
import { roleGrant } from "@/features/roles/grant.endpoint";
import { roleOfferWithdraw } from "@/features/roles/offer-withdraw.endpoint";
import { MAX_OPEN_ROLE_OFFERS, MAX_OPEN_ROLE_OFFERS_TO_WALLET } from "@/features/roles/role-offers";
import { rightsCreate } from "@/features/rights/create.endpoint";
import { rightsLicense } from "@/features/rights/license.endpoint";
import { rightsWithdraw } from "@/features/rights/withdraw.endpoint";
import { capsuleRights } from "@/features/rights/capsule-rights.endpoint";
import { MAX_LISTINGS_ON_OFFER } from "@/features/rights/rights";
import { outletCreate } from "@/features/outlets/create.endpoint";
import { MAX_UNVERIFIED_OUTLETS } from "@/lib/outlets/unverified-bound";
import { LOCK_SPACE } from "@/lib/db/server-functions";
import { sql } from "kysely";
import { addr, chainAccess, deployedContracts, sha, staffedDesk, type Api, type Res } from "@/features/capsules/capsules.test-support";
import { devKeys } from "@/test/support/anvil";
import { startDeskStack, type TestDns } from "@/test/support/desk-stack";
import { dialectsUnderTest, type Stack } from "@/test/support/stack";

// The bounds on what one editor or one author can pile up at an outlet, over HTTP against the real stack: at most 100
// open role offers per outlet and 50 to one wallet from all outlets, 200 drafts per author per outlet, 100 rights
// listings on offer per capsule and 3 never-verified outlets per wallet, however many requests arrive at once (the
// count and the insert are one step under a lock, docs/DECISIONS.md), and one exclusive listing of many sent at once.
// The rows short of a bound are written straight into the stack's database; the last few places are then raced for
// over HTTP. Then a listing's withdrawal, and a licence's grant ordered with listing changes by the capsule's lock.

const dialects = await dialectsUnderTest();
const [, ownerKey, journalistKey, ...others] = devKeys;
const grantees = others.slice(0, 4) as Hex[];
const founderKey = others[4] as Hex;
const SLUG = "bounded-desk";

const statuses = (answers: Res[]) => answers.map((a) => a.status).sort();
const randomWallet = (n: number) => `0x${(0xb0d0 + n).toString(16).padStart(40, "0")}`;

describe.each(dialects)("the bounds on open role offers, drafts and rights listings on %s", (dialect) => {
  let stack: Stack;
  let dns: TestDns;
  let stopDesk: () => Promise<void>;
  let api: Api;
  let handle: DatabaseHandle;
  let outletId = 0;

  beforeAll(async () => {
    ({ stack, dns, api, handle, stop: stopDesk } = await startDeskStack(dialect, { env: { CAPSULE_RATE_PUBLIC_GET_PER_MIN: "5000" }, withDatabase: true }));
    const chain = chainAccess(stack, await deployedContracts(api));
    await staffedDesk({
      api, chain, dns, ownerKey, slug: SLUG,
      bonds: [[ownerKey, "750"], [journalistKey, "100"], ...grantees.map((key) => [key, "300"] as const)],
      roles: [[journalistKey, ROLE.JOURNALIST]],
    });
    outletId = (await handle.db.selectFrom("outlets").select("id").where("slug", "=", SLUG).executeTakeFirstOrThrow()).id;
  }, 300_000);

  afterAll(async () => {
    await stopDesk?.();
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

  it("makes no role offer past the 50 one wallet may have open from all outlets, however many outlets send at once", async () => {
    const now = Math.floor(Date.now() / 1000);
    const grantee = addr(grantees[3]!);
    const outletRow = (slug: string) => ({
      slug, name: `Desk ${slug}`, domain: `${slug}.example.org`, owner_wallet: addr(ownerKey), status: "active" as const, policy_id: "default",
      verification_token: "00".repeat(32), verified_at: now, first_verified_at: now, created_at: now, updated_at: now,
    });
    // outlets whose open offers to the wallet are written here, and four that offer over HTTP at once
    const seededOutlets = await handle.db.insertInto("outlets").values(Array.from({ length: MAX_OPEN_ROLE_OFFERS_TO_WALLET }, (_, i) => outletRow(`offering-desk-${i}`))).returning(["id", "slug"]).execute();
    const racing = ["racing-desk-a", "racing-desk-b", "racing-desk-c", "racing-desk-d"];
    await handle.db.insertInto("outlets").values(racing.map(outletRow)).execute();
    const openTo = async () => (await handle.db.selectFrom("role_offers").select("id").where("wallet", "=", grantee).where("status", "=", "pending").where("expires_at", ">", now).execute()).length;
    const seeded = MAX_OPEN_ROLE_OFFERS_TO_WALLET - 2 - (await openTo());
    await handle.db
      .insertInto("role_offers")
      .values(seededOutlets.slice(0, seeded).map((o) => ({
        outlet_id: o.id, outlet_slug: o.slug, wallet: grantee, role_id: ROLE.REPORTER, offered_by: addr(ownerKey),
        offered_at: now, expires_at: now + 7 * 86_400, status: "pending" as const, closed_at: null, closed_by: null,
      })))
      .execute();

    const answers = await Promise.all(racing.map((outletSlug) => api.send(roleGrant, { body: { outletSlug, wallet: grantee, roleId: ROLE.JOURNALIST } }, ownerKey)));
    expect(statuses(answers), JSON.stringify(answers.map((a) => a.body))).toEqual([201, 201, 409, 409]);
    const full = {
      ok: false, error: "CONFLICT", statusCode: 409,
      message: `${grantee} already has 50 open role offers, the most one wallet may have at once; it has to answer one, or one has to expire, first`,
    };
    for (const refused of answers.filter((a) => a.status === 409)) expect(refused.body).toEqual(full);
    expect(await openTo()).toBe(MAX_OPEN_ROLE_OFFERS_TO_WALLET);
  });

  it("registers no outlet past the 3 never-verified ones a wallet may have, however many are sent at once", async () => {
    const founder = addr(founderKey);
    const now = Math.floor(Date.now() / 1000);
    // one never verified, written here; one verified once (pending again since) does not count
    await handle.db.insertInto("outlets").values([
      { slug: "squatted-name", name: "Squatted", domain: "squatted-name.example.org", owner_wallet: founder, status: "pending", policy_id: "default", verification_token: "00".repeat(32), created_at: now, updated_at: now },
      { slug: "lapsed-name", name: "Lapsed", domain: "lapsed-name.example.org", owner_wallet: founder, status: "pending", policy_id: "default", verification_token: "00".repeat(32), first_verified_at: now - 86_400, created_at: now - 2 * 86_400, updated_at: now },
    ]).execute();
    const create = (slug: string) => api.send(outletCreate, { body: { slug, name: `Founded ${slug}`, domain: `${slug}.example.org` } }, founderKey);
    const answers = await Promise.all(["founded-a", "founded-b", "founded-c", "founded-d"].map(create));
    expect(statuses(answers), JSON.stringify(answers.map((a) => a.body))).toEqual([201, 201, 409, 409]);
    const full = {
      ok: false, error: "CONFLICT", statusCode: 409,
      message: `${founder} already has ${MAX_UNVERIFIED_OUTLETS} outlets whose domain is not verified yet, the most one wallet may have at once; verify one first`,
    };
    for (const refused of answers.filter((a) => a.status === 409)) expect(refused.body).toEqual(full);
    const neverVerified = async () => (await handle.db.selectFrom("outlets").select("id").where("owner_wallet", "=", founder).where("first_verified_at", "is", null).execute()).length;
    expect(await neverVerified()).toBe(MAX_UNVERIFIED_OUTLETS);

    // a verified one makes room for one more
    await handle.db.updateTable("outlets").set({ status: "active", verified_at: now, first_verified_at: now }).where("slug", "=", "squatted-name").execute();
    expect((await create("founded-e")).status).toBe(201);
    expect((await create("founded-f")).body).toEqual(full);
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

    let exclusiveDe = "";

    it("makes one of several exclusive listings of one territory sent at once; the others get the 409", async () => {
      const answers = await Promise.all(Array.from({ length: 6 }, () => list({ licenceType: "exclusive", territory: "DE" })));
      expect(statuses(answers), JSON.stringify(answers.map((a) => a.body))).toEqual([201, 409, 409, 409, 409, 409]);
      const made = (answers.find((a) => a.status === 201)!.body as { listing: { listingId: string } }).listing;
      for (const refused of answers.filter((a) => a.status === 409)) {
        expect(refused.body).toMatchObject({ error: "CONFLICT", message: expect.stringContaining(`Capsule ${capsuleId} has an exclusive listing in DE`) });
      }
      exclusiveDe = made.listingId;
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
      const full = { ok: false, error: "CONFLICT", statusCode: 409, message: `Capsule ${capsuleId} already has 100 listings on offer, the most a capsule may have at once; withdraw one or let one expire first` };
      for (const refused of answers.filter((a) => a.status === 409)) expect(refused.body).toEqual(full);
    });

    const withdraw = (listingId: string, key: Hex = journalistKey) => api.send(rightsWithdraw, { body: { listingId } }, key);

    it("withdraws a listing: its place and its territory are free again, and nobody else may withdraw it", async () => {
      expect((await list({ licenceType: "non_exclusive", territory: "FI" })).status).toBe(409);
      const stranger = await withdraw(exclusiveDe, grantees[0]!);
      expect(stranger.body).toEqual({
        ok: false, error: "FORBIDDEN", statusCode: 403,
        message: `Only ${addr(journalistKey)}, who created rights listing ${exclusiveDe}, or an Editor of outlet "${SLUG}" may withdraw it`,
      });
      const withdrawn = await withdraw(exclusiveDe);
      expect(withdrawn.status, JSON.stringify(withdrawn.body)).toBe(200);
      expect(withdrawn.body).toMatchObject({ ok: true, listing: { listingId: exclusiveDe, status: "withdrawn", licenceCount: 0 } });
      expect((await withdraw(exclusiveDe)).body).toEqual({
        ok: false, error: "INVALID_STATE", statusCode: 409, listingStatus: "withdrawn",
        message: `Rights listing ${exclusiveDe} was already withdrawn; only a listing on offer can be withdrawn`,
      });
      // the withdrawn exclusive listing held DE and one of the 100 places: both are free again
      const again = await list({ licenceType: "exclusive", territory: "DE" });
      expect(again.status, JSON.stringify(again.body)).toBe(201);
      // an Editor of the outlet (its owner holds the role) may withdraw what another wallet listed
      const byEditor = await withdraw((again.body as { listing: { listingId: string } }).listing.listingId, ownerKey);
      expect(byEditor.body).toMatchObject({ ok: true, listing: { status: "withdrawn" } });
    });

    it("refuses a licence on a withdrawn listing; a licence taken before stays", async () => {
      const made = await list({ licenceType: "non_exclusive", territory: "US", price: "0" });
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      const listingId = (made.body as { listing: { listingId: string } }).listing.listingId;
      const first = await api.send(rightsLicense, { body: { listingId } }, grantees[0]!);
      expect(first.status, JSON.stringify(first.body)).toBe(201);
      const withdrawn = await withdraw(listingId);
      expect(withdrawn.body).toMatchObject({ ok: true, listing: { listingId, status: "withdrawn", licenceCount: 1 } });
      const refused = await api.send(rightsLicense, { body: { listingId } }, grantees[1]!);
      expect(refused.body).toEqual({ ok: false, error: "INVALID_STATE", statusCode: 409, message: `Rights listing ${listingId} was withdrawn by its seller; it cannot be licensed` });
      const rights = await api.send(capsuleRights, { params: { id: capsuleId } });
      const shown = (rights.body as { items: Array<{ listingId: string; status: string; licences: Array<{ buyer: string }> }> }).items.find((l) => l.listingId === listingId);
      expect(shown).toMatchObject({ status: "withdrawn", licences: [{ buyer: addr(grantees[0]!) }] });
    });

    // PostgreSQL only: SQLite runs one transaction at a time, so a grant never interleaves with a listing's creation
    if (dialect === "postgres") {
      it("grants no licence on a listing that expired while the grant waited for the capsule's listings, where a clashing exclusive one was made meanwhile", async () => {
        const now = Math.floor(Date.now() / 1000);
        const seeded = await handle.db.insertInto("rights_listings").values({
          capsule_id: Number(capsuleId), outlet_id: outletId, outlet_slug: SLUG, created_by: addr(journalistKey), licence_type: "exclusive",
          territory: "JP", price: "0", currency: "CAP", terms, expires_at: now + 3600, created_at: now, payee: addr(journalistKey), created_block: 1,
        }).returning("id").executeTakeFirstOrThrow();
        const listingId = String(seeded.id);
        let answer: Res | undefined;
        await handle.db.transaction().execute(async (trx) => {
          // the listings' lock held here, as a listing's creation holds it
          await sql`select pg_advisory_xact_lock(${LOCK_SPACE.capsuleListings}::int4, ${Number(capsuleId)}::int4)`.execute(trx);
          void api.send(rightsLicense, { body: { listingId } }, grantees[1]!).then((a) => (answer = a));
          const waiting = async () =>
            Number((await sql<{ n: string }>`select count(*) as n from pg_locks where locktype = 'advisory' and not granted and classid = ${LOCK_SPACE.capsuleListings} and objid = ${Number(capsuleId)} and objsubid = 2`.execute(handle.db)).rows[0]!.n);
          // until the grant waits for the lock (or, without it, has answered)
          while (answer === undefined && (await waiting()) === 0) await new Promise((resolve) => setTimeout(resolve, 50));
          // meanwhile the listing expired and, seeing it expired and unsold, another exclusive one took Japan
          await trx.updateTable("rights_listings").set({ expires_at: now - 1 }).where("id", "=", seeded.id).execute();
          await trx.insertInto("rights_listings").values({
            capsule_id: Number(capsuleId), outlet_id: outletId, outlet_slug: SLUG, created_by: addr(journalistKey), licence_type: "exclusive",
            territory: "JP", price: "0", currency: "CAP", terms: `${terms} Japan`, expires_at: null, created_at: now, payee: addr(journalistKey), created_block: 1,
          }).execute();
        });
        while (answer === undefined) await new Promise((resolve) => setTimeout(resolve, 50));
        expect(answer.body).toEqual({ ok: false, error: "INVALID_STATE", statusCode: 409, message: `Rights listing ${listingId} expired at ${now - 1}; it cannot be licensed` });
        expect(await handle.db.selectFrom("rights_licences").select("id").where("listing_id", "=", seeded.id).execute()).toEqual([]);
      });
    }
  });
});
