import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createWalletClient, defineChain, http, parseEther, parseEventLogs, type Address, type Hex, type TransactionReceipt } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { articleRegistryAbi, licenceEscrowAbi } from "@/lib/chain/abi";
import type { DeploymentRecord } from "@/lib/chain/deployment-record";
import { openDatabase, type DatabaseHandle } from "@/lib/db/connection";
import { rightsLicense } from "@/features/rights/license.endpoint";
import { rightsCreate } from "@/features/rights/create.endpoint";
import { rightsWithdraw } from "@/features/rights/withdraw.endpoint";
import { capsuleRights } from "@/features/rights/capsule-rights.endpoint";
import { inboxRead } from "@/features/inbox/read.endpoint";
import { rebuildProjection } from "@/features/rebuild-projection";
import { walletEarnings } from "@/features/wallet/earnings.endpoint";
import { devKeys } from "@/test/support/anvil";
import { bridgeClient } from "@/test/support/bridge-client";
import { dialectsUnderTest, startStack, type Stack } from "@/test/support/stack";
import { voteStream, VOTERS, WINDOW, type VoteStream } from "@/test/indexer/support/vote-stream";
import { deploymentOf } from "@/test/operator/support";
import { LICENCE_RECLAIM_AFTER_SECONDS } from "@/lib/chain/deploy";
import { RELEASE_MARGIN_SECONDS } from "@/features/rights/escrow-deposit";
import { waitFor } from "@/features/partners/partners.test-support";
import { sql } from "kysely";
import { takeTransactionLock } from "@/lib/db/server-functions";
import { OPERATOR_NONCE_LOCK_KEY } from "@/lib/chain/operator/queue-operator-tx";
import { openLiveStream } from "@/features/live/live-stream.test-support";

// Issue 29 item 5 over HTTP on the real stack, both dialects: POST /api/rights/license takes a deposit
// into LicenceEscrow (payer, listing, payee, amount, confirmations, single use checked on the node),
// releases it to the payee and the contributors by shareBps (exact to the wei, in the earnings ledger),
// and refunds a buyer whose licence was refused; the leader refunds the deposits that lost the race for an
// exclusive listing, once its sale's release is indexed (features/rights/lost-race-refunds.ts).

const dialects = await dialectsUnderTest();
const SLUG = "escrow-desk";
const CLOSER = VOTERS.at(-1)!;
const key = (i: number) => devKeys[i] as Hex;
const addressOf = (i: number) => privateKeyToAccount(key(i)).address;
const ALICE = addressOf(1); // the journalist (vote-stream's submitter) and the listings' payee: 60 %
const BOB = addressOf(2); // 40 %
const [BUYER, STRANGER, B3, B4, B5, B6] = [3, 4, 5, 6, 7, 8];
const PRICE = parseEther("2");
const CONFIRMATIONS = 2;
const GWEI = 1_000_000_000n;
const REFUND_POLL_MS = 1000;
const RECEIPT_WAIT_MS = 5000;

describe.each(dialects)("licences paid through the escrow on %s", (dialect) => {
  let stack: Stack;
  let handle: DatabaseHandle;
  let stream: VoteStream;
  let deployment: DeploymentRecord;
  let capsuleId: number;
  let outletId: number;
  let api: ReturnType<typeof bridgeClient>;

  const chain = () => defineChain({ id: deployment.chainId, name: "test", nativeCurrency: { name: "Capsule", symbol: "CAP", decimals: 18 }, rpcUrls: { default: { http: [stack.nodeRpcUrl] } } });
  const walletOf = (i: number) => createWalletClient({ chain: chain(), transport: http(stack.nodeRpcUrl), account: privateKeyToAccount(key(i)) });
  const escrow = () => ({ address: deployment.contracts.licenceEscrow.address as Address, abi: licenceEscrowAbi });
  const balance = (address: Address) => stream.publicClient.getBalance({ address });
  const gasOf = (r: TransactionReceipt) => r.gasUsed * r.effectiveGasPrice;
  const mine = (blocks: number) => stream.rpc("anvil_mine", [`0x${blocks.toString(16)}`]);
  const license = (buyer: number, body: Record<string, unknown>) => api.postRaw(rightsLicense, undefined, key(buyer), body);

  async function deposit(buyer: number, listingId: number, value: bigint, payee: Address = ALICE, confirm = true) {
    const receipt = await stream.publicClient.waitForTransactionReceipt({ hash: await walletOf(buyer).writeContract({ ...escrow(), functionName: "deposit", args: [BigInt(listingId), payee], value }) });
    if (confirm) await mine(CONFIRMATIONS - 1);
    const paymentId = parseEventLogs({ abi: licenceEscrowAbi, logs: receipt.logs, eventName: "Deposited" })[0]!.args.paymentId;
    return { hash: receipt.transactionHash, receipt, paymentId };
  }

  async function listing(options: { exclusive?: boolean; id?: number; expiresAt?: number; payee?: Address } = {}) {
    const row = await handle.db
      .insertInto("rights_listings")
      .values({
        ...(options.id ? { id: options.id } : {}),
        capsule_id: capsuleId,
        outlet_id: outletId,
        outlet_slug: SLUG,
        created_by: ALICE,
        licence_type: options.exclusive ? "exclusive" : "non_exclusive",
        territory: "worldwide",
        price: PRICE.toString(),
        currency: "CAP",
        terms: "Syndication with credit.",
        expires_at: options.expiresAt ?? null,
        created_at: Math.floor(Date.now() / 1000),
        payee: options.payee ?? ALICE,
        created_block: await stream.head(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return row.id;
  }

  type Notice = { kind: string; message: string; capsuleId: string | null; txHash: string | null };
  /** The wallet's void-licence entries in its inbox (newest first), as the page shows them. */
  const voidNotices = async (i: number) =>
    ((await api.send(inboxRead, { body: { limit: 100 } }, key(i))).body.items as Notice[])
      .filter((item) => item.kind === "inbox.licence_void" || item.kind === "inbox.licence_sale_void")
      .map(({ kind, message, capsuleId, txHash }) => ({ kind, message, capsuleId, txHash }));
  /** A week on, the buyer takes the deposit back with a higher tip than the operator's release (automine off: both wait). */
  const reclaimAhead = async (buyer: number, paymentId: bigint) => {
    await stream.rpc("evm_increaseTime", [LICENCE_RECLAIM_AFTER_SECONDS + 60]);
    const hash = await walletOf(buyer).writeContract({ ...escrow(), functionName: "reclaim", args: [paymentId], gas: 200_000n, maxPriorityFeePerGas: 50n * GWEI, maxFeePerGas: 500n * GWEI });
    await stream.rpc("evm_mine", []);
    expect((await stream.publicClient.getTransactionReceipt({ hash })).status).toBe("success");
    return hash;
  };

  /** LicenceEscrow's own word on a payment: 1 held, 2 released, 3 refunded. */
  const onChain = async (paymentId: bigint) => (await stream.publicClient.readContract({ ...escrow(), functionName: "payments", args: [paymentId] }))[5];
  const decision = (paymentId: bigint) => handle.db.selectFrom("licence_escrow_settlements").selectAll().where("payment_id", "=", Number(paymentId)).executeTakeFirst();
  const projectedCount = (listingId: number, count: number) =>
    waitFor(async () => ((await handle.db.selectFrom("licence_escrow_payments").select("payment_id").where("listing_id", "=", listingId).execute()).length === count ? true : undefined), "the deposits projected");

  const payment = (paymentId: bigint) =>
    waitFor(async () => {
      const row = await handle.db.selectFrom("licence_escrow_payments").selectAll().where("payment_id", "=", Number(paymentId)).executeTakeFirst();
      return row && row.status !== "held" ? row : undefined;
    }, `escrow payment ${paymentId} settled in the projection`);

  beforeAll(async () => {
    stack = await startStack({
      database: dialect,
      env: {
        CAPSULE_DEMO_DATA: "0",
        CAPSULE_RATE_WRITE_PER_MIN: "100000",
        CAPSULE_RATE_PUBLIC_GET_PER_MIN: "100000",
        CAPSULE_PAYMENT_CONFIRMATIONS: String(CONFIRMATIONS),
        CAPSULE_ESCROW_REFUND_POLL_MS: String(REFUND_POLL_MS),
        // a sale answered while automine is off ("sent") waits out the whole receipt wait, 15 s by default, three
        // times per dialect; with automine on a receipt is there at the first 100 ms poll, so 5 s still says "mined"
        CAPSULE_OPERATOR_RECEIPT_WAIT_MS: String(RECEIPT_WAIT_MS),
      },
    });
    api = bridgeClient(stack.baseUrl);
    deployment = deploymentOf(stack.dataDir);
    stream = voteStream(stack.nodeRpcUrl, deployment);
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
      hash: await walletOf(CLOSER).writeContract({ address: deployment.contracts.articleRegistry.address as Hex, abi: articleRegistryAbi, functionName: "finalizeCapsule", args: [BigInt(capsuleId)] }),
    });
    await waitFor(async () => ((await handle.db.selectFrom("capsules").select("status").where("id", "=", capsuleId).executeTakeFirst())?.status === "finalized" ? true : undefined), "the capsule finalized in SQL");
    outletId = (await handle.db.selectFrom("outlets").select("id").where("slug", "=", SLUG).executeTakeFirstOrThrow()).id;
  }, 300_000);

  afterAll(async () => {
    await handle?.close();
    await stack?.stop();
  });

  it("asks for a deposit into the escrow (402), waits for confirmations, releases to payee and contributors exact to the wei, once", async () => {
    const listingId = await listing();
    const asked = await license(BUYER, { listingId: String(listingId) });
    expect(asked.status).toBe(402);
    expect(asked.body).toMatchObject({ error: "PAYMENT_REQUIRED", escrow: escrow().address, listingId: String(listingId), payee: ALICE, price: PRICE.toString() });
    expect(asked.body.message).toContain(`deposit(${listingId}, ${ALICE})`);

    const amount = PRICE + 3n;
    const paid = await deposit(BUYER, listingId, amount, ALICE, false);
    const early = await license(BUYER, { listingId: String(listingId), paymentTxHash: paid.hash });
    expect(early.status).toBe(422);
    expect(early.body).toMatchObject({ reason: "unconfirmed" });
    await mine(CONFIRMATIONS - 1);

    const [alice0, bob0] = [await balance(ALICE), await balance(BOB)];
    const granted = await license(BUYER, { listingId: String(listingId), paymentTxHash: paid.hash });
    expect(granted.status, JSON.stringify(granted.body)).toBe(201);
    // pool ⌊(2 CAP + 3) / 2⌋ = 1 CAP + 1: Alice ⌊60 %⌋ = 0.6 CAP, Bob ⌊40 %⌋ = 0.4 CAP; the payee (Alice) the rest, 1 CAP + 3
    expect(granted.body.settlement).toMatchObject({
      paymentId: String(paid.paymentId),
      action: "release",
      status: "mined",
      payeeBps: 5000,
      recipients: [
        { wallet: ALICE, party: "payee", shareBps: 0, amount: "1000000000000000003" },
        { wallet: ALICE, party: "contributor", shareBps: 6000, amount: "600000000000000000" },
        { wallet: BOB, party: "contributor", shareBps: 4000, amount: "400000000000000000" },
      ],
    });
    expect(granted.body.licence).toMatchObject({ buyer: addressOf(BUYER), paymentTxHash: paid.hash, paymentVerified: true, payee: ALICE, paidValue: amount.toString() });
    expect(granted.body.refunds).toEqual([]);
    // the chain moved the money: exactly the parts, to the wei
    expect((await balance(ALICE)) - alice0).toBe(1_600_000_000_000_000_003n);
    expect((await balance(BOB)) - bob0).toBe(400_000_000_000_000_000n);
    const projected = await payment(paid.paymentId);
    expect(projected).toMatchObject({ status: "released", payee_bps: 5000, settle_tx_hash: granted.body.settlement.txHash });
    const earned = await api.call(walletEarnings, { params: { address: BOB }, query: { source: "licence" } });
    expect(earned.items.map((i) => [i.amount, i.sourceId, i.txHash])).toEqual([["400000000000000000", String(paid.paymentId), granted.body.settlement.txHash]]);
    const aliceEarned = await api.call(walletEarnings, { params: { address: ALICE }, query: { source: "licence" } });
    expect(BigInt(aliceEarned.totals.licence) + BigInt(earned.totals.licence)).toBe(amount);

    // one deposit pays for one licence, on this listing or another
    const again = await license(BUYER, { listingId: String(listingId), paymentTxHash: paid.hash });
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/one transaction pays for one licence/);
    expect((await license(BUYER, { listingId: String(await listing()), paymentTxHash: paid.hash })).status).toBe(409);
    // the same deposit sent ten times at once: one licence, one release
    const other = await listing();
    const twice = await deposit(BUYER, other, PRICE);
    const answers = await Promise.all(Array.from({ length: 10 }, () => license(BUYER, { listingId: String(other), paymentTxHash: twice.hash })));
    expect(answers.map((a) => a.status).sort()).toEqual([201, ...Array(9).fill(409)]);
    expect((await payment(twice.paymentId)).status).toBe("released");
  });

  it("refuses deposits that do not pay for the listing; refunds the buyer's own deposit that never can", async () => {
    const listingId = await listing();
    // someone else's deposit: refused, and left alone (not refunded on another's say-so)
    const theirs = await deposit(STRANGER, listingId, PRICE);
    const wrongSender = await license(BUYER, { listingId: String(listingId), paymentTxHash: theirs.hash });
    expect(wrongSender.status).toBe(422);
    expect(wrongSender.body).toMatchObject({ reason: "wrong_sender" });
    expect(await stream.publicClient.readContract({ ...escrow(), functionName: "payments", args: [theirs.paymentId] })).toMatchObject([addressOf(STRANGER), ALICE, BigInt(listingId), PRICE, expect.any(BigInt), 1]);
    // a plain transfer to the payee is no deposit
    const plain = await stream.publicClient.waitForTransactionReceipt({ hash: await walletOf(BUYER).sendTransaction({ to: ALICE, value: PRICE }) });
    await mine(1);
    expect((await license(BUYER, { listingId: String(listingId), paymentTxHash: plain.transactionHash })).body).toMatchObject({ reason: "not_a_deposit" });
    // a deposit for another listing stays usable there
    const elsewhere = await deposit(BUYER, await listing(), PRICE);
    expect((await license(BUYER, { listingId: String(listingId), paymentTxHash: elsewhere.hash })).body).toMatchObject({ reason: "wrong_listing" });
    // a transaction the node does not know
    expect((await license(BUYER, { listingId: String(listingId), paymentTxHash: `0x${"12".repeat(32)}` })).body).toMatchObject({ reason: "not_found" });
    // mined before the listing existed
    const early = await deposit(BUYER, 90_000, PRICE);
    const later = await listing({ id: 90_000 });
    expect((await license(BUYER, { listingId: String(later), paymentTxHash: early.hash })).body).toMatchObject({ reason: "before_listing" });

    // short of the price, or naming another payee: refused and refunded, to the wei
    for (const [value, payee, reason] of [[PRICE - 1n, ALICE, "insufficient_value"], [PRICE, BOB, "wrong_recipient"]] as const) {
      const before = await balance(addressOf(BUYER));
      const short = await deposit(BUYER, listingId, value, payee);
      const refused = await license(BUYER, { listingId: String(listingId), paymentTxHash: short.hash });
      expect(refused.status).toBe(422);
      expect(refused.body).toMatchObject({ error: "PAYMENT_INVALID", reason, refund: { paymentId: String(short.paymentId), action: "refund", refundReason: "refused", status: "mined" } });
      expect(refused.body.message).toContain("the deposit is refunded");
      expect(await payment(short.paymentId)).toMatchObject({ status: "refunded", refund_reason: "refused" });
      expect(await balance(addressOf(BUYER))).toBe(before - gasOf(short.receipt));
      // and it cannot be used again
      expect((await license(BUYER, { listingId: String(listingId), paymentTxHash: short.hash })).status).toBe(409);
    }
    expect(await handle.db.selectFrom("rights_licences").selectAll().where("listing_id", "=", listingId).execute()).toEqual([]);

    // an expired listing refunds the deposit it can no longer honour
    const expiring = await listing({ expiresAt: Math.floor(Date.now() / 1000) + 3600 });
    const late = await deposit(BUYER, expiring, PRICE);
    await handle.db.updateTable("rights_listings").set({ expires_at: 1000 }).where("id", "=", expiring).execute();
    const gone = await license(BUYER, { listingId: String(expiring), paymentTxHash: late.hash });
    expect(gone.status).toBe(409);
    expect(gone.body).toMatchObject({ error: "INVALID_STATE", refund: { refundReason: "refused", status: "mined" } });
    expect(await payment(late.paymentId)).toMatchObject({ status: "refunded", refund_reason: "refused" });
  });

  // A journalist who left the outlet (or never held a role there) listed the outlet's published article for sale, naming
  // themselves payee, and could sell an exclusive licence nobody at the outlet had agreed to.
  it("lets the submitter list the article's rights only while holding an author role at its outlet", async () => {
    const body = { capsuleId: String(capsuleId), licenceType: "non_exclusive", territory: "worldwide", price: "0", currency: "CAP", terms: "Everything, everywhere, for nothing.", payee: ALICE };
    const listings = async () => (await handle.db.selectFrom("rights_listings").select("id").where("capsule_id", "=", capsuleId).execute()).length;
    const before = await listings();
    const create = () => api.postRaw(rightsCreate, undefined, key(1), body);
    const refused = await create();
    expect(refused.status, JSON.stringify(refused.body)).toBe(403);
    expect(refused.body).toMatchObject({ error: "FORBIDDEN", message: `Only the submitter of capsule ${capsuleId} while a Journalist, Reporter or Editor of outlet "${SLUG}", or an Editor of that outlet, may list its rights` });
    const now = Math.floor(Date.now() / 1000);
    const role = await handle.db
      .insertInto("outlet_roles")
      .values({ outlet_id: outletId, outlet_slug: SLUG, wallet: ALICE, role_id: 1, bonded: 1, granted_at: now, granted_by: ALICE, revoked_at: null, revoked_by: null })
      .returning("id")
      .executeTakeFirstOrThrow();
    const listed = await create();
    expect(listed.status, JSON.stringify(listed.body)).toBe(201);
    expect((await api.postRaw(rightsWithdraw, undefined, key(1), { listingId: listed.body.listing.listingId })).status).toBe(200);
    // the role revoked: the submitter lists nothing more
    await handle.db.updateTable("outlet_roles").set({ revoked_at: now + 1, revoked_by: ALICE }).where("id", "=", role.id).execute();
    expect((await create()).status).toBe(403);
    expect(await listings()).toBe(before + 1);
  });

  it("sells an exclusive listing once among concurrent buyers and refunds every other deposit, asked or not", async () => {
    const listingId = await listing({ exclusive: true });
    const buyers = [BUYER, STRANGER, B3, B4, B5];
    const before = new Map<number, bigint>();
    for (const b of [...buyers, B6]) before.set(b, await balance(addressOf(b)));
    const deposits: Array<Awaited<ReturnType<typeof deposit>>> = [];
    for (const b of buyers) deposits.push(await deposit(b, listingId, PRICE));
    // a buyer who never asks (B6): the leader refunds it too
    const silent = await deposit(B6, listingId, PRICE);
    await waitFor(async () => ((await handle.db.selectFrom("licence_escrow_payments").select("payment_id").where("listing_id", "=", listingId).execute()).length === 6 ? true : undefined), "the deposits projected");

    const answers = await Promise.all(buyers.map((b, i) => license(b, { listingId: String(listingId), paymentTxHash: deposits[i]!.hash })));
    const winners = answers.filter((a) => a.status === 201);
    expect(winners).toHaveLength(1);
    for (const a of answers.filter((x) => x.status !== 201)) {
      expect(a.status).toBe(409);
      expect(a.body.message).toContain("is exclusive and has already been licensed");
    }
    const winner = buyers[answers.indexOf(winners[0]!)]!;
    for (const [i, b] of buyers.entries()) {
      const row = await payment(deposits[i]!.paymentId);
      if (b === winner) expect(row.status).toBe("released");
      else {
        expect(row).toMatchObject({ status: "refunded", refund_reason: "lost_race" });
        expect(await balance(addressOf(b))).toBe(before.get(b)! - gasOf(deposits[i]!.receipt));
      }
    }
    expect(await payment(silent.paymentId)).toMatchObject({ status: "refunded", refund_reason: "lost_race" });
    expect(await balance(addressOf(B6))).toBe(before.get(B6)! - gasOf(silent.receipt));
    // a deposit made after the sale is refunded by a later pass of the leader; its buyer who asks is told so (409)
    const tooLate = await deposit(B6, listingId, PRICE);
    expect(await payment(tooLate.paymentId)).toMatchObject({ status: "refunded", refund_reason: "lost_race" });
    const lost = await license(B6, { listingId: String(listingId), paymentTxHash: tooLate.hash });
    expect(lost.status).toBe(409);
    expect(lost.body.message).toContain("is exclusive and has already been licensed; your payment is refunded");
    expect(lost.body.refund).toMatchObject({ paymentId: String(tooLate.paymentId), refundReason: "lost_race", status: "mined" });
    expect(await handle.db.selectFrom("rights_licences").selectAll().where("listing_id", "=", listingId).execute()).toHaveLength(1);
  });

  // Anyone may deposit 1 wei into any listing id, even before the listing exists: an exclusive sale refunded every such
  // deposit, each an operator transaction at the operator's expense, awaited one by one in the buyer's request.
  it("refunds after an exclusive sale only the deposits that could have bought the listing", async () => {
    const listingId = await listing({ exclusive: true });
    const dust = [];
    for (let i = 0; i < 3; i++) dust.push(await deposit(STRANGER, listingId, 1n));
    const elsewhere = await deposit(B5, listingId, PRICE, BOB);
    const rivalBefore = await balance(addressOf(B4));
    const rival = await deposit(B4, listingId, PRICE);
    await projectedCount(listingId, 5);
    const paid = await deposit(BUYER, listingId, PRICE);
    const sold = await license(BUYER, { listingId: String(listingId), paymentTxHash: paid.hash });
    expect(sold.status, JSON.stringify(sold.body)).toBe(201);
    // the answer refunds nobody itself: the leader does, the rival alone, to the wei
    expect(sold.body.refunds).toEqual([]);
    expect(await payment(rival.paymentId)).toMatchObject({ status: "refunded", refund_reason: "lost_race" });
    expect(await balance(addressOf(B4))).toBe(rivalBefore - gasOf(rival.receipt));
    for (const d of [...dust, elsewhere]) {
      expect(await onChain(d.paymentId)).toBe(1); // still held: its buyer asks for it back or reclaims it
      expect(await decision(d.paymentId)).toBeUndefined();
    }
    // the buyer of a short deposit who asks still gets it back, refused
    const asked = await license(STRANGER, { listingId: String(listingId), paymentTxHash: dust[0]!.hash });
    expect(asked.status).toBe(422);
    expect(asked.body).toMatchObject({ reason: "insufficient_value", refund: { paymentId: String(dust[0]!.paymentId), refundReason: "refused", status: "mined" } });
  });

  // The winning buyer's request refunded the rivals one by one (slow; stopped mid-way on a crash; while the sale was still
  // pending; blind to rivals indexed later). The leader refunds them now, once the sale's release is projected released.
  it("answers an exclusive sale before any rival is refunded; the leader refunds each once the release is mined, and a later rival by a later pass", async () => {
    const listingId = await listing({ exclusive: true });
    const rivals = [B3, B5];
    const before = new Map<number, bigint>();
    for (const b of [...rivals, B6]) before.set(b, await balance(addressOf(b)));
    const deposits = new Map<number, Awaited<ReturnType<typeof deposit>>>();
    for (const b of rivals) deposits.set(b, await deposit(b, listingId, PRICE));
    await projectedCount(listingId, rivals.length);
    const paid = await deposit(BUYER, listingId, PRICE);

    let granted: Awaited<ReturnType<typeof license>>;
    await stream.rpc("evm_setAutomine", [false]);
    try {
      // the release is broadcast but not mined: the sale answers, its licence pending, and nobody is refunded
      granted = await license(BUYER, { listingId: String(listingId), paymentTxHash: paid.hash });
      expect(granted.status, JSON.stringify(granted.body)).toBe(201);
      expect(granted.body.settlement).toMatchObject({ action: "release", status: "sent" });
      expect(granted.body.licence.status).toBe("pending");
      expect(granted.body.refunds).toEqual([]);
      for (const b of rivals) {
        expect(await decision(deposits.get(b)!.paymentId)).toBeUndefined();
        expect(await onChain(deposits.get(b)!.paymentId)).toBe(1);
      }
    } finally {
      await stream.rpc("evm_setAutomine", [true]);
    }
    await stream.rpc("evm_mine", []);
    expect((await stream.publicClient.waitForTransactionReceipt({ hash: granted.body.settlement.txHash })).status).toBe("success");
    expect(await payment(paid.paymentId)).toMatchObject({ status: "released" });

    // each rival refunded lost_race by the leader, to the wei (they paid only their deposit's gas)
    for (const b of rivals) {
      const d = deposits.get(b)!;
      const row = await payment(d.paymentId);
      expect(row).toMatchObject({ status: "refunded", refund_reason: "lost_race" });
      expect(await decision(d.paymentId)).toMatchObject({ action: "refund", refund_reason: "lost_race", licence_id: null, tx_hash: row.settle_tx_hash });
      expect(await balance(addressOf(b))).toBe(before.get(b)! - gasOf(d.receipt));
      // its receipt is the outbox worker's to record
      await waitFor(async () => ((await handle.db.selectFrom("operator_outbox").select("status").where("tx_hash", "=", row.settle_tx_hash!).executeTakeFirst())?.status === "mined" ? true : undefined), "the refund's outbox row mined");
    }

    // a rival who deposits after the sale is refunded by a later pass, unasked
    const late = await deposit(B6, listingId, PRICE);
    expect(await payment(late.paymentId)).toMatchObject({ status: "refunded", refund_reason: "lost_race" });
    expect(await balance(addressOf(B6))).toBe(before.get(B6)! - gasOf(late.receipt));
    // and asking for the licence with it is answered 409, with that refund
    const asked = await license(B6, { listingId: String(listingId), paymentTxHash: late.hash });
    expect(asked.status).toBe(409);
    expect(asked.body.refund).toMatchObject({ paymentId: String(late.paymentId), action: "refund", refundReason: "lost_race", status: "mined" });
    const page = await api.call(capsuleRights, { params: { id: String(capsuleId) }, query: { limit: 50 } });
    expect(page.items.find((item) => item.listingId === String(listingId))).toMatchObject({ status: "sold", licenceCount: 1, licences: [{ buyer: addressOf(BUYER), status: "valid" }] });
  });

  // LicenceEscrow.deposit takes any listing id, from anyone: the indexer must go on past ids no listing can have.
  it("indexes on past a deposit for a listing id beyond what a listing can have", async () => {
    const huge = [(1n << 256n) - 1n, 1n << 63n, 2_147_483_648n];
    for (const listingId of huge) {
      await stream.publicClient.waitForTransactionReceipt({ hash: await walletOf(STRANGER).writeContract({ ...escrow(), functionName: "deposit", args: [listingId, ALICE], value: 1n }) });
    }
    const listingId = await listing();
    const after = await deposit(BUYER, listingId, PRICE);
    const projected = await waitFor(
      async () => (await handle.db.selectFrom("licence_escrow_payments").selectAll().where("payment_id", "=", Number(after.paymentId)).executeTakeFirst()) ?? undefined,
      "the deposit after them projected",
    );
    expect(projected).toMatchObject({ listing_id: listingId, status: "held" });
    expect((await license(BUYER, { listingId: String(listingId), paymentTxHash: after.hash })).status).toBe(201);
  });

  // Last: it moves the chain's clock on by days. A buyer who deposited, waited until the escrow lets them reclaim
  // the payment, then asked for the licence, got it granted while their reclaim could still be mined before the
  // operator's release (it reverts NotHeld, the licence stays unpaid). Such a deposit no longer pays.
  it("refuses, and refunds, a deposit its buyer could reclaim before the release is mined", async () => {
    const listingId = await listing();
    const before = await balance(addressOf(B3));
    const aged = await deposit(B3, listingId, PRICE);
    await stream.rpc("evm_increaseTime", [LICENCE_RECLAIM_AFTER_SECONDS - RELEASE_MARGIN_SECONDS + 60]);
    await mine(1);
    const refused = await license(B3, { listingId: String(listingId), paymentTxHash: aged.hash });
    expect(refused.status, JSON.stringify(refused.body)).toBe(422);
    expect(refused.body).toMatchObject({ error: "PAYMENT_INVALID", reason: "reclaimable", refund: { paymentId: String(aged.paymentId), refundReason: "refused", status: "mined" } });
    expect(refused.body.message).toContain("can no longer pay for a licence");
    expect(await payment(aged.paymentId)).toMatchObject({ status: "refunded", refund_reason: "refused" });
    expect(await balance(addressOf(B3))).toBe(before - gasOf(aged.receipt));
    expect(await handle.db.selectFrom("rights_licences").selectAll().where("listing_id", "=", listingId).execute()).toEqual([]);
    // a fresh deposit still pays
    const fresh = await deposit(B3, listingId, PRICE);
    expect((await license(B3, { listingId: String(listingId), paymentTxHash: fresh.hash })).status).toBe(201);
  });

  // Also moves the clock on by days. The operator's release was not mined before the buyer's reclaim (here: both in one
  // block, the reclaim paying the higher tip), so the release reverted NotHeld: the licence stayed in SQL as sold, an
  // exclusive one blocking every later sale. The chain's Refunded (reclaimed) now makes it void, live and after a rebuild.
  it("voids a licence whose deposit its buyer reclaimed before the release was mined, and sells the exclusive listing again", async () => {
    const listingId = await listing({ exclusive: true });
    const paid = await deposit(B4, listingId, PRICE);
    const rights = async () => {
      const page = await api.call(capsuleRights, { params: { id: String(capsuleId) }, query: { limit: 50 } });
      return page.items.find((item) => item.listingId === String(listingId))!;
    };
    let releaseHash: Hex;
    let reclaimHash: Hex;
    let licenceId: string;
    // the public live stream, as an open inbox page holds it
    const feed = await openLiveStream(stack.baseUrl);
    await feed.next((e) => e.type === "hello", "hello");
    const fromHello = feed.events.length;
    await stream.rpc("evm_setAutomine", [false]);
    try {
      // the release is staged and broadcast, but no block is mined: the answer says it is sent
      const granted = await license(B4, { listingId: String(listingId), paymentTxHash: paid.hash });
      expect(granted.status, JSON.stringify(granted.body)).toBe(201);
      expect(granted.body.settlement).toMatchObject({ action: "release", status: "sent" });
      expect(granted.body.licence.status).toBe("pending");
      releaseHash = granted.body.settlement.txHash;
      licenceId = granted.body.licence.licenceId;
      expect((await rights()).licences.map((l) => l.status)).toEqual(["pending"]);
      expect((await rights()).status).toBe("sold");
      // nobody was told anything is wrong yet
      expect(await voidNotices(B4)).toEqual([]);
      // a week later the buyer takes the deposit back, ahead of the release in the same block
      reclaimHash = await reclaimAhead(B4, paid.paymentId);
    } finally {
      await stream.rpc("evm_setAutomine", [true]);
    }
    expect((await stream.publicClient.waitForTransactionReceipt({ hash: releaseHash })).status).toBe("reverted");
    expect(await payment(paid.paymentId)).toMatchObject({ status: "refunded", refund_reason: "reclaimed" });
    // the reclaim's change names the buyer (an argument of Refunded) and the seller's side, whose inboxes now hold the
    // notices: both open inboxes re-read at once
    const pushed = await feed.next((e) => e.type === "change" && e.kinds.includes("licenceEscrow:Refunded") && e.wallets.includes(addressOf(B4)), "the reclaim's change", fromHello);
    expect(pushed.wallets).toContain(ALICE);
    await feed.close();

    const voided = await rights();
    expect(voided).toMatchObject({ status: "active", licenceCount: 0 });
    expect(voided.licences.map((l) => [l.buyer, l.status])).toEqual([[addressOf(B4), "void"]]);
    // the buyer and the seller's side (the lister, here also the payee) are told, once each, in words
    const piece = `“${voided.capsuleTitle}”`;
    const told = {
      buyer: [{ kind: "inbox.licence_void", message: `Your exclusive licence to ${piece} is void: the payment (2 CAP) went back to you before it reached the seller, so the licence grants nothing.`, capsuleId: String(capsuleId), txHash: reclaimHash }],
      seller: [{ kind: "inbox.licence_sale_void", message: `The exclusive licence sold on ${piece} is void: the payment (2 CAP) went back to the buyer, so nothing was paid out for it.`, capsuleId: String(capsuleId), txHash: reclaimHash }],
    };
    expect(await voidNotices(B4)).toEqual(told.buyer);
    expect(await voidNotices(1)).toEqual(told.seller);
    const noticeRows = () =>
      handle.db.selectFrom("activity").select(["wallet", "kind", "outlet_slug", "details_json", "tx_hash", "created_at"]).where("subject_id", "=", licenceId).where("kind", "like", "inbox.licence%").orderBy("kind").execute();
    const notices = await noticeRows();
    expect(notices.map((n) => [n.wallet, n.kind])).toEqual([[ALICE, "inbox.licence_sale_void"], [addressOf(B4), "inbox.licence_void"]]);
    // the void licence no longer holds the exclusive listing: another buyer takes it, paid and released
    const next = await deposit(B5, listingId, PRICE);
    const sold = await license(B5, { listingId: String(listingId), paymentTxHash: next.hash });
    expect(sold.status, JSON.stringify(sold.body)).toBe(201);
    expect(sold.body.settlement).toMatchObject({ status: "mined" });
    expect(sold.body.licence.status).toBe("valid");
    expect(await payment(next.paymentId)).toMatchObject({ status: "released" });
    const live = await rights();
    expect(live).toMatchObject({ status: "sold", licenceCount: 1 });
    expect(live.licences.map((l) => [l.buyer, l.status])).toEqual([[addressOf(B4), "void"], [addressOf(B5), "valid"]]);
    // a third buyer is refused: sold
    const late = await deposit(B6, listingId, PRICE);
    expect((await license(B6, { listingId: String(listingId), paymentTxHash: late.hash })).status).toBe(409);
    // its refund (the answer's own, or the leader's pass that decided it first) mined and projected before the rebuild
    expect(await payment(late.paymentId)).toMatchObject({ status: "refunded", refund_reason: "lost_race" });

    // the same answer from a projection rebuilt from the chain
    const payments = () => handle.db.selectFrom("licence_escrow_payments").selectAll().where("listing_id", "=", listingId).orderBy("payment_id").execute();
    const projected = await payments();
    await rebuildProjection({ db: handle.db, dialect: handle.dialect, rpcUrl: stack.nodeRpcUrl, deployment });
    expect(await payments()).toEqual(projected);
    expect(await rights()).toEqual(live);
    // and the same notices, once each: the rebuild removed the chain-derived ones and the replayed Refunded wrote them again
    expect(await noticeRows()).toEqual(notices);
    expect(await voidNotices(B4)).toEqual(told.buyer);
    expect(await voidNotices(1)).toEqual(told.seller);
  });

  // Also moves the clock on by days. The reclaim is mined while the buyer's request still waits for the release's receipt:
  // the release reverts NotHeld, which the answer read as "Escrow payment N was already released or refunded".
  it("answers a release that reverts while the request waits with 409: the buyer reclaimed the payment, the licence is void", async () => {
    const listingId = await listing({ exclusive: true });
    const paid = await deposit(B3, listingId, PRICE);
    let reclaimHash: Hex;
    let answer: Awaited<ReturnType<typeof license>>;
    await stream.rpc("evm_setAutomine", [false]);
    try {
      const asked = license(B3, { listingId: String(listingId), paymentTxHash: paid.hash });
      // the release decided and broadcast: the request now waits for its receipt
      await waitFor(async () => {
        const decided = await handle.db.selectFrom("licence_escrow_settlements").select("tx_hash").where("payment_id", "=", Number(paid.paymentId)).executeTakeFirst();
        return decided && (await stream.rpc("eth_getTransactionByHash", [decided.tx_hash])) ? true : undefined;
      }, "the release in the node's pool");
      reclaimHash = await reclaimAhead(B3, paid.paymentId);
      answer = await asked;
    } finally {
      await stream.rpc("evm_setAutomine", [true]);
    }
    const licence = await handle.db.selectFrom("rights_licences").selectAll().where("listing_id", "=", listingId).executeTakeFirstOrThrow();
    expect(answer.status, JSON.stringify(answer.body)).toBe(409);
    expect(answer.body).toMatchObject({ error: "CONFLICT", licenceId: String(licence.id), paymentId: String(paid.paymentId), licenceStatus: "void" });
    expect(answer.body.message).toBe(
      `Licence ${licence.id} is void: you reclaimed escrow payment ${paid.paymentId} before the operator's release of it was mined, so the release reverted and the payment went back to you; the licence grants nothing`,
    );
    // SQL agrees, as answered: one licence (void), its release decided once and recorded failed, the payment refunded
    const decided = await handle.db.selectFrom("licence_escrow_settlements").selectAll().where("listing_id", "=", listingId).execute();
    expect(decided.map((d) => [d.payment_id, d.action, d.licence_id])).toEqual([[Number(paid.paymentId), "release", licence.id]]);
    const release = await handle.db.selectFrom("operator_outbox").select(["status", "error_name"]).where("tx_hash", "=", decided[0]!.tx_hash).executeTakeFirstOrThrow();
    expect(release).toEqual({ status: "failed", error_name: "NotHeld" });
    expect(await handle.db.selectFrom("licence_escrow_payments").select(["status", "refund_reason", "settle_tx_hash"]).where("payment_id", "=", Number(paid.paymentId)).executeTakeFirst()).toEqual({
      status: "refunded",
      refund_reason: "reclaimed",
      settle_tx_hash: reclaimHash,
    });
    const page = await api.call(capsuleRights, { params: { id: String(capsuleId) }, query: { limit: 50 } });
    expect(page.items.find((item) => item.listingId === String(listingId))).toMatchObject({ status: "active", licenceCount: 0, licences: [{ licenceId: String(licence.id), status: "void" }] });
    expect((await voidNotices(B3)).filter((n) => n.txHash === reclaimHash).map((n) => n.kind)).toEqual(["inbox.licence_void"]);
  });

  // Also moves the clock on by days. The rivals were refunded while the sale was pending: a sale that turned void (its
  // buyer reclaimed first) had cost them their place. The leader refunds nobody for a sale that is not released.
  it("refunds no rival of an exclusive sale that turned void", async () => {
    const listingId = await listing({ exclusive: true });
    const rival = await deposit(B5, listingId, PRICE);
    await projectedCount(listingId, 1);
    const paid = await deposit(B4, listingId, PRICE);
    await stream.rpc("evm_setAutomine", [false]);
    try {
      const granted = await license(B4, { listingId: String(listingId), paymentTxHash: paid.hash });
      expect(granted.status, JSON.stringify(granted.body)).toBe(201);
      expect(granted.body.licence.status).toBe("pending");
      await reclaimAhead(B4, paid.paymentId);
    } finally {
      await stream.rpc("evm_setAutomine", [true]);
    }
    expect(await payment(paid.paymentId)).toMatchObject({ status: "refunded", refund_reason: "reclaimed" });

    // a pass that starts after the void is projected: the one that refunds the rival of another exclusive sale, made now
    const other = await listing({ exclusive: true });
    const otherRival = await deposit(B6, other, PRICE);
    await projectedCount(other, 1);
    const otherPaid = await deposit(BUYER, other, PRICE);
    expect((await license(BUYER, { listingId: String(other), paymentTxHash: otherPaid.hash })).status).toBe(201);
    expect(await payment(otherRival.paymentId)).toMatchObject({ status: "refunded", refund_reason: "lost_race" });
    // the void sale's rival is still held and undecided: no refund for a sale that never happened
    expect(await decision(rival.paymentId)).toBeUndefined();
    expect(await onChain(rival.paymentId)).toBe(1);
    expect(await handle.db.selectFrom("licence_escrow_payments").select("status").where("payment_id", "=", Number(rival.paymentId)).executeTakeFirst()).toEqual({ status: "held" });
  });

  // Also moves the clock on by days. "The other order" of the void notices: the buyer's reclaim mined and projected after
  // the sale checked the deposit but before its transaction wrote the release decision, so the projection of Refunded
  // found no licence to void and the grant's transaction must write the notices. That moment is reached on PostgreSQL,
  // where another writer (here the test) can hold the operator's nonce lock the grant's transaction takes first.
  if (dialect === "postgres") {
    it("writes the void notices from the sale's transaction when the buyer's reclaim was projected first, and names the seller's side live", async () => {
      // listed by Alice, paid to Bob: the seller's side is two wallets
      const listingId = await listing({ exclusive: true, payee: BOB });
      const paid = await deposit(B6, listingId, PRICE, BOB);
      const feed = await openLiveStream(stack.baseUrl);
      await feed.next((e) => e.type === "hello", "hello");
      const fromHello = feed.events.length;
      // a week on for the next block; the deposit is checked against the latest block's time, still the old one
      await stream.rpc("evm_increaseTime", [LICENCE_RECLAIM_AFTER_SECONDS + 60]);
      const waitingForNonceLock = async () =>
        (await sql<{ waiting: number }>`select count(*)::int as waiting from pg_locks where locktype = 'advisory' and not granted and classid = 0 and objid = ${OPERATOR_NONCE_LOCK_KEY}`.execute(handle.db)).rows[0]!.waiting > 0
          ? true
          : undefined;
      let reclaimHash: Hex | undefined;
      let asked: ReturnType<typeof license> | undefined;
      await handle.db.transaction().execute(async (trx) => {
        await takeTransactionLock(trx, OPERATOR_NONCE_LOCK_KEY);
        asked = license(B6, { listingId: String(listingId), paymentTxHash: paid.hash });
        // the deposit checked and the release estimated, the sale waits for the nonce lock
        await waitFor(waitingForNonceLock, "the sale waiting for the operator's nonce lock");
        reclaimHash = await walletOf(B6).writeContract({ ...escrow(), functionName: "reclaim", args: [paid.paymentId] });
        expect((await stream.publicClient.waitForTransactionReceipt({ hash: reclaimHash })).status).toBe("success");
        expect(await payment(paid.paymentId)).toMatchObject({ status: "refunded", refund_reason: "reclaimed", settle_tx_hash: reclaimHash });
        // projected first: no licence yet, so nobody was told
        expect((await voidNotices(B6)).filter((n) => n.txHash === reclaimHash)).toEqual([]);
      });
      const answer = await asked!;
      expect(answer.status, JSON.stringify(answer.body)).toBe(409);
      expect(answer.body).toMatchObject({ error: "CONFLICT", paymentId: String(paid.paymentId), licenceStatus: "void" });
      const licence = await handle.db.selectFrom("rights_licences").select("id").where("listing_id", "=", listingId).executeTakeFirstOrThrow();
      // the grant's transaction wrote them: the buyer's, the lister's and the payee's, once each, naming the reclaim
      const rows = await handle.db.selectFrom("activity").select(["wallet", "kind", "tx_hash"]).where("subject_id", "=", String(licence.id)).where("kind", "like", "inbox.licence%").execute();
      expect(rows.map((r) => `${r.kind} ${r.wallet} ${r.tx_hash}`).sort()).toEqual(
        [`inbox.licence_sale_void ${ALICE} ${reclaimHash}`, `inbox.licence_sale_void ${BOB} ${reclaimHash}`, `inbox.licence_void ${addressOf(B6)} ${reclaimHash}`].sort(),
      );
      expect((await voidNotices(B6)).filter((n) => n.txHash === reclaimHash).map((n) => n.kind)).toEqual(["inbox.licence_void"]);
      expect((await voidNotices(1)).filter((n) => n.txHash === reclaimHash).map((n) => n.kind)).toEqual(["inbox.licence_sale_void"]);
      expect((await voidNotices(2)).filter((n) => n.txHash === reclaimHash).map((n) => n.kind)).toEqual(["inbox.licence_sale_void"]);
      // the sale's change names the buyer and both wallets of the seller's side: their open inboxes re-read at once
      const pushed = await feed.next((e) => e.type === "change" && e.kinds.includes("bridge:rights.licence_sold") && e.wallets.includes(addressOf(B6)), "the sale's change", fromHello);
      await feed.close();
      expect(pushed.wallets).toEqual(expect.arrayContaining([ALICE, BOB]));
    });
  }
});
