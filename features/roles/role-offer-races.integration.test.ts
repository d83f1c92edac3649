import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { roleGrant } from "@/features/roles/grant.endpoint";
import { roleOffers } from "@/features/roles/offers.endpoint";
import { roleOfferDecline } from "@/features/roles/offer-decline.endpoint";
import { inboxRead } from "@/features/inbox/read.endpoint";
import { walletActivity } from "@/features/wallet/activity.endpoint";
import { activeOutlet, addr, chainAccess, deployedContracts, type Json } from "@/features/capsules/capsules.test-support";
import { startTestDns } from "@/features/outlets/dns-server.test-support";
import { devKeys } from "@/test/support/anvil";
import { bridgeClient } from "@/test/support/bridge-client";
import { dialectsUnderTest, startStack, type Stack } from "@/test/support/stack";

// Offers made at once (docs/DECISIONS.md, "Unique indexes behind the 409 checks"): of several offers of
// one role to one wallet sent together, exactly one is made and the others answer the 409 the check
// gives; the grantee's inbox tells it of the offer and where to answer it.

const dialects = await dialectsUnderTest();
const [, ownerKey, granteeKey] = devKeys;
const [owner, grantee] = [addr(ownerKey), addr(granteeKey)];
const SLUG = "race-desk";
const AT_ONCE = 6;

describe.each(dialects)("role offers sent at once on %s", (dialect) => {
  let stack: Stack;
  let dns: Awaited<ReturnType<typeof startTestDns>>;
  let api: ReturnType<typeof bridgeClient>;

  beforeAll(async () => {
    dns = await startTestDns();
    stack = await startStack({ database: dialect, env: { CAPSULE_DNS_SERVERS: dns.server, CAPSULE_DNS_TIMEOUT_MS: "3000", CAPSULE_RATE_WRITE_PER_MIN: "1000", CAPSULE_RATE_PUBLIC_GET_PER_MIN: "1000" } });
    api = bridgeClient(stack.baseUrl);
    const chain = chainAccess(stack, await deployedContracts(api));
    await chain.deposit(granteeKey, "300");
    await activeOutlet(api, dns, ownerKey, SLUG);
  }, 300_000);

  afterAll(async () => {
    await stack?.stop();
    await dns?.close();
  });

  it("makes exactly one of several identical offers sent together; the others get the 409", async () => {
    const sent = await Promise.all(Array.from({ length: AT_ONCE }, () => api.send(roleGrant, { body: { outletSlug: SLUG, wallet: grantee, roleId: 3 } }, ownerKey)));
    const made = sent.filter((res) => res.status === 201);
    expect(made, JSON.stringify(sent.map((res) => [res.status, res.body]))).toHaveLength(1);
    for (const res of sent.filter((r) => r.status !== 201)) {
      expect(res.status, JSON.stringify(res.body)).toBe(409);
      expect(res.body).toMatchObject({ ok: false, error: "CONFLICT", message: `${grantee} already has an open offer of the Editor role at "${SLUG}"` });
    }
    const open = await api.send(roleOffers, { body: {} }, granteeKey);
    expect(open.status, JSON.stringify(open.body)).toBe(200);
    expect(open.body.received.map((o: Json) => [o.outletSlug, o.roleId, o.status])).toEqual([[SLUG, 3, "pending"]]);

    // once answered, the role may be offered again
    const declined = await api.send(roleOfferDecline, { body: { offerId: made[0]!.body.offer.offerId } }, granteeKey);
    expect(declined.status, JSON.stringify(declined.body)).toBe(200);
    const again = await api.send(roleGrant, { body: { outletSlug: SLUG, wallet: grantee, roleId: 3 } }, ownerKey);
    expect(again.status, JSON.stringify(again.body)).toBe(201);
  });

  it("tells the grantee of each offer in its inbox, with where to answer it and until when", async () => {
    const inbox = await api.send(inboxRead, { body: { limit: 100 } }, granteeKey);
    expect(inbox.status, JSON.stringify(inbox.body)).toBe(200);
    const offers = (inbox.body.items as Json[]).filter((item) => item.kind === "inbox.role_offered");
    expect(offers).toHaveLength(2);
    for (const item of offers) expect(item).toMatchObject({ outletSlug: SLUG, unread: true, capsuleId: null, caseId: null });
    // newest first: the open offer, with where to answer it; the declined one says so, not "accept or decline"
    expect(offers.map((item) => item.offerStatus)).toEqual(["pending", "declined"]);
    expect(offers[0]!.message).toMatch(new RegExp(`^The owner of Outlet ${SLUG} offers you the Editor role; accept or decline it on the newsroom page by \\d{1,2} [A-Z][a-z]{2} \\d{4}, \\d{2}:\\d{2} UTC \\(chain time\\)\\.$`));
    expect(offers[1]!.message).toBe(`The owner of Outlet ${SLUG} offered you the Editor role; you declined it.`);
    // an offer is the grantee's and the outlet managers' to see: the public activity feed leaves it out
    const publicFeed = await api.send(walletActivity, { params: { address: grantee }, query: { limit: 100 } });
    expect((publicFeed.body.items as Json[]).map((item) => item.kind)).not.toContain("inbox.role_offered");
    const ownFeed = await api.send(walletActivity, { params: { address: grantee }, query: { limit: 100 } }, granteeKey);
    expect((ownFeed.body.items as Json[]).filter((item) => item.kind === "inbox.role_offered")).toHaveLength(2);
    // the owner offered; its own inbox holds no such entry
    const own = await api.send(inboxRead, { body: { limit: 100 } }, ownerKey);
    expect((own.body.items as Json[]).filter((item) => item.kind === "inbox.role_offered")).toEqual([]);
    expect(owner).not.toBe(grantee);
  });
});
