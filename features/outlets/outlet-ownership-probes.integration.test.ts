import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Address, Hex } from "viem";
import type { DatabaseHandle } from "@/lib/db/connection";
import { pathOf } from "@/lib/api/request";
import { MAX_UNVERIFIED_OUTLETS } from "@/lib/outlets/unverified-bound";
import { roleRevoke } from "@/features/roles/revoke.endpoint";
import { roleGrant } from "@/features/roles/grant.endpoint";
import { roleOfferAccept } from "@/features/roles/offer-accept.endpoint";
import { outletCreate } from "@/features/outlets/create.endpoint";
import { walletActivity } from "@/features/wallet/activity.endpoint";
import { outletUsers } from "@/features/outlets/users.endpoint";
import { ownershipOffer } from "@/features/outlets/ownership-offer.endpoint";
import { ownershipOffers } from "@/features/outlets/ownership-offers.endpoint";
import { ownershipAccept } from "@/features/outlets/ownership-accept.endpoint";
import { ownershipDecline } from "@/features/outlets/ownership-decline.endpoint";
import { ownershipWithdraw } from "@/features/outlets/ownership-withdraw.endpoint";
import { openLiveStream } from "@/features/live/live-stream.test-support";
import { activeOutlet, addr, chainAccess, deployedContracts, expectError, staffedDesk, type Api, type Json, type Res } from "@/features/capsules/capsules.test-support";
import { devKeys } from "@/test/support/anvil";
import { actionOf, signedToken } from "@/test/support/bridge-client";
import { startDeskStack, type TestDns } from "@/test/support/desk-stack";
import { dialectsUnderTest, type Stack } from "@/test/support/stack";

// The ownership routes as an attacker tries them (docs/DECISIONS.md, "Ownership of an outlet is handed over, not
// taken"): tokens missing, expired, replayed or for another action; bodies the schemas refuse; offer ids walked by
// wallets outside the offer (answered like an id that does not exist); answers sent twice at once; an old offer
// answered after the outlet went elsewhere; what the public reads and GET /api/live show of an open offer. Then the
// bound on never-verified outlets one wallet owns, which a handover keeps as creation does.

const dialects = await dialectsUnderTest();
const [ownerKey, editorKey, revokedKey, journalistKey, outsiderKey, otherOwnerKey, thirdEditorKey] = [devKeys[1], devKeys[2], devKeys[3], devKeys[4], devKeys[5], devKeys[6], devKeys[7]] as [Hex, Hex, Hex, Hex, Hex, Hex, Hex];
const [owner, editor, revoked, journalist, outsider, otherOwner, thirdEditor] = [ownerKey, editorKey, revokedKey, journalistKey, outsiderKey, otherOwnerKey, thirdEditorKey].map(addr) as [Address, Address, Address, Address, Address, Address, Address];
const SLUG = "probed-desk";
const OTHER = "other-probed-desk";
const answerEndpoints = [ownershipAccept, ownershipDecline, ownershipWithdraw] as const;
const allEndpoints = [ownershipOffer, ownershipOffers, ...answerEndpoints] as const;
type AnswerEndpoint = (typeof answerEndpoints)[number];

const statuses = (answers: Res[]) => answers.map((a) => a.status).sort();

describe.each(dialects)("the ownership routes probed on %s", (dialect) => {
  let stack: Stack;
  let dns: TestDns;
  let api: Api;
  let handle: DatabaseHandle;
  let stopDesk: () => Promise<void>;
  const usedTokens: string[] = [];

  beforeAll(async () => {
    ({ stack, dns, api, handle, stop: stopDesk } = await startDeskStack(dialect, {
      withDatabase: true,
      env: {
        CAPSULE_RATE_AUTH_FAILURES_PER_MIN: "1000",
        // the probes offer the outlet to one Editor and withdraw it many times; the daily bound is offer-lifecycle's test
        CAPSULE_OFFER_WITHDRAWALS_PER_DAY: "1000",
      },
    }));
    await staffedDesk({
      api,
      chain: chainAccess(stack, await deployedContracts(api)),
      dns,
      ownerKey,
      slug: SLUG,
      bonds: [[ownerKey, "300"], [editorKey, "300"], [revokedKey, "300"], [journalistKey, "150"], [thirdEditorKey, "300"], [outsiderKey, "300"]],
      roles: [[editorKey, 3], [revokedKey, 3], [journalistKey, 1], [thirdEditorKey, 3]],
    });
    await activeOutlet(api, dns, otherOwnerKey, OTHER);
    const gone = await api.send(roleRevoke, { body: { outletSlug: SLUG, wallet: revoked, roleId: 3 } }, ownerKey);
    expect(gone.status, JSON.stringify(gone.body)).toBe(200);
  }, 300_000);

  afterAll(async () => {
    await stopDesk?.();
  });

  const offer = (key: Hex, wallet: string, outletSlug = SLUG) => api.postRaw(ownershipOffer, undefined, key, { outletSlug, wallet });
  const answer = (endpoint: AnswerEndpoint, key: Hex, offerId: string) => api.send(endpoint, { body: { offerId } }, key);
  const openOffer = async (key: Hex) => (await api.send(ownershipOffers, { body: { outletSlug: SLUG } }, key)).body.offer as Json | null;
  const offered = async (key: Hex, wallet: Address): Promise<string> => {
    const res = await offer(key, wallet);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.offer.offerId as string;
  };
  const members = async () => {
    const res = await api.send(outletUsers, { params: { slug: SLUG }, query: {} });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return new Map((res.body.items as Json[]).map((m) => [m.wallet as string, (m.roles as Json[]).map((r) => r.roleId as number)]));
  };
  const ownerOf = async (slug = SLUG) => (await handle.db.selectFrom("outlets").select("owner_wallet").where("slug", "=", slug).executeTakeFirstOrThrow()).owner_wallet;

  it("refuses a missing, malformed, expired, replayed or other action's token on every ownership route (401)", async () => {
    for (const endpoint of allEndpoints) {
      const body = JSON.stringify(endpoint === ownershipOffer ? { outletSlug: SLUG, wallet: editor } : endpoint === ownershipOffers ? { outletSlug: SLUG } : { offerId: "1" });
      const at = pathOf(endpoint);
      expectError(await api.rawAt(endpoint, undefined, "POST", { body }), 401, "UNAUTHORIZED", /.+/);
      expectError(await api.rawAt(endpoint, undefined, "POST", { body, headers: { authorization: "Bearer nonsense" } }), 401, "UNAUTHORIZED", "Malformed action token");
      const stale = await signedToken(ownerKey, actionOf(endpoint), at, body, "POST", Math.floor(Date.now() / 1000) - 3600);
      expectError(await api.rawAt(endpoint, undefined, "POST", { body, token: stale }), 401, "UNAUTHORIZED", "Action token has expired");
      const otherAction = endpoint === ownershipAccept ? ownershipWithdraw : ownershipAccept;
      const wrong = await signedToken(ownerKey, actionOf(otherAction), at, body);
      expectError(await api.rawAt(endpoint, undefined, "POST", { body, token: wrong }), 401, "UNAUTHORIZED", `Action token is for '${actionOf(otherAction)}', not '${actionOf(endpoint)}'`);
      const once = await signedToken(journalistKey, actionOf(endpoint), at, body);
      usedTokens.push(stale, wrong, once);
      const first = await api.rawAt(endpoint, undefined, "POST", { body, token: once });
      expect(first.status, first.text).not.toBe(401);
      expectError(await api.rawAt(endpoint, undefined, "POST", { body, token: once }), 401, "UNAUTHORIZED", "Action token has already been used");
    }
    expect(await ownerOf()).toBe(owner);
  });

  it("answers every body the schemas refuse with 400 in the seed's error shape, never 500", async () => {
    const badIds = [1, "0", "-1", "01", "1e3", "0x10", " 1", "2147483648", "99999999999999999999", "", null, [], { id: 1 }, "1".repeat(5000)];
    const cases: Array<[(typeof allEndpoints)[number], unknown]> = [
      ...answerEndpoints.flatMap((endpoint) => [
        ...badIds.map((offerId) => [endpoint, { offerId }] as [AnswerEndpoint, unknown]),
        [endpoint, {}] as [AnswerEndpoint, unknown],
        [endpoint, { offerId: "1", outletSlug: SLUG }] as [AnswerEndpoint, unknown],
        [endpoint, "[]"] as [AnswerEndpoint, unknown],
        [endpoint, "null"] as [AnswerEndpoint, unknown],
        [endpoint, '{"offerId":'] as [AnswerEndpoint, unknown],
      ]),
      [ownershipOffer, { outletSlug: SLUG }],
      [ownershipOffer, { outletSlug: SLUG, wallet: "0x1234" }],
      [ownershipOffer, { outletSlug: SLUG, wallet: `${editor}00` }],
      [ownershipOffer, { outletSlug: SLUG, wallet: editor.replace("0x", "0X") }],
      [ownershipOffer, { outletSlug: "../admin", wallet: editor }],
      [ownershipOffer, { outletSlug: "x".repeat(300), wallet: editor }],
      [ownershipOffer, { outletSlug: SLUG, wallet: editor, offeredBy: editor }],
      [ownershipOffer, { outletSlug: SLUG, wallet: [editor] }],
      [ownershipOffers, { outletSlug: 7 }],
      [ownershipOffers, { outletSlug: SLUG, offerId: "1" }],
    ];
    for (const [endpoint, body] of cases) {
      const res = await api.postRaw(endpoint, undefined, ownerKey, body);
      expect(res.status, `${endpoint.id} ${JSON.stringify(body).slice(0, 80)}: ${res.text.slice(0, 300)}`).toBe(400);
      expect(res.body).toMatchObject({ ok: false, error: "VALIDATION_ERROR", statusCode: 400, message: expect.any(String) });
    }
    expect(await openOffer(ownerKey)).toBeNull();
  });

  it("reads a wallet written in lower case as the same wallet: no offer to the owner itself, an offer to the Editor", async () => {
    expectError(await offer(ownerKey, owner.toLowerCase()), 409, "CONFLICT", `${owner} already owns outlet "${SLUG}"`);
    const res = await offer(ownerKey, editor.toLowerCase());
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.offer).toMatchObject({ wallet: editor, offeredBy: owner });
    expect((await answer(ownershipWithdraw, ownerKey, res.body.offer.offerId as string)).status).toBe(200);
  });

  it("answers a wallet outside an offer (a stranger, another outlet's owner, a Journalist, a revoked Editor) as it answers an id that does not exist, open or closed", async () => {
    const offerId = await offered(ownerKey, editor);
    const unknown = String(Number(offerId) + 1000);
    const shape = (res: Res) => ({ status: res.status, body: JSON.stringify(res.body).replaceAll(unknown, "<id>").replaceAll(offerId, "<id>") });
    const walk = async () => {
      for (const key of [outsiderKey, otherOwnerKey, journalistKey, revokedKey]) {
        for (const endpoint of answerEndpoints) {
          const seen = await answer(endpoint, key, offerId);
          expectError(seen, 404, "NOT_FOUND", `Ownership offer ${offerId} not found`);
          expect(shape(seen)).toEqual(shape(await answer(endpoint, key, unknown)));
        }
        expect(await openOffer(key)).toBeNull();
      }
    };
    await walk();
    // another outlet's owner may not offer this outlet, nor its own to an Editor it does not have
    expectError(await offer(otherOwnerKey, editor), 403, "FORBIDDEN", `Only the owner of outlet "${SLUG}" may offer its ownership`);
    expectError(await offer(otherOwnerKey, editor, OTHER), 409, "INVALID_STATE", `${editor} is not an Editor of outlet "${OTHER}"; its ownership is offered only to one of its Editors (appoint the wallet Editor first)`);
    expect(await openOffer(editorKey)).toMatchObject({ offerId, status: "pending" });
    expect((await answer(ownershipWithdraw, ownerKey, offerId)).status).toBe(200);
    // closed, the offer still answers them 404, not its status
    await walk();
    expect(await ownerOf()).toBe(owner);
  });

  it("answers one of two declines, two withdrawals, or a decline and a withdrawal sent at once, and refuses the other with 409", async () => {
    for (const pair of [
      [ownershipDecline, ownershipDecline],
      [ownershipWithdraw, ownershipWithdraw],
      [ownershipDecline, ownershipWithdraw],
    ] as const) {
      const offerId = await offered(ownerKey, editor);
      const keyOf = (endpoint: AnswerEndpoint) => (endpoint === ownershipWithdraw ? ownerKey : editorKey);
      const both = await Promise.all(pair.map((endpoint) => answer(endpoint, keyOf(endpoint), offerId)));
      expect(statuses(both), JSON.stringify(both.map((res) => res.body))).toEqual([200, 409]);
      expect(both.find((res) => res.status === 409)!.body).toMatchObject({ error: "INVALID_STATE", message: expect.stringMatching(new RegExp(`^Ownership offer ${offerId} was (answered meanwhile|declined; only an open offer can be answered|withdrawn; only an open offer can be answered)$`)) });
      expect(await openOffer(ownerKey)).toBeNull();
    }
    expect(await ownerOf()).toBe(owner);
  });

  it("keeps an open offer off the public reads and off GET /api/live, and its tokens out of the server's output", async () => {
    const live = await openLiveStream(stack.baseUrl);
    try {
      await live.next((event) => event.type === "hello", "hello");
      const from = live.events.length;
      const declinedId = await offered(ownerKey, editor);
      expect((await answer(ownershipDecline, editorKey, declinedId)).status).toBe(200);
      const openId = await offered(ownerKey, editor);
      for (const wallet of [owner, editor]) {
        const feed = await api.send(walletActivity, { params: { address: wallet }, query: { limit: 100 } });
        expect(feed.status).toBe(200);
        expect((feed.body.items as Json[]).filter((item) => /ownership/.test(item.kind as string))).toEqual([]);
      }
      const users = await api.send(outletUsers, { params: { slug: SLUG }, query: {} });
      expect(JSON.stringify(users.body)).not.toMatch(/offer/i);
      // a public change after them: every event before it was pushed before it (one ordered stream)
      const sentinel = await api.send(roleRevoke, { body: { outletSlug: SLUG, wallet: journalist, roleId: 1 } }, ownerKey);
      expect(sentinel.status, JSON.stringify(sentinel.body)).toBe(200);
      const mark = await live.next((event) => event.type === "change" && event.kinds.includes("bridge:roles.revoked") && event.wallets.includes(journalist), "the revocation", from);
      const before = live.events.slice(from, live.events.indexOf(mark));
      expect(before.filter((event) => event.type === "change" && (event.wallets.includes(editor) || event.kinds.some((kind) => /ownership/i.test(kind))))).toEqual([]);
      expect(JSON.stringify(mark)).not.toMatch(/ownership|offer/i);
      expect((await answer(ownershipWithdraw, ownerKey, openId)).status).toBe(200);
    } finally {
      await live.close();
    }
    const output = stack.output();
    for (const token of usedTokens) expect(output.includes(token)).toBe(false);
    expect(output).not.toMatch(/Bearer [0-9a-zA-Z]/);
  });

  it("answers one of two accepts sent at once; an older offer answered after the outlet went elsewhere is refused", async () => {
    // an offer of the Editor role the owner made before handing the outlet over
    const editorOffer = await api.send(roleGrant, { body: { outletSlug: SLUG, wallet: outsider, roleId: 3 } }, ownerKey);
    expect(editorOffer.status, JSON.stringify(editorOffer.body)).toBe(201);
    const older = await offered(ownerKey, thirdEditor);
    expect((await answer(ownershipWithdraw, ownerKey, older)).status).toBe(200);
    const offerId = await offered(ownerKey, editor);
    const both = await Promise.all([answer(ownershipAccept, editorKey, offerId), answer(ownershipAccept, editorKey, offerId)]);
    expect(statuses(both), JSON.stringify(both.map((res) => res.body))).toEqual([200, 409]);
    expect(both.find((res) => res.status === 409)!.body).toMatchObject({ error: "INVALID_STATE", message: expect.stringMatching(new RegExp(`^Ownership offer ${offerId} was (answered meanwhile|accepted; only an open offer can be answered)$`)) });
    expect(await ownerOf()).toBe(editor);

    expectError(await answer(ownershipAccept, thirdEditorKey, older), 409, "INVALID_STATE", `Ownership offer ${older} was withdrawn; only an open offer can be answered`, { offerStatus: "withdrawn" });
    expectError(await answer(ownershipWithdraw, ownerKey, offerId), 409, "INVALID_STATE", `Ownership offer ${offerId} was accepted; only an open offer can be answered`, { offerStatus: "accepted" });
    expectError(await offer(ownerKey, thirdEditor), 403, "FORBIDDEN", `Only the owner of outlet "${SLUG}" may offer its ownership`);
    // the former owner no longer appoints Editors: its Editor offer made before closed with the handover (docs/DECISIONS.md,
    // "Offers close when the ownership or the role they rest on ends"), so the wallet accepting it is told it is closed
    const editorOfferId = editorOffer.body.offer.offerId as string;
    expectError(await api.send(roleOfferAccept, { body: { offerId: editorOfferId } }, outsiderKey), 409, "INVALID_STATE", `Role offer ${editorOfferId} was withdrawn; only an open offer can be answered`, { offerStatus: "withdrawn" });
    expect((await members()).get(outsider)).toBeUndefined();
    expect(await ownerOf()).toBe(editor);
  });

  // From here the Editor owns the outlet and the former owner, still an Editor there, is the one it is offered to.
  describe("the bound on never-verified outlets one wallet owns", () => {
    const holderKey = editorKey;
    const takerKey = ownerKey;
    const taker = owner;
    const offerRefused = `${taker} already has ${MAX_UNVERIFIED_OUTLETS} outlets whose domain is not verified yet, the most one wallet may have at once; outlet "${SLUG}" may be offered to it once its domain, or one of those, is verified`;
    const acceptRefused = `You already have ${MAX_UNVERIFIED_OUTLETS} outlets whose domain is not verified yet, the most one wallet may have at once; verify one of them first, or have the domain of outlet "${SLUG}" verified, then accept`;
    const neverVerified = async () => (await handle.db.selectFrom("outlets").select("id").where("owner_wallet", "=", taker).where("first_verified_at", "is", null).execute()).length;
    let seeded = 0;
    /** Never-verified outlets of the taker, written straight into the database (as a wallet that registered them has them). */
    const seedUnverified = async (count: number) => {
      const now = Math.floor(Date.now() / 1000);
      for (let i = 0; i < count; i += 1) {
        seeded += 1;
        const slug = `unverified-${seeded}`;
        await handle.db.insertInto("outlets").values({ slug, name: `Unverified ${seeded}`, domain: `${slug}.example.org`, owner_wallet: taker, status: "pending", policy_id: "default", verification_token: "00".repeat(32), created_at: now, updated_at: now }).execute();
      }
    };
    const dropUnverified = async () => {
      await handle.db.deleteFrom("outlets").where("owner_wallet", "=", taker).where("first_verified_at", "is", null).where("slug", "like", "unverified-%").execute();
    };
    /**
     * The handed-over outlet as one never verified. No route makes such an outlet today (roles are granted only at an
     * active outlet, and its first verification is kept), so it is written here: the bound must hold whatever the
     * rows say (docs/DECISIONS.md, "A handover keeps the bound on never-verified outlets").
     */
    const neverVerifiedDesk = (unverified: boolean) =>
      handle.db.updateTable("outlets").set({ first_verified_at: unverified ? null : Math.floor(Date.now() / 1000) }).where("slug", "=", SLUG).execute();

    // each test starts from the same rows whatever the one before left: no open offer, the Editor owning the outlet,
    // no seeded outlets (so each fails for its own reason without the bound)
    afterEach(async () => {
      await handle.db.updateTable("outlet_ownership_offers").set({ status: "withdrawn", closed_at: Math.floor(Date.now() / 1000), closed_by: editor }).where("status", "=", "pending").execute();
      await handle.db.updateTable("outlets").set({ owner_wallet: editor }).where("slug", "=", SLUG).execute();
      await dropUnverified();
    });

    it("refuses the offer up front to a wallet that already has the most never-verified outlets, unless this one was verified once", async () => {
      await neverVerifiedDesk(true);
      await seedUnverified(MAX_UNVERIFIED_OUTLETS);
      expectError(await offer(holderKey, taker), 409, "CONFLICT", offerRefused);
      expect(await openOffer(holderKey)).toBeNull();
      // an outlet verified once adds nothing to the count: it may be handed over
      await neverVerifiedDesk(false);
      const offerId = await offered(holderKey, taker);
      expect((await answer(ownershipWithdraw, holderKey, offerId)).status).toBe(200);
    });

    it("refuses the accept when the wallet reached the bound since the offer, and keeps the offer open", async () => {
      await neverVerifiedDesk(true);
      await seedUnverified(MAX_UNVERIFIED_OUTLETS - 1);
      const offerId = await offered(holderKey, taker);
      await seedUnverified(1);
      expectError(await answer(ownershipAccept, takerKey, offerId), 409, "CONFLICT", acceptRefused);
      expect(await openOffer(holderKey)).toMatchObject({ offerId, status: "pending" });
      expect(await ownerOf()).toBe(editor);
      expect(await neverVerified()).toBe(MAX_UNVERIFIED_OUTLETS);
      expect((await answer(ownershipWithdraw, holderKey, offerId)).status).toBe(200);
    });

    it("lets an accept and an outlet registration sent at once never take the wallet past the bound", async () => {
      await neverVerifiedDesk(true);
      await seedUnverified(MAX_UNVERIFIED_OUTLETS - 1);
      const offerId = await offered(holderKey, taker);
      const [accepted, created] = await Promise.all([
        answer(ownershipAccept, takerKey, offerId),
        api.send(outletCreate, { body: { slug: "raced-desk", name: "Raced desk", domain: "raced-desk.example.org" } }, takerKey),
      ]);
      // one of them wins; the other is refused with its own words
      const acceptWon = accepted.status === 200;
      expect([acceptWon, created.status === 201].filter(Boolean), JSON.stringify([accepted.body, created.body])).toHaveLength(1);
      if (acceptWon) expectError(created, 409, "CONFLICT", `${taker} already has ${MAX_UNVERIFIED_OUTLETS} outlets whose domain is not verified yet, the most one wallet may have at once; verify one first`);
      else expectError(accepted, 409, "CONFLICT", acceptRefused);
      expect(await neverVerified()).toBe(MAX_UNVERIFIED_OUTLETS);
      expect(await ownerOf()).toBe(acceptWon ? taker : editor);
    });
  });
});
