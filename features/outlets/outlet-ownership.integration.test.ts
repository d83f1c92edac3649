import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Address, Hex } from "viem";
import { roleGrant } from "@/features/roles/grant.endpoint";
import { roleRevoke } from "@/features/roles/revoke.endpoint";
import { inboxRead } from "@/features/inbox/read.endpoint";
import { outletUsers } from "@/features/outlets/users.endpoint";
import { walletActivity } from "@/features/wallet/activity.endpoint";
import { ownershipOffer } from "@/features/outlets/ownership-offer.endpoint";
import { ownershipOffers } from "@/features/outlets/ownership-offers.endpoint";
import { ownershipAccept } from "@/features/outlets/ownership-accept.endpoint";
import { ownershipDecline } from "@/features/outlets/ownership-decline.endpoint";
import { ownershipWithdraw } from "@/features/outlets/ownership-withdraw.endpoint";
import { addr, chainAccess, deployedContracts, expectError, grantRole, staffedDesk, type Json } from "@/features/capsules/capsules.test-support";
import { chainAccess as registryAccess } from "@/features/outlets/outlets.test-support";
import { startTestDns } from "@/features/outlets/dns-server.test-support";
import { devKeys } from "@/test/support/anvil";
import { bridgeClient } from "@/test/support/bridge-client";
import { dialectsUnderTest, startStack, type Stack } from "@/test/support/stack";

// Ownership of an outlet is handed over, not taken (docs/DECISIONS.md): the owner offers it to one of its Editors,
// who accepts or declines; the owner may withdraw it. On accept the owner changes, the new owner's member flag reaches
// RoleRegistry, the former owner stays an Editor (and keeps its flag while it holds a role), and from then on only the
// new owner appoints and revokes Editors.

const dialects = await dialectsUnderTest();
const [, ownerKey, editorKey, secondEditorKey, journalistKey, candidateKey] = devKeys;
const [owner, editor, secondEditor, journalist, candidate] = [addr(ownerKey), addr(editorKey), addr(secondEditorKey), addr(journalistKey), addr(candidateKey)];
const SLUG = "handover-desk";

describe.each(dialects)("outlet ownership handed over on %s", (dialect) => {
  let stack: Stack;
  let dns: Awaited<ReturnType<typeof startTestDns>>;
  let api: ReturnType<typeof bridgeClient>;
  let registry: ReturnType<typeof registryAccess>;

  beforeAll(async () => {
    dns = await startTestDns();
    stack = await startStack({ database: dialect, env: { CAPSULE_DNS_SERVERS: dns.server, CAPSULE_DNS_TIMEOUT_MS: "3000", CAPSULE_RATE_WRITE_PER_MIN: "1000", CAPSULE_RATE_PUBLIC_GET_PER_MIN: "1000" } });
    api = bridgeClient(stack.baseUrl);
    const contracts = await deployedContracts(api);
    registry = registryAccess(stack, contracts.roleRegistry.address);
    await staffedDesk({
      api,
      chain: chainAccess(stack, contracts),
      dns,
      ownerKey,
      slug: SLUG,
      bonds: [[ownerKey, "300"], [editorKey, "300"], [secondEditorKey, "300"], [journalistKey, "150"], [candidateKey, "300"]],
      roles: [[editorKey, 3], [secondEditorKey, 3], [journalistKey, 1]],
    });
  }, 300_000);

  afterAll(async () => {
    await stack?.stop();
    await dns?.close();
  });

  const offer = (key: Hex, wallet: Address, outletSlug = SLUG) => api.send(ownershipOffer, { body: { outletSlug, wallet } }, key);
  const openOffer = (key: Hex) => api.send(ownershipOffers, { body: { outletSlug: SLUG } }, key);
  const answer = (endpoint: typeof ownershipAccept | typeof ownershipDecline | typeof ownershipWithdraw, key: Hex, offerId: string) => api.send(endpoint, { body: { offerId } }, key);
  const offered = async (key: Hex, wallet: Address): Promise<string> => {
    const res = await offer(key, wallet);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.offer).toMatchObject({ outletSlug: SLUG, wallet, offeredBy: addr(key), status: "pending", closedAt: null });
    return res.body.offer.offerId as string;
  };
  const inboxOf = async (key: Hex) => {
    const res = await api.send(inboxRead, { body: { page: 1, limit: 50 } }, key);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.items as Json[];
  };
  const members = async () => {
    const res = await api.send(outletUsers, { params: { slug: SLUG }, query: {} });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return new Map((res.body.items as Json[]).map((m) => [m.wallet as string, { isOwner: m.isOwner as boolean, roleIds: (m.roles as Json[]).map((r) => r.roleId as number) }]));
  };

  it("refuses an offer from anyone but the owner (403), and to the owner itself, a wallet that is no Editor or a Journalist (409)", async () => {
    expectError(await offer(editorKey, secondEditor), 403, "FORBIDDEN", `Only the owner of outlet "${SLUG}" may offer its ownership`);
    expectError(await offer(ownerKey, owner), 409, "CONFLICT", `${owner} already owns outlet "${SLUG}"`);
    const notEditor = (wallet: Address) => `${wallet} is not an Editor of outlet "${SLUG}"; its ownership is offered only to one of its Editors (appoint the wallet Editor first)`;
    expectError(await offer(ownerKey, journalist), 409, "INVALID_STATE", notEditor(journalist));
    expectError(await offer(ownerKey, candidate), 409, "INVALID_STATE", notEditor(candidate));
    expectError(await offer(ownerKey, editor, "no-such-desk"), 404, "OUTLET_NOT_FOUND", `No outlet with slug "no-such-desk"`);
    expect((await openOffer(ownerKey)).body.offer).toBeNull();
  });

  it("keeps one open offer per outlet, shows it to the owner and its Editors only, and lets the owner alone withdraw it", async () => {
    const offerId = await offered(ownerKey, editor);
    expectError(await offer(ownerKey, secondEditor), 409, "CONFLICT", `The ownership of outlet "${SLUG}" is already offered to ${editor}; withdraw that offer first`);
    for (const key of [ownerKey, editorKey, secondEditorKey]) expect((await openOffer(key)).body.offer).toMatchObject({ offerId, wallet: editor, status: "pending" });
    expect((await openOffer(journalistKey)).body.offer).toBeNull();
    expect((await inboxOf(editorKey)).find((item) => item.kind === "inbox.ownership_offered")).toMatchObject({
      offerStatus: "pending",
      outletSlug: SLUG,
      message: `The owner of Outlet ${SLUG} offers you its ownership: you would appoint and revoke its Editors and be its party in court cases. Accept or decline it on the outlet's page.`,
    });

    expectError(await answer(ownershipWithdraw, editorKey, offerId), 403, "FORBIDDEN", `Only the owner of outlet "${SLUG}" may withdraw the offer of its ownership; decline an offer made to you instead`);
    expectError(await answer(ownershipWithdraw, journalistKey, offerId), 404, "NOT_FOUND", `Ownership offer ${offerId} not found`);
    expectError(await answer(ownershipAccept, secondEditorKey, offerId), 403, "FORBIDDEN", `Only ${editor}, to whom it is offered, may accept the ownership of outlet "${SLUG}"`);
    const withdrawn = await answer(ownershipWithdraw, ownerKey, offerId);
    expect(withdrawn.status, JSON.stringify(withdrawn.body)).toBe(200);
    expect(withdrawn.body.offer).toMatchObject({ offerId, status: "withdrawn" });
    expectError(await answer(ownershipAccept, editorKey, offerId), 409, "INVALID_STATE", `Ownership offer ${offerId} was withdrawn; only an open offer can be answered`, { offerStatus: "withdrawn" });
    expect((await inboxOf(editorKey)).find((item) => item.kind === "inbox.ownership_offered")).toMatchObject({
      offerStatus: "withdrawn",
      message: `The owner of Outlet ${SLUG} offered you its ownership; it was withdrawn before you answered.`,
    });
    expect((await members()).get(owner)?.isOwner).toBe(true);
  });

  it("lets the offered Editor decline, tells the owner, and changes nothing", async () => {
    const offerId = await offered(ownerKey, editor);
    expectError(await answer(ownershipDecline, ownerKey, offerId), 403, "FORBIDDEN", `Only ${editor}, to whom it is offered, may decline the ownership of outlet "${SLUG}"; its owner may withdraw the offer`);
    const declined = await answer(ownershipDecline, editorKey, offerId);
    expect(declined.status, JSON.stringify(declined.body)).toBe(200);
    expect(declined.body.offer).toMatchObject({ status: "declined" });
    expect((await inboxOf(ownerKey)).find((item) => item.kind === "inbox.ownership_declined")?.message).toBe(`${editor} declined your offer of the ownership of Outlet ${SLUG}; you still own it.`);
    expect((await members()).get(owner)?.isOwner).toBe(true);
    expect((await openOffer(ownerKey)).body.offer).toBeNull();
  });

  it("hands the outlet over on accept: the owner changes, the new owner's member flag is set, the former owner stays an Editor", async () => {
    expect(await registry.isMember(SLUG, editor)).toBe(false);
    const offerId = await offered(ownerKey, editor);
    const accepted = await answer(ownershipAccept, editorKey, offerId);
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body).toMatchObject({ ok: true, offer: { offerId, status: "accepted" }, outlet: { outletSlug: SLUG, outletWallet: editor } });
    expect((accepted.body.txHashes as string[]).length).toBeGreaterThan(0);
    // the new owner is off the outlet's juries and on its side; the former owner, still an Editor there, keeps its flag
    expect(await registry.isMember(SLUG, editor)).toBe(true);
    expect(await registry.isMember(SLUG, owner)).toBe(true);
    const after = await members();
    expect(after.get(editor)).toEqual({ isOwner: true, roleIds: [3] });
    expect(after.get(owner)).toEqual({ isOwner: false, roleIds: [3] });
    expect((await openOffer(ownerKey)).body.offer).toBeNull();

    expect((await inboxOf(editorKey)).find((item) => item.kind === "inbox.ownership_transferred")?.message).toBe(
      `You now own Outlet ${SLUG}: you alone appoint and revoke its Editors, and you are its party in its court cases.`,
    );
    expect((await inboxOf(ownerKey)).find((item) => item.kind === "inbox.ownership_transferred")?.message).toBe(
      `${editor} accepted the ownership of Outlet ${SLUG} and now owns it; you keep your roles there, but only the new owner appoints and revokes Editors.`,
    );
    // the handover is in both wallets' public activity
    for (const [wallet, side] of [[owner, "from"], [editor, "to"]] as const) {
      const feed = await api.send(walletActivity, { params: { address: wallet }, query: { limit: 100 } });
      expect((feed.body.items as Json[]).find((item) => item.kind === "outlet.ownership_transferred")).toMatchObject({ outletSlug: SLUG, details: { from: owner, to: editor, side } });
    }
  });

  it("lets only the new owner appoint and revoke Editors, and offer the ownership on", async () => {
    expectError(await api.send(roleGrant, { body: { outletSlug: SLUG, wallet: candidate, roleId: 3 } }, ownerKey), 403, "FORBIDDEN", `Only the owner of outlet "${SLUG}" may appoint an Editor; an Editor may offer Journalist and Reporter roles`);
    expectError(await api.send(roleRevoke, { body: { outletSlug: SLUG, wallet: secondEditor, roleId: 3 } }, ownerKey), 403, "FORBIDDEN", `Only the owner of outlet "${SLUG}" may revoke an Editor's role; an Editor may revoke Journalist and Reporter roles`);
    expectError(await offer(ownerKey, secondEditor), 403, "FORBIDDEN", `Only the owner of outlet "${SLUG}" may offer its ownership`);
    await grantRole(api, editorKey, SLUG, candidateKey, 3);
    expect((await members()).get(candidate)?.roleIds).toEqual([3]);
  });

  it("closes the offer to a wallet that lost its Editor role since, so its accept is refused and the outlet may be offered again", async () => {
    const offerId = await offered(editorKey, candidate);
    const revoked = await api.send(roleRevoke, { body: { outletSlug: SLUG, wallet: candidate, roleId: 3 } }, editorKey);
    expect(revoked.status, JSON.stringify(revoked.body)).toBe(200);
    // docs/DECISIONS.md, "Offers close when the ownership or the role they rest on ends": it was kept open before
    expectError(await answer(ownershipAccept, candidateKey, offerId), 409, "INVALID_STATE", `Ownership offer ${offerId} was withdrawn; only an open offer can be answered`, { offerStatus: "withdrawn" });
    expect((await openOffer(editorKey)).body.offer).toBeNull();
    expect((await inboxOf(candidateKey)).find((item) => item.kind === "inbox.offer_closed")?.message).toBe(
      `Your Editor role was revoked at Outlet ${SLUG}, so the offer of the ownership of Outlet ${SLUG} is closed with it; there is nothing for you to do.`,
    );
    expect((await members()).get(editor)?.isOwner).toBe(true);
  });

  it("clears the former owner's member flag with its last role there", async () => {
    const gaveUp = await api.send(roleRevoke, { body: { outletSlug: SLUG, wallet: owner, roleId: 3 } }, ownerKey);
    expect(gaveUp.status, JSON.stringify(gaveUp.body)).toBe(200);
    expect(await registry.isMember(SLUG, owner)).toBe(false);
    // the owner's flag stays when it gives up its own Editor role
    const ownerGaveUp = await api.send(roleRevoke, { body: { outletSlug: SLUG, wallet: editor, roleId: 3 } }, editorKey);
    expect(ownerGaveUp.status, JSON.stringify(ownerGaveUp.body)).toBe(200);
    expect(await registry.isMember(SLUG, editor)).toBe(true);
  });

  it("stores one of two offers sent at once and refuses the other with 409", async () => {
    const both = await Promise.all([offer(editorKey, secondEditor), offer(editorKey, secondEditor)]);
    expect(both.map((res) => res.status).sort(), JSON.stringify(both.map((res) => res.body))).toEqual([201, 409]);
    const refused = both.find((res) => res.status === 409)!;
    expect(refused.body).toMatchObject({ error: "CONFLICT", message: expect.stringMatching(new RegExp(`^The ownership of outlet "${SLUG}" (is already offered to ${secondEditor}|was offered by another request meanwhile); withdraw that offer first$`)) });
    const open = await openOffer(editorKey);
    expect(open.body.offer).toMatchObject({ wallet: secondEditor, status: "pending" });
    expect((await answer(ownershipWithdraw, editorKey, open.body.offer.offerId as string)).status).toBe(200);
  });
});
