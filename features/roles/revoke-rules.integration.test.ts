import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Address, Hex } from "viem";
import { roleRevoke } from "@/features/roles/revoke.endpoint";
import { walletRolesAtOutlet } from "@/features/roles/wallet-at-outlet.endpoint";
import { inboxRead } from "@/features/inbox/read.endpoint";
import { roleGrant } from "@/features/roles/grant.endpoint";
import { roleOfferWithdraw } from "@/features/roles/offer-withdraw.endpoint";
import { walletActivity } from "@/features/wallet/activity.endpoint";
import { addr, chainAccess, deployedContracts, expectError, grantRole, staffedDesk, type Json } from "@/features/capsules/capsules.test-support";
import { startTestDns } from "@/features/outlets/dns-server.test-support";
import { devKeys } from "@/test/support/anvil";
import { bridgeClient } from "@/test/support/bridge-client";
import { dialectsUnderTest, startStack, type Stack } from "@/test/support/stack";

// Who may revoke whom (docs/DECISIONS.md, "Who may revoke whom"): an Editor revokes Journalist and Reporter
// roles only, never the owner's roles nor another Editor's; the owner
// revokes any; a holder always gives its own up. Likewise only the owner appoints an Editor ("Only the owner appoints
// Editors"). A refusal is 403 FORBIDDEN in words, and nothing is written.

const dialects = await dialectsUnderTest();
const [, ownerKey, editorKey, secondEditorKey, journalistKey, candidateKey] = devKeys;
const [owner, editor, secondEditor, journalist, candidate] = [addr(ownerKey), addr(editorKey), addr(secondEditorKey), addr(journalistKey), addr(candidateKey)];
const SLUG = "revoke-desk";

describe.each(dialects)("who may revoke whom on %s", (dialect) => {
  let stack: Stack;
  let dns: Awaited<ReturnType<typeof startTestDns>>;
  let api: ReturnType<typeof bridgeClient>;

  beforeAll(async () => {
    dns = await startTestDns();
    stack = await startStack({ database: dialect, env: { CAPSULE_DNS_SERVERS: dns.server, CAPSULE_DNS_TIMEOUT_MS: "3000", CAPSULE_RATE_WRITE_PER_MIN: "1000", CAPSULE_RATE_PUBLIC_GET_PER_MIN: "1000" } });
    api = bridgeClient(stack.baseUrl);
    const chain = chainAccess(stack, await deployedContracts(api));
    // the owner holds its Editor role from the outlet's creation and appoints the two others
    await staffedDesk({ api, chain, dns, ownerKey, slug: SLUG, bonds: [[editorKey, "300"], [secondEditorKey, "300"], [journalistKey, "150"], [candidateKey, "300"]], roles: [[editorKey, 3], [journalistKey, 1]] });
    await grantRole(api, ownerKey, SLUG, secondEditorKey, 3);
  }, 300_000);

  afterAll(async () => {
    await stack?.stop();
    await dns?.close();
  });

  const revoke = (key: Hex, wallet: Address, roleId: number) => api.send(roleRevoke, { body: { outletSlug: SLUG, wallet, roleId } }, key);
  const rolesOf = async (wallet: Address) => {
    const res = await api.send(walletRolesAtOutlet, { params: { wallet, outletSlug: SLUG } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return { roleIds: (res.body.roles as Json[]).map((r) => r.roleId), isVoter: res.body.isVoter as boolean };
  };
  const revocationsOf = async (wallet: Address) => {
    const res = await api.send(walletActivity, { params: { address: wallet }, query: { limit: 100 } });
    return (res.body.items as Json[]).filter((item) => item.kind === "role.revoked").length;
  };
  const ownerOnly = `Only the owner of outlet "${SLUG}" may give up the owner's roles; an Editor may not revoke them`;
  const editorsOnlyByOwner = `Only the owner of outlet "${SLUG}" may revoke an Editor's role; an Editor may revoke Journalist and Reporter roles`;

  it("refuses an Editor revoking the owner's Editor role, and writes nothing", async () => {
    expectError(await revoke(editorKey, owner, 3), 403, "FORBIDDEN", ownerOnly);
    expect((await rolesOf(owner)).roleIds).toEqual([3]);
    expect(await revocationsOf(owner)).toBe(0);
  });

  it("refuses an Editor revoking another Editor's role, and writes nothing", async () => {
    expectError(await revoke(editorKey, secondEditor, 3), 403, "FORBIDDEN", editorsOnlyByOwner);
    expectError(await revoke(secondEditorKey, editor, 3), 403, "FORBIDDEN", editorsOnlyByOwner);
    for (const wallet of [editor, secondEditor]) {
      expect(await rolesOf(wallet)).toEqual({ roleIds: [3], isVoter: true });
      expect(await revocationsOf(wallet)).toBe(0);
    }
  });

  it("refuses an Editor offering the Editor role, lets it offer a Journalist's, and keeps the owner's Editor offer from it", async () => {
    const offer = (key: Hex, roleId: number) => api.send(roleGrant, { body: { outletSlug: SLUG, wallet: candidate, roleId } }, key);
    const withdraw = (key: Hex, offerId: string) => api.send(roleOfferWithdraw, { body: { offerId } }, key);
    expectError(await offer(editorKey, 3), 403, "FORBIDDEN", `Only the owner of outlet "${SLUG}" may appoint an Editor; an Editor may offer Journalist and Reporter roles`);
    const journalistOffer = await offer(editorKey, 1);
    expect(journalistOffer.status, JSON.stringify(journalistOffer.body)).toBe(201);
    const editorOffer = await offer(ownerKey, 3);
    expect(editorOffer.status, JSON.stringify(editorOffer.body)).toBe(201);
    const editorOfferId = editorOffer.body.offer.offerId as string;
    expectError(await withdraw(editorKey, editorOfferId), 403, "FORBIDDEN", `Only the owner of outlet "${SLUG}" may withdraw an offer of the Editor role`);
    // an Editor withdraws a Journalist offer, the owner its Editor offer; the candidate holds no role
    expect((await withdraw(secondEditorKey, journalistOffer.body.offer.offerId as string)).status).toBe(200);
    expect((await withdraw(ownerKey, editorOfferId)).status).toBe(200);
    expect(await rolesOf(candidate)).toEqual({ roleIds: [], isVoter: false });
  });

  it("lets an Editor revoke a Journalist's role", async () => {
    const res = await revoke(editorKey, journalist, 1);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ role: { roleId: 1, revokedBy: editor } });
    expect((await rolesOf(journalist)).roleIds).toEqual([]);
  });

  it("lets an Editor give up its own Editor role", async () => {
    const res = await revoke(secondEditorKey, secondEditor, 3);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ role: { roleId: 3, revokedBy: secondEditor }, isVoter: false });
  });

  it("lets the owner revoke an Editor's role, and the owner give up its own", async () => {
    const res = await revoke(ownerKey, editor, 3);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ role: { roleId: 3, revokedBy: owner }, isVoter: false });
    const own = await revoke(ownerKey, owner, 3);
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    expect((await rolesOf(owner)).roleIds).toEqual([]);
  });

  it("answers the wallet's newest revocation beside any page of its inbox", async () => {
    // a later entry (an offer) pushes the revocation off a one-entry first page
    const offered = await api.send(roleGrant, { body: { outletSlug: SLUG, wallet: journalist, roleId: 2 } }, ownerKey);
    expect(offered.status, JSON.stringify(offered.body)).toBe(201);
    const inbox = await api.send(inboxRead, { body: { page: 1, limit: 1 } }, journalistKey);
    expect(inbox.status, JSON.stringify(inbox.body)).toBe(200);
    expect((inbox.body.items as Json[]).map((item) => item.kind)).toEqual(["inbox.role_offered"]);
    expect(inbox.body.lastRoleRevocation).toMatchObject({
      kind: "inbox.role_revoked",
      outletSlug: SLUG,
      message: `An Editor of Outlet ${SLUG} revoked your Journalist role there. Your bond is no longer locked for it.`,
    });
    // a wallet whose role nobody revoked has none
    const editors = await api.send(inboxRead, { body: { page: 1, limit: 20 } }, secondEditorKey);
    expect(editors.body.lastRoleRevocation).toBeNull();
  });
});
