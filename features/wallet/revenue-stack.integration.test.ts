import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chromium } from "@playwright/test";
import { createWalletClient, defineChain, http, parseEther, parseEventLogs, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { articleRegistryAbi, licenceEscrowAbi } from "@/lib/chain/abi";
import type { DeploymentRecord } from "@/lib/chain/deployment-record";
import { openDatabase, type DatabaseHandle } from "@/lib/db/connection";
import { adCampaigns } from "@/features/ads/campaigns.endpoint";
import { walletEarnings } from "@/features/wallet/earnings.endpoint";
import { loadAdCampaigns } from "@/features/ads/campaigns";
import { devKeys, TEST_OPERATOR_KEY } from "@/test/support/anvil";
import { bridgeClient } from "@/test/support/bridge-client";
import { dialectsUnderTest, startStack, type Stack } from "@/test/support/stack";
import { voteStream, VOTERS, WINDOW, type VoteStream } from "@/test/indexer/support/vote-stream";
import { deploymentOf } from "@/test/operator/support";
import { waitFor } from "@/features/partners/partners.test-support";

// Issue 29 items 4 and 5 on the real stack, both dialects: the reader's page of a finalized article
// shows one Sponsored slot outside the article (no cookie, no script of its own), its impression is
// counted once per reader and day and credited to the outlet and the contributors; the indexer projects
// LicenceEscrow's deposits, releases (each transfer into the earnings ledger, exact to the wei) and refunds.

const dialects = await dialectsUnderTest();
const SLUG = "revenue-desk";
const CLOSER = VOTERS.at(-1)!;
const ALICE = privateKeyToAccount(devKeys[1] as Hex).address; // the journalist (vote-stream's submitter)
const BOB = privateKeyToAccount(devKeys[2] as Hex).address;
const BUYER = 6;
const shots = path.join(os.tmpdir(), "capsule-revenue-shots");

describe.each(dialects)("revenue on the stack on %s", (dialect) => {
  let stack: Stack;
  let handle: DatabaseHandle;
  let stream: VoteStream;
  let deployment: DeploymentRecord;
  let operatorKey: Hex;
  let capsuleId: number;
  let listingId: number;

  const chain = () => defineChain({ id: deployment.chainId, name: "test", nativeCurrency: { name: "Capsule", symbol: "CAP", decimals: 18 }, rpcUrls: { default: { http: [stack.nodeRpcUrl] } } });
  const walletOf = (key: Hex) => createWalletClient({ chain: chain(), transport: http(stack.nodeRpcUrl), account: privateKeyToAccount(key) });
  const escrow = () => ({ address: deployment.contracts.licenceEscrow.address as Hex, abi: licenceEscrowAbi });

  beforeAll(async () => {
    stack = await startStack({ database: dialect, env: { CAPSULE_DEMO_DATA: "0", CAPSULE_RATE_PUBLIC_GET_PER_MIN: "100000", CAPSULE_TRUST_PROXY: "1" } });
    deployment = deploymentOf(stack.dataDir);
    stream = voteStream(stack.nodeRpcUrl, deployment);
    operatorKey = [TEST_OPERATOR_KEY, devKeys[0]!].find((key) => privateKeyToAccount(key).address.toLowerCase() === deployment.deployer.toLowerCase())!;
    handle = openDatabase({ databaseUrl: stack.databaseUrl, sqliteFile: path.join(stack.dataDir, "capsule.sqlite") });
    capsuleId = (await stream.seedDrafts(handle.db, SLUG, 1))[0]!;
    const now = Math.floor(Date.now() / 1000);
    await handle.db
      .insertInto("capsule_contributors")
      .values([
        { capsule_id: capsuleId, wallet: ALICE, display_name: "Alice", role: 1, contribution_type: "author", share_bps: 6000, attribution_uri: null, active: 1, created_at: now },
        { capsule_id: capsuleId, wallet: BOB, display_name: "Bob", role: 2, contribution_type: "researcher", share_bps: 4000, attribution_uri: null, active: 1, created_at: now },
      ])
      .execute();
    await stream.enableVoters(SLUG);
    await stream.publish(SLUG, [capsuleId]);
    await stream.vote(CLOSER, capsuleId, true);
    await stream.rpc("evm_increaseTime", [Number(WINDOW) + 60]);
    await stream.rpc("evm_mine", []);
    await stream.publicClient.waitForTransactionReceipt({
      hash: await walletOf(devKeys[CLOSER] as Hex).writeContract({ address: deployment.contracts.articleRegistry.address as Hex, abi: articleRegistryAbi, functionName: "finalizeCapsule", args: [BigInt(capsuleId)] }),
    });
    await waitFor(async () => ((await handle.db.selectFrom("capsules").select("status").where("id", "=", capsuleId).executeTakeFirst())?.status === "finalized" ? true : undefined), "the capsule finalized in SQL");
    await loadAdCampaigns(handle.db, {
      campaigns: [{ slug: "bay-ferries", advertiser: "Bay Ferries", name: "Winter", headline: "Cross the bay for less", body: "Daily sailings, all winter.", clickUrl: "https://ferries.example.org/winter", targetOutlets: [SLUG], budget: "1000000000", cpm: "1000000", startsAt: 0 }],
    });
    const listing = await handle.db
      .insertInto("rights_listings")
      .values({ capsule_id: capsuleId, outlet_id: (await handle.db.selectFrom("outlets").select("id").where("slug", "=", SLUG).executeTakeFirstOrThrow()).id, outlet_slug: SLUG, created_by: ALICE, licence_type: "exclusive", territory: "worldwide", price: parseEther("2").toString(), currency: "CAP", terms: "Syndication with credit.", expires_at: null, created_at: now, payee: ALICE, created_block: await stream.head() })
      .returning("id")
      .executeTakeFirstOrThrow();
    listingId = listing.id;
    fs.mkdirSync(shots, { recursive: true });
  }, 300_000);

  afterAll(async () => {
    await handle?.close();
    await stack?.stop();
  });

  it("shows one Sponsored slot beside the article, counts the reader once a day and credits outlet and contributors", async () => {
    const api = bridgeClient(stack.baseUrl);
    // two readers behind this test's "proxy" (the server trusts one): one reader is one address, whatever its user agent
    const readerOne = { "x-forwarded-for": "203.0.113.1", "user-agent": "reader-one" };
    const readerTwo = { "x-forwarded-for": "203.0.113.2", "user-agent": "reader-one" };
    const page = await fetch(`${stack.baseUrl}/read/${capsuleId}`, { headers: readerOne });
    expect(page.status, stack.output().slice(-3000)).toBe(200);
    expect(page.headers.get("set-cookie")).toBeNull();
    const html = await page.text();
    expect(html).toContain('data-testid="sponsored"');
    expect(html).toContain("Cross the bay for less");
    // the slot comes after the article element closed: outside the article body
    expect(html.indexOf('data-testid="sponsored"')).toBeGreaterThan(html.lastIndexOf("</article>"));
    await fetch(`${stack.baseUrl}/read/${capsuleId}`, { headers: readerOne });
    await fetch(`${stack.baseUrl}/read/${capsuleId}`, { headers: { ...readerOne, "user-agent": "another-browser" } });
    let campaign = (await api.call(adCampaigns, { query: {} })).items.find((c) => c.slug === "bay-ferries")!;
    expect(campaign).toMatchObject({ impressions: 1, spent: "1000", exhausted: false });
    await fetch(`${stack.baseUrl}/read/${capsuleId}`, { headers: readerTwo });
    campaign = (await api.call(adCampaigns, { query: {} })).items.find((c) => c.slug === "bay-ferries")!;
    expect(campaign).toMatchObject({ impressions: 2, spent: "2000" });
    // 1000 wei an impression: the outlet 500, Alice 60 % of 500 = 300, Bob 200
    const alice = await api.call(walletEarnings, { params: { address: ALICE }, query: { source: "ad" } });
    expect(alice.items.map((i) => i.amount)).toEqual(["300", "300"]);
    const bob = await api.call(walletEarnings, { params: { address: BOB }, query: {} });
    expect(bob.totals).toEqual({ ad: "400", licence: "0", all: "400" });
    const owner = await api.call(walletEarnings, { params: { address: stream.address(0) }, query: {} });
    expect(owner.totals.ad).toBe("1000");

    const browser = await chromium.launch({ executablePath: process.env.CAPSULE_CHROMIUM ?? "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
    try {
      for (const width of [1280, 360]) {
        const tab = await browser.newPage({ viewport: { width, height: 900 } });
        const scripts: string[] = [];
        tab.on("request", (request) => {
          if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
        });
        await tab.goto(`${stack.baseUrl}/read/${capsuleId}`);
        const slot = tab.getByTestId("sponsored");
        await expect(slot.getByText("Sponsored", { exact: true }).isVisible()).resolves.toBe(true);
        expect(await tab.locator("article [data-testid=sponsored]").count()).toBe(0);
        const link = await slot.getByRole("link", { name: "Visit Bay Ferries" }).boundingBox();
        expect(link!.height).toBeGreaterThanOrEqual(44);
        expect(scripts).toEqual(["/islands/reader.js"]);
        expect(await tab.context().cookies()).toEqual([]);
        await slot.scrollIntoViewIfNeeded();
        await tab.screenshot({ path: path.join(shots, `read-${dialect}-${width}.png`), fullPage: true });
        await tab.close();
      }
    } finally {
      await browser.close();
    }
  });

  it("projects escrow deposits, releases (each transfer into the ledger, exact to the wei) and refunds", async () => {
    const api = bridgeClient(stack.baseUrl);
    const buyer = walletOf(devKeys[BUYER] as Hex);
    const deposit = async (value: bigint) => {
      const receipt = await stream.publicClient.waitForTransactionReceipt({ hash: await buyer.writeContract({ ...escrow(), functionName: "deposit", args: [BigInt(listingId), ALICE], value }) });
      return parseEventLogs({ abi: licenceEscrowAbi, logs: receipt.logs, eventName: "Deposited" })[0]!.args.paymentId;
    };
    const amount = parseEther("2") + 3n;
    const kept = await deposit(amount);
    const lost = await deposit(parseEther("2"));
    const operator = walletOf(operatorKey);
    const released = await stream.publicClient.waitForTransactionReceipt({ hash: await operator.writeContract({ ...escrow(), functionName: "release", args: [kept, 5000, [ALICE, BOB], [6000, 4000]] }) });
    await stream.publicClient.waitForTransactionReceipt({ hash: await operator.writeContract({ ...escrow(), functionName: "refund", args: [lost, 0] }) });

    const rows = await waitFor(async () => {
      const found = await handle.db.selectFrom("licence_escrow_payments").selectAll().where("listing_id", "=", listingId).orderBy("payment_id").execute();
      return found.length === 2 && found.every((r) => r.status !== "held") ? found : undefined;
    }, "the escrow payments projected");
    expect(rows[0]).toMatchObject({ payment_id: Number(kept), status: "released", payee_bps: 5000, amount: amount.toString(), buyer: privateKeyToAccount(devKeys[BUYER] as Hex).address, payee: ALICE, settle_tx_hash: released.transactionHash });
    expect(rows[1]).toMatchObject({ payment_id: Number(lost), status: "refunded", refund_reason: "lost_race" });

    // pool ⌊(2 CAP + 3) / 2⌋ = 1 CAP + 1: Alice ⌊60 %⌋ = 0.6 CAP, Bob ⌊40 %⌋ = 0.4 CAP; the payee (Alice) the rest, 1 CAP + 3
    const alice = await api.call(walletEarnings, { params: { address: ALICE }, query: { source: "licence" } });
    expect(alice.items.map((i) => [i.party, i.amount, i.shareBps]).sort()).toEqual([
      ["contributor", "600000000000000000", 6000],
      ["payee", "1000000000000000003", 0],
    ]);
    expect(alice.items.every((i) => i.txHash === released.transactionHash && i.capsuleId === String(capsuleId) && i.sourceId === String(kept))).toBe(true);
    const bob = await api.call(walletEarnings, { params: { address: BOB }, query: { source: "licence" } });
    expect(bob.items.map((i) => i.amount)).toEqual(["400000000000000000"]);
    expect(BigInt(alice.totals.licence) + BigInt(bob.totals.licence)).toBe(amount);
  });
});
