import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Address, Hex } from "viem";
import type { DatabaseHandle } from "@/lib/db/connection";
import { ROLE } from "@/lib/roles/role-catalog";
import { roleGrant } from "@/features/roles/grant.endpoint";
import { roleRevoke } from "@/features/roles/revoke.endpoint";
import { roleOffers } from "@/features/roles/offers.endpoint";
import { roleOfferAccept } from "@/features/roles/offer-accept.endpoint";
import { roleOfferWithdraw } from "@/features/roles/offer-withdraw.endpoint";
import { inboxRead } from "@/features/inbox/read.endpoint";
import { walletActivity } from "@/features/wallet/activity.endpoint";
import { ownershipOffer } from "@/features/outlets/ownership-offer.endpoint";
import { ownershipOffers } from "@/features/outlets/ownership-offers.endpoint";
import { ownershipAccept } from "@/features/outlets/ownership-accept.endpoint";
import { ownershipWithdraw } from "@/features/outlets/ownership-withdraw.endpoint";
import { openLiveStream } from "@/features/live/live-stream.test-support";
import { addr, chainAccess, deployedContracts, expectError, staffedDesk, type Api, type Json } from "@/features/capsules/capsules.test-support";
import { devKeys } from "@/test/support/anvil";
import { startDeskStack, type TestDns } from "@/test/support/desk-stack";
import { dialectsUnderTest, type Stack } from "@/test/support/stack";

// Offers close when the ownership or the role they rest on ends (docs/DECISIONS.md, 2026-12-06): an Editor's open
// offer of the outlet's ownership closes with its Editor role, revoked or given up; at a handover the former owner's
// Editor offers close; each grantee's inbox says why, and nothing of it reaches the public reads or GET /api/live.
// And an offer withdrawn again and again from one wallet is bounded per day (CAPSULE_OFFER_WITHDRAWALS_PER_DAY, 3).

const dialects = await dialectsUnderTest();
const keys = [devKeys[1], devKeys[2], devKeys[3], devKeys[4], devKeys[5], devKeys[6], devKeys[7], devKeys[8]] as Hex[];
const [ownerKey, takerKey, revokedKey, quitterKey, repeatEditorKey, candidateKey, journalistCandidateKey, targetKey] = keys as [Hex, Hex, Hex, Hex, Hex, Hex, Hex, Hex];
const [owner, taker, revoked, quitter, repeatEditor, candidate, journalistCandidate, target] = keys.map(addr) as [Address, Address, Address, Address, Address, Address, Address, Address];
// offered a Reporter role by an Editor whose role then ends
const reporterCandidateKey = devKeys[9] as Hex;
const SLUG = "lifecycle-desk";
const OUTLET = `Outlet ${SLUG}`;
const nothingToDo = "there is nothing for you to do.";

describe.each(dialects)("offers closing with what they rest on, on %s", (dialect) => {
  let stack: Stack;
  let dns: TestDns;
  let api: Api;
  let handle: DatabaseHandle;
  let stopDesk: () => Promise<void>;

  beforeAll(async () => {
    ({ stack, dns, api, handle, stop: stopDesk } = await startDeskStack(dialect, { withDatabase: true }));
    await staffedDesk({
      api,
      chain: chainAccess(stack, await deployedContracts(api)),
      dns,
      ownerKey,
      slug: SLUG,
      bonds: [...keys, reporterCandidateKey].map((key) => [key, "300"] as const),
      roles: [[takerKey, ROLE.EDITOR], [revokedKey, ROLE.EDITOR], [quitterKey, ROLE.EDITOR], [repeatEditorKey, ROLE.EDITOR]],
    });
  }, 300_000);

  afterAll(async () => {
    await stopDesk?.();
  });

  const offerOwnership = (key: Hex, wallet: Address) => api.send(ownershipOffer, { body: { outletSlug: SLUG, wallet } }, key);
  const ownershipOffered = async (key: Hex, wallet: Address): Promise<string> => {
    const res = await offerOwnership(key, wallet);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.offer.offerId as string;
  };
  const offerRole = (key: Hex, wallet: Address, roleId: number) => api.send(roleGrant, { body: { outletSlug: SLUG, wallet, roleId } }, key);
  const roleOffered = async (key: Hex, wallet: Address, roleId: number): Promise<string> => {
    const res = await offerRole(key, wallet, roleId);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ status: "offered" });
    return res.body.offer.offerId as string;
  };
  const withdrawn = async (endpoint: typeof ownershipWithdraw | typeof roleOfferWithdraw, key: Hex, offerId: string) => {
    const res = await api.send(endpoint, { body: { offerId } }, key);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  };
  const openOwnershipOffer = async (key: Hex) => (await api.send(ownershipOffers, { body: { outletSlug: SLUG } }, key)).body.offer as Json | null;
  const inboxOf = async (key: Hex) => {
    const res = await api.send(inboxRead, { body: { page: 1, limit: 50 } }, key);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.items as Json[];
  };
  const closedEntries = async (key: Hex) => (await inboxOf(key)).filter((item) => item.kind === "inbox.offer_closed").map((item) => item.message);
  // the inbox answers how an offer stands, not its id: the newest entry of the kind is the offer looked at
  const newestOfferEntry = async (key: Hex, kind: string) => (await inboxOf(key)).find((item) => item.kind === kind);
  const publicKinds = async (wallet: Address) => {
    const feed = await api.send(walletActivity, { params: { address: wallet }, query: { limit: 100 } });
    expect(feed.status).toBe(200);
    return (feed.body.items as Json[]).map((item) => item.kind as string);
  };
  const ownershipRow = (offerId: string) => handle.db.selectFrom("outlet_ownership_offers").selectAll().where("id", "=", Number(offerId)).executeTakeFirstOrThrow();
  const roleOfferRow = (offerId: string) => handle.db.selectFrom("role_offers").selectAll().where("id", "=", Number(offerId)).executeTakeFirstOrThrow();

  it("bounds offers of one kind withdrawn from one wallet to 3 a day, roles and ownership alike, and says from when it may offer again", async () => {
    for (let i = 0; i < 3; i += 1) await withdrawn(roleOfferWithdraw, ownerKey, await roleOffered(ownerKey, target, ROLE.JOURNALIST));
    const refused = await offerRole(ownerKey, target, ROLE.JOURNALIST);
    const firstWithdrawal = Number((await handle.db.selectFrom("role_offers").select((eb) => eb.fn.min("closed_at").as("t")).where("wallet", "=", target).where("status", "=", "withdrawn").executeTakeFirstOrThrow()).t);
    const from = `${new Date((firstWithdrawal + 86_400) * 1000).toISOString().slice(0, 19)}Z`;
    expectError(
      refused,
      429,
      "RATE_LIMITED",
      `The Journalist role at outlet "${SLUG}" was offered to ${target} and withdrawn 3 times in the last 24 hours, the most in one day (each offer is an entry in its inbox); it may be offered to it again from ${from}`,
      { retryAt: String(firstWithdrawal + 86_400) },
    );
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(86_000);
    expect((await inboxOf(targetKey)).filter((item) => item.kind === "inbox.role_offered")).toHaveLength(3);
    // another role, or the same role to another wallet, is another count
    await withdrawn(roleOfferWithdraw, ownerKey, await roleOffered(ownerKey, target, ROLE.REPORTER));
    await withdrawn(roleOfferWithdraw, ownerKey, await roleOffered(ownerKey, candidate, ROLE.JOURNALIST));

    for (let i = 0; i < 3; i += 1) await withdrawn(ownershipWithdraw, ownerKey, await ownershipOffered(ownerKey, repeatEditor));
    expectError(await offerOwnership(ownerKey, repeatEditor), 429, "RATE_LIMITED", new RegExp(`^The ownership of outlet "${SLUG}" was offered to ${repeatEditor} and withdrawn 3 times in the last 24 hours, .*; it may be offered to it again from \\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ$`), { retryAt: expect.stringMatching(/^[0-9]+$/) });
    expect(await openOwnershipOffer(ownerKey)).toBeNull();
    expect((await inboxOf(repeatEditorKey)).filter((item) => item.kind === "inbox.ownership_offered")).toHaveLength(3);
  });

  it("closes an Editor's open ownership offer with its Editor role, revoked or given up, and says so in its inbox", async () => {
    const revokedOffer = await ownershipOffered(ownerKey, revoked);
    const reporterOffer = await roleOffered(revokedKey, addr(reporterCandidateKey), ROLE.REPORTER);
    const gone = await api.send(roleRevoke, { body: { outletSlug: SLUG, wallet: revoked, roleId: ROLE.EDITOR } }, ownerKey);
    expect(gone.status, JSON.stringify(gone.body)).toBe(200);
    expect(await openOwnershipOffer(ownerKey)).toBeNull();
    expect(await ownershipRow(revokedOffer)).toMatchObject({ status: "withdrawn", closed_by: null });
    expect(await closedEntries(revokedKey)).toEqual([`Your Editor role was revoked at ${OUTLET}, so the offer of the ownership of ${OUTLET} is closed with it; ${nothingToDo}`]);
    expect(await newestOfferEntry(revokedKey, "inbox.ownership_offered")).toMatchObject({ offerStatus: "withdrawn" });
    // the Reporter offer it made as an Editor rested on that role too: closed, and its grantee told why
    expect(await roleOfferRow(reporterOffer)).toMatchObject({ status: "withdrawn", closed_by: null });
    expect(await closedEntries(reporterCandidateKey)).toEqual([`The offer of the Reporter role at ${OUTLET} is closed because ${revoked}, who made it, no longer holds the Editor role there; ${nothingToDo}`]);
    expect(await newestOfferEntry(reporterCandidateKey, "inbox.role_offered")).toMatchObject({ offerStatus: "withdrawn" });

    // the outlet may be offered again at once, to the Editor that gives its role up next
    const quitterOffer = await ownershipOffered(ownerKey, quitter);
    const givenUp = await api.send(roleRevoke, { body: { outletSlug: SLUG, wallet: quitter, roleId: ROLE.EDITOR } }, quitterKey);
    expect(givenUp.status, JSON.stringify(givenUp.body)).toBe(200);
    expect(await openOwnershipOffer(ownerKey)).toBeNull();
    expect(await ownershipRow(quitterOffer)).toMatchObject({ status: "withdrawn", closed_by: null });
    expect(await closedEntries(quitterKey)).toEqual([`You gave up your Editor role at ${OUTLET}, so the offer of the ownership of ${OUTLET} is closed with it; ${nothingToDo}`]);

    // private: the public feed shows the revocation, never the offer or its closing
    for (const wallet of [revoked, quitter]) expect((await publicKinds(wallet)).filter((kind) => /offer|ownership/.test(kind))).toEqual([]);
  });

  it("closes the former owner's Editor offers at the handover and tells their grantees; its Journalist offers stay while it is an Editor", async () => {
    const live = await openLiveStream(stack.baseUrl);
    try {
      await live.next((event) => event.type === "hello", "hello");
      const from = live.events.length;
      const editorOffer = await roleOffered(ownerKey, candidate, ROLE.EDITOR);
      const journalistOffer = await roleOffered(ownerKey, journalistCandidate, ROLE.JOURNALIST);
      const handover = await ownershipOffered(ownerKey, taker);
      const accepted = await api.send(ownershipAccept, { body: { offerId: handover } }, takerKey);
      expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);

      // the Editor offer closed in the accept's transaction: nothing left to accept, and the grantee is told why
      expect(await roleOfferRow(editorOffer)).toMatchObject({ status: "withdrawn", closed_by: null });
      expect((await api.send(roleOffers, { body: {} }, candidateKey)).body.received).toEqual([]);
      expectError(await api.send(roleOfferAccept, { body: { offerId: editorOffer } }, candidateKey), 409, "INVALID_STATE", `Role offer ${editorOffer} was withdrawn; only an open offer can be answered`, {
        offerStatus: "withdrawn",
      });
      expect(await closedEntries(candidateKey)).toEqual([`The offer of the Editor role at ${OUTLET} is closed because ${OUTLET}'s ownership passed to ${taker}; ${nothingToDo}`]);
      expect(await newestOfferEntry(candidateKey, "inbox.role_offered")).toMatchObject({ offerStatus: "withdrawn" });
      // the former owner is still an Editor, and an Editor's Journalist offer stays good
      expect(await roleOfferRow(journalistOffer)).toMatchObject({ status: "pending" });
      expect(await closedEntries(journalistCandidateKey)).toEqual([]);
      const journalistAccepted = await api.send(roleOfferAccept, { body: { offerId: journalistOffer } }, journalistCandidateKey);
      expect(journalistAccepted.status, JSON.stringify(journalistAccepted.body)).toBe(201);

      // private: neither the public feed nor the anonymous live stream carries the closed offer
      expect((await publicKinds(candidate)).filter((kind) => /offer/.test(kind))).toEqual([]);
      const mark = await live.next((event) => event.type === "change" && event.kinds.includes("bridge:roles.granted") && event.wallets.includes(journalistCandidate), "the Journalist's grant", from);
      const before = live.events.slice(from, live.events.indexOf(mark));
      expect(before.filter((event) => event.type === "change" && (event.wallets.includes(candidate) || event.kinds.some((kind) => /offer/i.test(kind))))).toEqual([]);
    } finally {
      await live.close();
    }
  });
});
