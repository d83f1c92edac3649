import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEther, type Address, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { buildActionToken } from "@/lib/auth/action-token";
import { pathOf } from "@/lib/api/request";
import { outletCreate } from "@/features/outlets/create.endpoint";
import { outletList } from "@/features/outlets/list.endpoint";
import { outletRead } from "@/features/outlets/read.endpoint";
import { outletUsers } from "@/features/outlets/users.endpoint";
import { outletVerify } from "@/features/outlets/verify.endpoint";
import { roleCatalogRead } from "@/features/roles/catalog.endpoint";
import { roleGrant } from "@/features/roles/grant.endpoint";
import { roleRevoke } from "@/features/roles/revoke.endpoint";
import { roleOffers } from "@/features/roles/offers.endpoint";
import { roleOfferAccept } from "@/features/roles/offer-accept.endpoint";
import { roleOfferDecline } from "@/features/roles/offer-decline.endpoint";
import { roleOfferWithdraw } from "@/features/roles/offer-withdraw.endpoint";
import { activeOutlet } from "@/features/capsules/capsules.test-support";
import { generatePrivateKey } from "viem/accounts";
import { walletRolesAtOutlet } from "@/features/roles/wallet-at-outlet.endpoint";
import { walletActivity } from "@/features/wallet/activity.endpoint";
import { walletRoles } from "@/features/roles/wallet-roles.endpoint";
import { devKeys } from "@/test/support/anvil";
import { actionOf, bridgeClient } from "@/test/support/bridge-client";
import { dialectsUnderTest, startStack, type Stack } from "@/test/support/stack";
import { startTestDns } from "./dns-server.test-support";
import { deployedContracts } from "@/features/capsules/capsules.test-support";
import { chainAccess, eventually, expectError, openStackDatabase } from "./outlets.test-support";
import { openLiveStream } from "@/features/live/live-stream.test-support";

// Outlets, DNS verification, roles with on-chain bonds and the wallet activity feed, over HTTP
// against the real stack (anvil, contracts, indexer, SQL) and a real DNS server on loopback.

const dialects = await dialectsUnderTest();

// devKeys[2] is left unused (it once held a mistyped key); any funded dev wallet would do.
const [operatorKey, ownerKey, , journalistKey, outsiderKey, editorKey, clerkKey] = devKeys;
const addr = (key: Hex): Address => privateKeyToAccount(key).address;
const [operator, owner, editor, journalist, outsider, clerk] = [addr(operatorKey), addr(ownerKey), addr(editorKey), addr(journalistKey), addr(outsiderKey), addr(clerkKey)];

const SLUG = "daily-ledger";
const DOMAIN = "dailyledger.example.org";

describe.each(dialects)("outlets, DNS verification, roles and activity on %s", (dialect) => {
  let stack: Stack;
  let dns: Awaited<ReturnType<typeof startTestDns>>;
  let api: ReturnType<typeof bridgeClient>;
  let chain: ReturnType<typeof chainAccess>;
  let txtValue = "";

  beforeAll(async () => {
    dns = await startTestDns();
    stack = await startStack({ database: dialect, env: {
        CAPSULE_DNS_SERVERS: dns.server,
        CAPSULE_DNS_TIMEOUT_MS: "3000",
        // This suite sends more than the seed's 20 writes a minute from one wallet; limits are tested elsewhere.
        CAPSULE_RATE_WRITE_PER_MIN: "1000",
        CAPSULE_RATE_PUBLIC_GET_PER_MIN: "1000",
      }, });
    api = bridgeClient(stack.baseUrl);
    chain = chainAccess(stack, (await deployedContracts(api)).roleRegistry.address);
  });

  afterAll(async () => {
    await stack?.stop();
    await dns?.close();
  });

  const keyOf = new Map<Address, Hex>([operatorKey, ownerKey, journalistKey, outsiderKey, editorKey, clerkKey].map((key) => [addr(key), key]));
  /** POST /api/roles/grant alone: to another wallet it only offers the role. */
  const offer = (key: Hex, wallet: Address, roleId: number, outletSlug = SLUG) => api.send(roleGrant, { body: { outletSlug, wallet, roleId } }, key);
  const accept = (key: Hex, offerId: string) => api.send(roleOfferAccept, { body: { offerId } }, key);
  /** A grant as the pages make it: the grant (an offer when to another wallet), then the grantee's accept. */
  const grant = async (key: Hex, wallet: Address, roleId: number, outletSlug = SLUG) => {
    const res = await offer(key, wallet, roleId, outletSlug);
    if (res.status !== 201 || res.body.status !== "offered") return res;
    return accept(keyOf.get(wallet)!, res.body.offer.offerId);
  };
  /** The grantee accepts its open offer of `roleId` (one a refused accept left open). */
  const acceptOpen = async (key: Hex, roleId: number) => {
    const mine = await api.send(roleOffers, { body: {} }, key);
    const open = mine.body.received.find((o: { roleId: number }) => o.roleId === roleId);
    expect(open, JSON.stringify(mine.body)).toBeDefined();
    return accept(key, open.offerId);
  };
  const revoke = (key: Hex, wallet: Address, roleId: number, outletSlug = SLUG) => api.send(roleRevoke, { body: { outletSlug, wallet, roleId } }, key);
  const verify = (key: Hex, outletSlug = SLUG) => api.send(outletVerify, { body: { outletSlug, method: "dns_txt" } }, key);

  it("serves the role catalog with bond requirements in wei and units", async () => {
    const res = await api.send(roleCatalogRead, {});
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      ok: true,
      items: [
        expect.objectContaining({ roleId: 1, name: "Journalist", bondRequired: parseEther("100").toString(), bondRequiredUnits: "100", canVote: false, scope: "outlet" }),
        expect.objectContaining({ roleId: 2, name: "Reporter", bondRequired: parseEther("50").toString(), bondRequiredUnits: "50", canVote: false, scope: "outlet" }),
        expect.objectContaining({ roleId: 3, name: "Editor", bondRequired: parseEther("250").toString(), bondRequiredUnits: "250", canVote: true, scope: "outlet" }),
        // kept so grants made before the jury court stay readable and revocable; it decides nothing
        expect.objectContaining({ roleId: 4, name: "Court clerk", description: expect.stringMatching(/^Decides nothing since the jury court/), bondRequired: parseEther("500").toString(), bondRequiredUnits: "500", canVote: false, scope: "network" }),
      ],
    });
  });

  it("creates the reserved capsule-court outlet, active and owned by the operator", async () => {
    const res = await api.send(outletRead, { params: { slug: "capsule-court" } });
    expect(res.status).toBe(200);
    expect(res.body.outlet).toMatchObject({ outletSlug: "capsule-court", outletMetadataURI: "", status: "active", outletWallet: operator, distribution: { tier: "standard" } });
  });

  it("creates a pending outlet and answers the TXT record to publish", async () => {
    const res = await api.send(outletCreate, { body: {
      slug: SLUG,
      name: "The Daily Ledger",
      domain: "DailyLedger.Example.org.",
      metadataURI: "ipfs://bafy-daily-ledger",
      description: "Local news with receipts",
    } }, ownerKey);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const { outlet, txtRecord } = res.body;
    expect(txtRecord.name).toBe(DOMAIN);
    expect(txtRecord.type).toBe("TXT");
    expect(txtRecord.value).toMatch(/^capsule-verification=[0-9a-f]{64}$/);
    txtValue = txtRecord.value;
    expect(outlet).toMatchObject({
      outletSlug: SLUG,
      name: "The Daily Ledger",
      domain: DOMAIN,
      outletWallet: owner,
      outletMetadataURI: "ipfs://bafy-daily-ledger",
      status: "pending",
      policyId: "default",
      trustedPublisher: false,
      verification: { method: "dns_txt", recordName: DOMAIN, recordValue: txtValue, verifiedAt: null, lastCheckedAt: null, lastResult: null },
      distribution: { tier: "none", acceptanceRate: 0, cleanRecord: true, monthsActive: 0 },
    });
    expect(outlet.outletId).toMatch(/^\d+$/);
    const again = await api.send(outletRead, { params: { slug: SLUG } });
    expect(again.body.outlet).toEqual(outlet);
  });

  it("records the owner's Editor role unbonded (no voting until the bond is held)", async () => {
    const users = await api.send(outletUsers, { params: { slug: SLUG } });
    expect(users.body).toMatchObject({ ok: true, outletSlug: SLUG, total: 1, page: 1, limit: 20, hasMore: false });
    expect(users.body.items).toEqual([{ wallet: owner, isOwner: true, roles: [expect.objectContaining({ roleId: 3, name: "Editor", bonded: false, grantedBy: owner })] }]);
    expect(await chain.isVoter(SLUG, owner)).toBe(false);
    // but a member of its outlet on chain: never on the juries that judge it, even when bonded elsewhere
    expect(await chain.isMember(SLUG, owner)).toBe(true);
    expect(await chain.jurorPool(SLUG)).not.toContain(owner);
  });

  it("refuses a duplicate slug with 409 CONFLICT", async () => {
    const res = await api.send(outletCreate, { body: { slug: SLUG, name: "Copycat", domain: "copycat.example.org" } }, outsiderKey);
    expectError(res, 409, "CONFLICT", `The outlet slug "${SLUG}" is already taken; choose another`);
    const court = await api.send(outletCreate, { body: { slug: "capsule-court", name: "Fake court", domain: "court.example.org" } }, outsiderKey);
    expectError(court, 409, "CONFLICT", `The outlet slug "capsule-court" is already taken; choose another`);
  });

  it.each([
    ["slug", { slug: "Daily", name: "n", domain: "a.example.org" }],
    ["slug", { slug: "ab", name: "n", domain: "a.example.org" }],
    ["slug", { slug: "-abc", name: "n", domain: "a.example.org" }],
    ["slug", { slug: "abc-", name: "n", domain: "a.example.org" }],
    ["slug", { slug: `a${"b".repeat(64)}`, name: "n", domain: "a.example.org" }],
    ["name", { slug: "valid-slug", name: "", domain: "a.example.org" }],
    ["domain", { slug: "valid-slug", name: "n", domain: "127.0.0.1" }],
    ["domain", { slug: "valid-slug", name: "n", domain: "[::1]" }],
    ["domain", { slug: "valid-slug", name: "n", domain: "2001:db8::1" }],
    ["domain", { slug: "valid-slug", name: "n", domain: "localhost" }],
    ["domain", { slug: "valid-slug", name: "n", domain: "newsroom" }],
    ["domain", { slug: "valid-slug", name: "n", domain: "printer.local" }],
    ["domain", { slug: "valid-slug", name: "n", domain: "cms.internal" }],
    ["domain", { slug: "valid-slug", name: "n", domain: "wiki.corp" }],
    ["domain", { slug: "valid-slug", name: "n", domain: "nas.home.arpa" }],
  ])("refuses a bad %s at creation with 400 VALIDATION_ERROR (%j)", async (field, body) => {
    const res = await api.postRaw(outletCreate, undefined, outsiderKey, body);
    expectError(res, 400, "VALIDATION_ERROR", `Invalid body: ${field}`, { issues: [{ path: field, message: expect.any(String) }] });
  });

  it("refuses unsigned and badly signed writes with 401", async () => {
    const body = JSON.stringify({ slug: "unsigned-outlet", name: "n", domain: "u.example.org" });
    const missing = await api.rawAt(outletCreate, undefined, "POST", { body });
    expectError(missing, 401, "UNAUTHORIZED", /.+/);
    for (const [endpoint, payload] of [
      [outletCreate, body],
      [outletVerify, JSON.stringify({ outletSlug: SLUG, method: "dns_txt" })],
      [roleGrant, JSON.stringify({ outletSlug: SLUG, wallet: journalist, roleId: 1 })],
      [roleRevoke, JSON.stringify({ outletSlug: SLUG, wallet: journalist, roleId: 1 })],
    ] as const) {
      const forged = await buildActionToken({
        wallet: owner,
        action: actionOf(endpoint),
        method: "POST",
        path: pathOf(endpoint),
        body: payload,
        sign: (args) => privateKeyToAccount(outsiderKey).signTypedData(args),
      });
      const res = await api.rawAt(endpoint, undefined, "POST", { body: payload, token: forged });
      expectError(res, 401, "INVALID_SIGNATURE", /.+/);
      expectError(await api.rawAt(endpoint, undefined, "POST", { body: payload }), 401, "UNAUTHORIZED", /.+/);
    }
  });

  it("answers 404 OUTLET_NOT_FOUND for unknown slugs and 400 for malformed ones", async () => {
    expectError(await api.send(outletRead, { params: { slug: "no-such-outlet" } }), 404, "OUTLET_NOT_FOUND", 'No outlet with slug "no-such-outlet"');
    expectError(await api.send(outletUsers, { params: { slug: "no-such-outlet" } }), 404, "OUTLET_NOT_FOUND", 'No outlet with slug "no-such-outlet"');
    expectError(await api.send(walletRolesAtOutlet, { params: { wallet: owner, outletSlug: "no-such-outlet" } }), 404, "OUTLET_NOT_FOUND", 'No outlet with slug "no-such-outlet"');
    expectError(await verify(ownerKey, "no-such-outlet"), 404, "OUTLET_NOT_FOUND", 'No outlet with slug "no-such-outlet"');
    expectError(await grant(ownerKey, journalist, 1, "no-such-outlet"), 404, "OUTLET_NOT_FOUND", 'No outlet with slug "no-such-outlet"');
    expectError(await api.send(outletRead, { params: { slug: "Bad_Slug" } }), 400, "VALIDATION_ERROR", "Invalid input: slug", { issues: [{ path: "slug", message: expect.any(String) }] });
  });

  it("refuses verification by a wallet that is neither owner nor Editor (403)", async () => {
    expectError(await verify(outsiderKey), 403, "FORBIDDEN", `Only the owner or an Editor of outlet "${SLUG}" may verify its domain`);
  });

  it("refuses grants at a pending outlet with 409 OUTLET_NOT_ACTIVE", async () => {
    expectError(await grant(ownerKey, journalist, 1), 409, "OUTLET_NOT_ACTIVE", `Outlet "${SLUG}" is pending; verify its domain first`);
  });

  it("keeps a pending outlet pending when no record exists, and persists the check", async () => {
    const res = await verify(ownerKey);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ok: true, verified: false, reason: "no_record", outlet: { status: "pending", verification: { lastResult: "no_record" } } });
    expect(res.body.message).toMatch(/status stays pending/);
    expect(res.body.outlet.verification.lastCheckedAt).toMatch(/^\d+$/);
  });

  it("reports a wrong token", async () => {
    dns.set(DOMAIN, { txt: ["v=spf1 -all", `capsule-verification=${"0".repeat(64)}`] });
    const res = await verify(ownerKey);
    expect(res.body).toMatchObject({ ok: true, verified: false, reason: "wrong_token", outlet: { status: "pending", verification: { lastResult: "wrong_token" } } });
  });

  it("reports a timeout when the DNS server never answers", async () => {
    dns.set(DOMAIN, "silent");
    const res = await verify(ownerKey);
    expect(res.body).toMatchObject({ ok: true, verified: false, reason: "timeout", outlet: { status: "pending", verification: { lastResult: "timeout" } } });
  });

  it("activates the outlet when the TXT record matches (pending -> active)", async () => {
    dns.set(DOMAIN, { txt: ["v=spf1 -all", txtValue] });
    const res = await verify(ownerKey);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ok: true, verified: true, reason: null, outlet: { status: "active", verification: { lastResult: "verified" }, distribution: { tier: "standard" } } });
    expect(res.body.message).toMatch(/pending → active/);
    expect(res.body.outlet.verification.verifiedAt).toMatch(/^\d+$/);
  });

  it("suspends an active outlet whose re-check fails, and re-activates it", async () => {
    dns.clear(DOMAIN);
    const failed = await verify(ownerKey);
    expect(failed.body).toMatchObject({ verified: false, reason: "no_record", outlet: { status: "suspended", distribution: { tier: "none" } } });
    expect(failed.body.message).toMatch(/active → suspended/);
    const suspended = await api.send(outletList, { query: { status: "suspended" } });
    expect(suspended.body.items.map((o: { outletSlug: string }) => o.outletSlug)).toEqual([SLUG]);
    dns.set(DOMAIN, { txt: [txtValue] });
    const again = await verify(ownerKey);
    expect(again.body).toMatchObject({ verified: true, outlet: { status: "active" } });
  });

  it("re-validates the stored domain at verification time (IP literal / internal name -> 400)", async () => {
    const handle = openStackDatabase(stack);
    try {
      for (const [slug, domain] of [["planted-ip", "10.0.0.7"], ["planted-lan", "files.lan"]] as const) {
        const now = Math.floor(Date.now() / 1000);
        await handle.db
          .insertInto("outlets")
          .values({ slug, name: slug, domain, description: null, metadata_uri: null, owner_wallet: owner, status: "pending", policy_id: "default", verification_token: "ab".repeat(32), verified_at: null, first_verified_at: null, last_checked_at: null, last_result: null, created_at: now, updated_at: now })
          .execute();
        const res = await verify(ownerKey, slug);
        expectError(res, 400, "VALIDATION_ERROR", /^The outlet's domain cannot be verified: /, { issues: [{ path: "domain", message: expect.any(String) }] });
      }
    } finally {
      await handle.close();
    }
  });

  it("lists outlets with the paged-list shape and a status filter", async () => {
    const all = await api.send(outletList, { query: { limit: 1 } });
    expect(all.body).toMatchObject({ ok: true, page: 1, limit: 1, total: 4, hasMore: true });
    expect(all.body.items).toHaveLength(1);
    const active = await api.send(outletList, { query: { status: "active" } });
    expect(active.body.items.map((o: { outletSlug: string }) => o.outletSlug)).toEqual(["capsule-court", SLUG]);
    expectError(await api.send(outletList, { query: { status: "closed" } }), 400, "VALIDATION_ERROR", "Invalid query: status", { issues: [{ path: "status", message: expect.any(String) }] });
    expectError(await api.send(outletList, { query: { limit: 101 } }), 400, "VALIDATION_ERROR", "Invalid query: limit", { issues: [{ path: "limit", message: expect.any(String) }] });
  });

  it("refuses grants and revokes by a wallet that is neither owner nor Editor (403)", async () => {
    expectError(await grant(outsiderKey, outsider, 1), 403, "FORBIDDEN", `Only the owner or an Editor of outlet "${SLUG}" may grant roles`);
    expectError(await revoke(outsiderKey, owner, 3), 403, "FORBIDDEN", `Only the owner or an Editor of outlet "${SLUG}", or the role's holder, may revoke roles`);
  });

  it("refuses a grant when the wallet's chain bond is below the requirement (403 INSUFFICIENT_BOND)", async () => {
    const res = await grant(ownerKey, journalist, 1);
    expectError(res, 403, "INSUFFICIENT_BOND", `The Journalist role needs a bond of 100 CAP; ${journalist} has 0 CAP bonded (deposit 100 CAP more on the Bonds page, then grant the role again)`, {
      bondRequired: parseEther("100").toString(),
      bonded: "0",
    });
  });

  it("validates grant bodies (wallet, roleId, slug)", async () => {
    for (const [field, body] of [
      ["wallet", { outletSlug: SLUG, wallet: "0x1234", roleId: 1 }],
      ["roleId", { outletSlug: SLUG, wallet: journalist, roleId: 9 }],
      ["roleId", { outletSlug: SLUG, wallet: journalist, roleId: "1" }],
      ["outletSlug", { outletSlug: "X", wallet: journalist, roleId: 1 }],
    ] as const) {
      expectError(await api.postRaw(roleGrant, undefined, ownerKey, body), 400, "VALIDATION_ERROR", `Invalid body: ${field}`, { issues: [{ path: field, message: expect.any(String) }] });
    }
    expectError(await grant(ownerKey, journalist, 4), 400, "VALIDATION_ERROR", 'The Court clerk role (4) is granted only at "capsule-court"', {
      issues: [{ path: "roleId", message: 'The Court clerk role (4) is granted only at "capsule-court"' }],
    });
  });

  it("grants a bonded Journalist role after a deposit, locking the bond on chain", async () => {
    await chain.deposit(journalistKey, "120");
    const res = await grant(ownerKey, journalist, 1);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      ok: true,
      role: { outletSlug: SLUG, wallet: journalist, roleId: 1, name: "Journalist", bonded: true, grantedBy: owner, revokedAt: null },
      bond: { bonded: parseEther("120").toString(), locked: parseEther("100").toString(), unlocked: parseEther("20").toString() },
      isVoter: false,
    });
    expect(await chain.lockedOf(journalist)).toBe(parseEther("100"));
    expectError(await grant(ownerKey, journalist, 1), 409, "CONFLICT", `${journalist} already holds the Journalist role at "${SLUG}"`);
  });

  it("activates the owner's Editor role once bonded, making it a voter", async () => {
    await chain.deposit(ownerKey, "250");
    const res = await grant(ownerKey, owner, 3);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ role: { wallet: owner, roleId: 3, bonded: true }, isVoter: true });
    expect(await chain.isVoter(SLUG, owner)).toBe(true);
    expect(await chain.lockedOf(owner)).toBe(parseEther("250"));
    expectError(await grant(ownerKey, owner, 3), 409, "CONFLICT", `${owner} already holds the Editor role at "${SLUG}"`);
  });

  it("lets a granted Editor manage the outlet, and revokes unlock bonds and voting", async () => {
    await chain.deposit(editorKey, "300");
    const granted = await grant(ownerKey, editor, 3);
    expect(granted.status).toBe(201);
    expect(await chain.isVoter(SLUG, editor)).toBe(true);
    expect(await chain.lockedOf(editor)).toBe(parseEther("250"));

    // The new Editor grants a Reporter role to itself (250 >= 50: the lock stays the largest requirement).
    const reporter = await grant(editorKey, editor, 2);
    expect(reporter.status).toBe(201);
    expect(await chain.lockedOf(editor)).toBe(parseEther("250"));

    const atOutlet = await api.send(walletRolesAtOutlet, { params: { wallet: editor.toLowerCase(), outletSlug: SLUG } });
    expect(atOutlet.status).toBe(200);
    expect(atOutlet.body).toMatchObject({ ok: true, wallet: editor, outletSlug: SLUG, isVoter: true, bond: { bonded: parseEther("300").toString(), locked: parseEther("250").toString() } });
    expect(atOutlet.body.roles.map((r: { roleId: number; outletName: string }) => [r.roleId, r.outletName])).toEqual([[3, "The Daily Ledger"], [2, "The Daily Ledger"]]);

    // The Editor revokes the Journalist: its lock drops to 0.
    const revoked = await revoke(editorKey, journalist, 1);
    expect(revoked.status, JSON.stringify(revoked.body)).toBe(200);
    expect(revoked.body).toMatchObject({ role: { roleId: 1, outletName: "The Daily Ledger", revokedBy: editor, revokedAt: expect.stringMatching(/^\d+$/) }, bond: { locked: "0" } });
    expect(await chain.lockedOf(journalist)).toBe(0n);
    expectError(await revoke(editorKey, journalist, 1), 404, "ROLE_NOT_FOUND", `${journalist} does not hold the Journalist role at "${SLUG}"`);

    // The owner revokes the Editor role: no more voting, the lock falls to the Reporter's 50.
    const demoted = await revoke(ownerKey, editor, 3);
    expect(demoted.body).toMatchObject({ isVoter: false, bond: { locked: parseEther("50").toString() } });
    expect(await chain.isVoter(SLUG, editor)).toBe(false);
    expect(await chain.lockedOf(editor)).toBe(parseEther("50"));
    // A Reporter is no longer allowed to manage the outlet.
    expectError(await grant(editorKey, journalist, 2), 403, "FORBIDDEN", `Only the owner or an Editor of outlet "${SLUG}" may grant roles`);
  });

  it("keeps role history and lists members and wallet roles", async () => {
    const users = await api.send(outletUsers, { params: { slug: SLUG }, query: { limit: 1 } });
    expect(users.body).toMatchObject({ ok: true, total: 2, page: 1, limit: 1, hasMore: true });
    expect(users.body.items).toEqual([{ wallet: owner, isOwner: true, roles: [expect.objectContaining({ roleId: 3, bonded: true })] }]);
    const page2 = await api.send(outletUsers, { params: { slug: SLUG }, query: { limit: 1, page: 2 } });
    expect(page2.body.items).toEqual([{ wallet: editor, isOwner: false, roles: [expect.objectContaining({ roleId: 2, name: "Reporter" })] }]);

    const roles = await api.send(walletRoles, { params: { address: editor } });
    expect(roles.body).toMatchObject({ ok: true, wallet: editor, total: 1, hasMore: false });
    expect(roles.body.items).toEqual([expect.objectContaining({ outletSlug: SLUG, outletName: "The Daily Ledger", roleId: 2, revokedAt: null })]);
    const none = await api.send(walletRoles, { params: { address: journalist } });
    expect(none.body).toMatchObject({ ok: true, items: [], total: 0 });
  });

  it("lets a wallet give up a role granted to it, releasing its bond lock, and nobody else's", async () => {
    // the demoted Editor still holds the Reporter role, which locks 50 CAP of its bond; it manages nothing
    expect(await chain.lockedOf(editor)).toBe(parseEther("50"));
    expectError(await revoke(editorKey, owner, 3), 403, "FORBIDDEN", `Only the owner or an Editor of outlet "${SLUG}", or the role's holder, may revoke roles`);
    const givenUp = await revoke(editorKey, editor, 2);
    expect(givenUp.status, JSON.stringify(givenUp.body)).toBe(200);
    expect(givenUp.body).toMatchObject({ role: { roleId: 2, wallet: editor, revokedBy: editor }, bond: { locked: "0" }, isVoter: false });
    expect(await chain.lockedOf(editor)).toBe(0n);
    expectError(await revoke(editorKey, editor, 2), 404, "ROLE_NOT_FOUND", `${editor} does not hold the Reporter role at "${SLUG}"`);
    // giving up a role one does not hold is told so, not refused
    expectError(await revoke(outsiderKey, outsider, 1), 404, "ROLE_NOT_FOUND", `${outsider} does not hold the Journalist role at "${SLUG}"`);
    // the roles list of the outlet keeps the owner alone
    const users = await api.send(outletUsers, { params: { slug: SLUG } });
    expect(users.body.items.map((u: { wallet: string }) => u.wallet)).toEqual([owner]);
  });

  it("grants the retired Court clerk role to no one, not even by the operator at capsule-court", async () => {
    expectError(await grant(ownerKey, clerk, 4, "capsule-court"), 403, "FORBIDDEN", 'Only the owner or an Editor of outlet "capsule-court" may grant roles');
    expectError(await grant(operatorKey, clerk, 1, "capsule-court"), 400, "VALIDATION_ERROR", 'Only the Court clerk role (4) is held at "capsule-court"', {
      issues: [{ path: "roleId", message: 'Only the Court clerk role (4) is held at "capsule-court"' }],
    });
    const noLonger = "The Court clerk role (4) decides nothing since the jury court decides disputes, and is no longer granted; the bridge operator may still revoke it";
    expectError(await grant(operatorKey, clerk, 4, "capsule-court"), 409, "INVALID_STATE", noLonger);
    // a bond does not change it, and nothing is locked
    await chain.deposit(clerkKey, "500");
    expectError(await grant(operatorKey, clerk, 4, "capsule-court"), 409, "INVALID_STATE", noLonger);
    expect(await chain.lockedOf(clerk)).toBe(0n);
    const held = await api.send(walletRolesAtOutlet, { params: { wallet: clerk, outletSlug: "capsule-court" } });
    expect(held.body.roles).toEqual([]);
    expect(operator).toMatch(/^0x/);
    expectError(await verify(operatorKey, "capsule-court"), 409, "INVALID_STATE", /reserved outlet "capsule-court"/);
  });

  it("rolls SQL back and answers 503 CHAIN_UNAVAILABLE when the chain write fails", async () => {
    await chain.deposit(outsiderKey, "100");
    const rpc = (method: string, params: unknown[]) =>
      fetch(stack.nodeRpcUrl, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }) }).then((r) => r.json() as Promise<{ result: string }>);
    const balance = (await rpc("eth_getBalance", [operator, "latest"])).result;
    await rpc("anvil_setBalance", [operator, "0x0"]); // the operator can no longer pay gas for setLocked
    try {
      expectError(await grant(ownerKey, outsider, 1), 503, "CHAIN_UNAVAILABLE", "The chain could not be reached or refused the call (setLocked); nothing was changed");
    } finally {
      await rpc("anvil_setBalance", [operator, balance]);
    }
    const roles = await api.send(walletRolesAtOutlet, { params: { wallet: outsider, outletSlug: SLUG } });
    expect(roles.body).toMatchObject({ roles: [], isVoter: false, bond: { locked: "0" } });
    const feed = await api.send(walletActivity, { params: { address: outsider } });
    expect(feed.body.items.filter((i: { kind: string }) => i.kind.startsWith("role."))).toEqual([]);
    // With gas money back the same grant goes through.
    expect((await acceptOpen(outsiderKey, 1)).status).toBe(201);
    expect(await chain.lockedOf(outsider)).toBe(parseEther("100"));
  });

  it("answers 400 VALIDATION_ERROR for malformed addresses", async () => {
    for (const [what, read] of [
      ["roles of 0x123", () => api.send(walletRoles, { params: { address: "0x123" } })],
      ["activity of not-an-address", () => api.send(walletActivity, { params: { address: "not-an-address" } })],
      ["roles of 0xzz at the outlet", () => api.send(walletRolesAtOutlet, { params: { wallet: "0xzz", outletSlug: SLUG } })],
    ] as const) {
      const res = await read();
      expect(res.status, what).toBe(400);
      expect(res.body).toMatchObject({ ok: false, error: "VALIDATION_ERROR", statusCode: 400, issues: [expect.objectContaining({ path: expect.stringMatching(/^(address|wallet)$/) })] });
    }
  });

  it("shows the wallet's full activity, newest first, including indexed bond deposits", async () => {
    const kindsOf = (body: Record<string, any>) => body.items.map((i: { kind: string }) => i.kind) as string[];
    const ownerFeed = await eventually(async () => {
      const res = await api.send(walletActivity, { params: { address: owner }, query: { limit: 100 } });
      return kindsOf(res.body).includes("bond.deposited") ? res.body : undefined;
    }, "the owner's bond deposit to be indexed");
    const kinds = kindsOf(ownerFeed);
    for (const kind of ["outlet.created", "outlet.verified", "outlet.verification_failed", "role.granted", "role.revoked", "bond.deposited"]) expect(kinds).toContain(kind);
    const times = ownerFeed.items.map((i: { createdAt: string }) => Number(i.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const deposit = ownerFeed.items.find((i: { kind: string }) => i.kind === "bond.deposited");
    expect(deposit).toMatchObject({ outletSlug: null, txHash: expect.stringMatching(/^0x[0-9a-f]{64}$/), details: { amount: parseEther("250").toString(), total: parseEther("250").toString() } });
    const created = ownerFeed.items.find((i: { kind: string }) => i.kind === "outlet.created");
    expect(created).toMatchObject({ outletSlug: SLUG, subjectId: expect.stringMatching(/^\d+$/), txHash: null });

    // The journalist's feed: its deposit, the grant and the revoke as subject.
    const journalistFeed = await eventually(async () => {
      const res = await api.send(walletActivity, { params: { address: journalist } });
      return kindsOf(res.body).includes("bond.deposited") ? res.body : undefined;
    }, "the journalist's bond deposit to be indexed");
    expect(kindsOf(journalistFeed)).toEqual(["role.revoked", "role.granted", "bond.deposited"]);
    expect(journalistFeed.items[0]).toMatchObject({ outletSlug: SLUG, details: { side: "subject", by: editor, roleId: 1 } });
    expect(journalistFeed).toMatchObject({ ok: true, wallet: journalist, page: 1, limit: 20, total: 3, hasMore: false });

    // The editor who revoked sees it as actor.
    const editorFeed = await api.send(walletActivity, { params: { address: editor }, query: { limit: 100 } });
    expect(editorFeed.body.items).toContainEqual(expect.objectContaining({ kind: "role.revoked", details: expect.objectContaining({ side: "actor", wallet: journalist }) }));
  });
  it("a grant to another wallet changes nothing on chain until that wallet accepts; declined, withdrawn and expired offers leave nothing", async () => {
    const rpc = (method: string, params: unknown[]) =>
      fetch(stack.nodeRpcUrl, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }) }).then((r) => r.json() as Promise<{ result: unknown }>);
    // two uninvolved wallets with bonds: a juror (an Editor of its own outlet, in the pool for SLUG) and a stranger
    const [jurorKey, strangerKey] = [generatePrivateKey(), generatePrivateKey()];
    const [juror, stranger] = [addr(jurorKey), addr(strangerKey)];
    for (const key of [jurorKey, strangerKey]) {
      await rpc("anvil_setBalance", [addr(key), `0x${parseEther("1000").toString(16)}`]);
      keyOf.set(addr(key), key);
    }
    await chain.deposit(jurorKey, "300");
    await chain.deposit(strangerKey, "300");
    await activeOutlet(api, dns, jurorKey, "juror-desk"); // a bonded creator is its outlet's Editor at once: a voter
    expectError(await grant(jurorKey, juror, 3, "juror-desk"), 409, "CONFLICT", `${juror} already holds the Editor role at "juror-desk"`);
    expect(await chain.jurorPool(SLUG)).toContain(juror);
    const poolBefore = await chain.jurorPool(SLUG);
    const lockedBefore = await chain.lockedOf(juror);
    // the public live stream, open as any anonymous page's: it must not hear of offers until one is accepted
    const live = await openLiveStream(stack.baseUrl);
    await live.next((e) => e.type === "hello", "hello");
    const fromOffers = live.events.length;

    // the owner offers the juror a member role: it stays a juror of SLUG, nothing is locked or flagged
    const offered = await offer(ownerKey, juror, 1);
    expect(offered.status, JSON.stringify(offered.body)).toBe(201);
    expect(offered.body).toEqual({
      ok: true,
      status: "offered",
      offer: expect.objectContaining({ outletSlug: SLUG, wallet: juror, roleId: 1, name: "Journalist", canVote: false, offeredBy: owner, status: "pending" }),
    });
    expect(Number(offered.body.offer.expiresAt) - Number(offered.body.offer.offeredAt)).toBe(14 * 86_400);
    expectError(await offer(ownerKey, juror, 1), 409, "CONFLICT", `${juror} already has an open offer of the Journalist role at "${SLUG}"`);
    expect(await chain.isMember(SLUG, juror)).toBe(false);
    expect(await chain.jurorPool(SLUG)).toEqual(poolBefore);
    expect(await chain.lockedOf(juror)).toBe(lockedBefore);
    expect((await api.send(walletRolesAtOutlet, { params: { wallet: juror, outletSlug: SLUG } })).body.roles).toEqual([]);
    // the grantee sees it, the outlet's managers see it, nobody else
    expect((await api.send(roleOffers, { body: {} }, jurorKey)).body.received).toEqual([offered.body.offer]);
    expect((await api.send(roleOffers, { body: { outletSlug: SLUG } }, ownerKey)).body.sent).toEqual([offered.body.offer]);
    expect((await api.send(roleOffers, { body: { outletSlug: SLUG } }, outsiderKey)).body).toMatchObject({ received: [], sent: [] });
    // a wallet that may not see the offer gets the very answer of an offer that does not exist, whatever it tries
    const withdraw = (key: Hex, offerId: string) => api.send(roleOfferWithdraw, { body: { offerId } }, key);
    const decline = (key: Hex, offerId: string) => api.send(roleOfferDecline, { body: { offerId } }, key);
    const offerId = offered.body.offer.offerId;
    const unknownId = String(Number(offerId) + 1_000_000);
    for (const [key, what] of [[strangerKey, "a bonded stranger"], [outsiderKey, "an outsider"]] as const) {
      for (const answer of [accept, decline, withdraw]) {
        const [hidden, unknown] = [await answer(key, offerId), await answer(key, unknownId)];
        expectError(hidden, 404, "NOT_FOUND", `Role offer ${offerId} not found`);
        expect({ status: hidden.status, body: hidden.body }, what).toEqual({ status: unknown.status, body: { ...unknown.body, message: `Role offer ${offerId} not found` } });
      }
    }
    // the grantee sees the offer: it is told why it may not withdraw it
    expectError(await withdraw(jurorKey, offerId), 403, "FORBIDDEN", `Only the owner or an Editor of outlet "${SLUG}" may withdraw its role offers; decline an offer made to you instead`);

    // declined: nothing changes, and it cannot be accepted afterwards
    const declined = await api.send(roleOfferDecline, { body: { offerId: offered.body.offer.offerId } }, jurorKey);
    expect(declined.body).toMatchObject({ ok: true, offer: { status: "declined" } });
    expectError(await accept(jurorKey, offered.body.offer.offerId), 409, "INVALID_STATE", `Role offer ${offered.body.offer.offerId} was declined; only an open offer can be answered`, { offerStatus: "declined" });
    expect(await chain.isMember(SLUG, juror)).toBe(false);
    expect(await chain.jurorPool(SLUG)).toEqual(poolBefore);

    // an Editor offer to the stranger: no voter flag, no new juror; withdrawn, it leaves nothing
    const editorOffer = await offer(ownerKey, stranger, 3);
    expect(editorOffer.body).toMatchObject({ status: "offered", offer: { roleId: 3, canVote: true } });
    expect(await chain.isVoter(SLUG, stranger)).toBe(false);
    expect(await chain.jurorPool("juror-desk")).not.toContain(stranger);
    // the owner of another outlet is a stranger to this offer
    expectError(await withdraw(jurorKey, editorOffer.body.offer.offerId), 404, "NOT_FOUND", `Role offer ${editorOffer.body.offer.offerId} not found`);
    const withdrawn = await api.send(roleOfferWithdraw, { body: { offerId: editorOffer.body.offer.offerId } }, ownerKey);
    expect(withdrawn.body).toMatchObject({ ok: true, offer: { status: "withdrawn" } });
    expectError(await accept(strangerKey, editorOffer.body.offer.offerId), 409, "INVALID_STATE", /was withdrawn/, { offerStatus: "withdrawn" });
    expect(await chain.isVoter(SLUG, stranger)).toBe(false);
    expect(await chain.lockedOf(stranger)).toBe(0n);

    // expired after 14 days: no longer listed, no longer accepted; a new offer may be made
    const late = await offer(ownerKey, stranger, 3);
    await rpc("evm_increaseTime", [14 * 86_400 + 60]);
    await rpc("evm_mine", []);
    expect((await api.send(roleOffers, { body: {} }, strangerKey)).body.received).toEqual([]);
    expectError(await accept(strangerKey, late.body.offer.offerId), 409, "INVALID_STATE", /was expired/, { offerStatus: "expired" });
    expect(await chain.isVoter(SLUG, stranger)).toBe(false);
    expect(await chain.jurorPool("juror-desk")).not.toContain(stranger);

    // accepted: only now the chain changes — the member leaves SLUG's pool, the Editor votes and joins the pool
    const again = await offer(ownerKey, juror, 1);
    const accepted = await accept(jurorKey, again.body.offer.offerId);
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(201);
    expect(accepted.body).toMatchObject({ ok: true, status: "granted", role: { wallet: juror, roleId: 1, grantedBy: owner, bonded: true } });
    expect(await chain.isMember(SLUG, juror)).toBe(true);
    expect(await chain.jurorPool(SLUG)).not.toContain(juror);
    expectError(await accept(jurorKey, again.body.offer.offerId), 409, "INVALID_STATE", /was accepted/, { offerStatus: "accepted" });
    // made, declined, withdrawn, expired: none of it was pushed; the accept is a public grant naming both wallets
    const granted = await live.next((e) => e.kinds.includes("bridge:roles.granted") && e.wallets.includes(juror), "the accepted offer's grant", fromOffers);
    expect(granted.wallets).toContain(owner);
    expect(live.events.slice(fromOffers).flatMap((e) => e.kinds).filter((kind) => kind.startsWith("bridge:") && kind !== "bridge:roles.granted")).toEqual([]);
    await live.close();
    const editorAgain = await offer(ownerKey, stranger, 3);
    expect((await accept(strangerKey, editorAgain.body.offer.offerId)).body).toMatchObject({ status: "granted", isVoter: true });
    expect(await chain.isVoter(SLUG, stranger)).toBe(true);
    expect(await chain.jurorPool("juror-desk")).toContain(stranger);
  });
});
