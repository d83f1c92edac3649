import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPublicClient, createWalletClient, getAddress, http, parseEther, type Address, type Hex, type PublicClient } from "viem";
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from "viem/accounts";
import type { AnvilHandle } from "@/lib/chain/anvil-process";
import { capsuleChain } from "@/lib/chain/chain";
import { AppError } from "@/lib/errors/app-error";
import { ZCreateListingBody, ZLicenceResponse, ZLicenseBody, ZListingResponse } from "@/lib/schemas/rights";
import type { RightsChain } from "@/lib/services/rights/chain-deps";
import { createListing, licenseListing } from "@/lib/services/rights/rights";
import { devKeys, startTestAnvil } from "../support/anvil";
import { dialectsUnderTest } from "../support/stack";
import { openTestDatabase, type TestDatabase } from "./database";

// Issue 15, finding 10: a priced licence needs a confirmed transaction, checked on a real node, that
// pays at least the price to the listing's payee from the licensee; one transaction pays for one
// licence; an exclusive listing sells once even to 20 concurrent buyers. Both dialects, real anvil.

const dialects = await dialectsUnderTest();
const PRICE = parseEther("12.5");
let anvil: AnvilHandle;
let client: PublicClient;
const journalist = privateKeyToAccount(devKeys[1]);
const reader = privateKeyToAccount(devKeys[2]);
const stranger = privateKeyToAccount(devKeys[3]);

beforeAll(async () => {
  anvil = await startTestAnvil();
  // the service's other chain reads (activity time) go to this node too
  process.env.CAPSULE_NODE_RPC_URL = anvil.rpcUrl;
  client = createPublicClient({ chain: capsuleChain(anvil.rpcUrl), transport: http(anvil.rpcUrl) }) as PublicClient;
});
afterAll(async () => {
  await anvil?.stop();
});

const wallet = (account: PrivateKeyAccount) => createWalletClient({ account, chain: capsuleChain(anvil.rpcUrl), transport: http(anvil.rpcUrl) });

async function pay(from: PrivateKeyAccount, to: Address, value: bigint, gas?: bigint): Promise<Hex> {
  const hash = await wallet(from).sendTransaction({ to, value, ...(gas ? { gas } : {}) });
  await client.waitForTransactionReceipt({ hash });
  return hash;
}

async function funded(): Promise<PrivateKeyAccount> {
  const account = privateKeyToAccount(generatePrivateKey());
  await client.request({ method: "anvil_setBalance" as never, params: [account.address, "0x56BC75E2D63100000"] as never });
  return account;
}

async function failure(promise: Promise<unknown>): Promise<{ code: string; message: string; details?: Record<string, unknown>; statusCode: number }> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return { code: error.code, message: error.message, details: error.details, statusCode: error.statusCode };
    throw error;
  }
  throw new Error("expected a refusal");
}

describe.each(dialects)("paid licences on %s", (dialect) => {
  let db: TestDatabase;
  let capsuleId: number;
  const chain = (confirmations = 1): RightsChain => ({ client, confirmations });
  const NOW = Math.floor(Date.now() / 1000);

  beforeAll(async () => {
    db = await openTestDatabase(dialect);
    const outlet = await db.db
      .insertInto("outlets")
      .values({ slug: "rights-desk", name: "Rights desk", domain: "rights-desk.example.org", owner_wallet: journalist.address, status: "active", policy_id: "default", verification_token: "00".repeat(32), created_at: NOW, updated_at: NOW })
      .returning("id")
      .executeTakeFirstOrThrow();
    const capsule = await db.db
      .insertInto("capsules")
      .values({ outlet_id: outlet.id, outlet_slug: "rights-desk", article_slug: "story", title: "Story", language: "en", tags_json: "[]", body: "Body", metadata_uri: "ipfs://story", content_hash: `0x${"ab".repeat(32)}`, submitter: journalist.address, status: "finalized", capsule_type: "original", policy_id: "default", created_at: NOW, updated_at: NOW })
      .returning("id")
      .executeTakeFirstOrThrow();
    capsuleId = capsule.id;
  });
  afterAll(async () => {
    await db?.drop();
  });

  async function listing(options: { licenceType?: "exclusive" | "non_exclusive"; price?: bigint; payee?: Address } = {}) {
    const body = ZCreateListingBody.parse({
      capsuleId: String(capsuleId),
      licenceType: options.licenceType ?? "non_exclusive",
      territory: "worldwide",
      price: (options.price ?? PRICE).toString(),
      currency: "CAP",
      terms: "Republication with credit to the Rights desk.",
      ...(options.payee ? { payee: options.payee } : {}),
    });
    return ZListingResponse.parse(await createListing(db.db, journalist.address, body, NOW, chain())).listing;
  }
  const license = (buyer: Address, listingId: string, paymentTxHash?: Hex, confirmations = 1) =>
    licenseListing(db.db, buyer, ZLicenseBody.parse({ listingId, ...(paymentTxHash ? { paymentTxHash } : {}) }), NOW, chain(confirmations));

  it("names the payee on the listing (the lister unless set) and asks for payment (402) when none is given", async () => {
    const mine = await listing();
    expect(mine.payee).toBe(journalist.address);
    const treasury = privateKeyToAccount(devKeys[4]).address;
    expect((await listing({ payee: treasury })).payee).toBe(treasury);
    const refused = await failure(license(reader.address, mine.listingId));
    expect(refused).toMatchObject({ code: "PAYMENT_REQUIRED", statusCode: 402, details: { payee: journalist.address, price: PRICE.toString() } });
    expect(refused.message).toMatch(/paymentTxHash/);
  });

  it("records a licence paid by the licensee to the payee, with the payment read from the node", async () => {
    const offer = await listing();
    const hash = await pay(reader, journalist.address, PRICE + 1n);
    const answer = ZLicenceResponse.parse(await license(reader.address, offer.listingId, hash));
    expect(answer.licence).toMatchObject({
      buyer: reader.address,
      paymentTxHash: hash.toLowerCase(),
      paymentVerified: true,
      payee: journalist.address,
      paidValue: (PRICE + 1n).toString(),
    });
    expect(Number(answer.licence.paymentBlockNumber)).toBeGreaterThan(0);
    // one transaction pays for one licence, on this listing or any other
    expect(await failure(license(reader.address, offer.listingId, hash))).toMatchObject({ code: "CONFLICT", message: expect.stringMatching(/one transaction pays for one licence/) });
    const other = await listing();
    expect((await failure(license(reader.address, other.listingId, hash))).code).toBe("CONFLICT");
  });

  it.each([
    ["not on the node", "not_found"],
    ["sent by someone else", "wrong_sender"],
    ["sent to someone else", "wrong_recipient"],
    ["short of the price", "insufficient_value"],
    ["reverted", "failed"],
    ["mined before the listing", "before_listing"],
  ] as const)("refuses a payment %s (422 %s)", async (_case, reason) => {
    let payee = journalist.address;
    let hash: Hex;
    if (reason === "before_listing") hash = await pay(reader, payee, PRICE);
    if (reason === "failed") {
      // a payee contract whose code is INVALID (0xfe): every payment to it reverts
      const deploy = await wallet(stranger).sendTransaction({ data: "0x6001600c60003960016000f3fe" });
      const receipt = await client.waitForTransactionReceipt({ hash: deploy });
      payee = getAddress(receipt.contractAddress as Address);
    }
    const offer = await listing({ payee });
    if (reason === "not_found") hash = `0x${"12".repeat(32)}`;
    if (reason === "wrong_sender") hash = await pay(stranger, payee, PRICE);
    if (reason === "wrong_recipient") hash = await pay(reader, stranger.address, PRICE);
    if (reason === "insufficient_value") hash = await pay(reader, payee, PRICE - 1n);
    if (reason === "failed") hash = await pay(reader, payee, PRICE, 100_000n);
    const refused = await failure(license(reader.address, offer.listingId, hash!));
    expect(refused).toMatchObject({ code: "PAYMENT_INVALID", statusCode: 422, details: { reason, payee, price: PRICE.toString() } });
    expect(await db.db.selectFrom("rights_licences").selectAll().where("listing_id", "=", Number(offer.listingId)).execute()).toEqual([]);
  });

  it("waits for the configured confirmations", async () => {
    const offer = await listing();
    const hash = await pay(reader, journalist.address, PRICE);
    expect(await failure(license(reader.address, offer.listingId, hash, 3))).toMatchObject({ code: "PAYMENT_INVALID", details: { reason: "unconfirmed" } });
    await client.request({ method: "anvil_mine" as never, params: ["0x2"] as never });
    await expect(license(reader.address, offer.listingId, hash, 3)).resolves.toMatchObject({ ok: true });
  });

  it("takes no payment for a free listing", async () => {
    const free = await listing({ price: 0n });
    const hash = await pay(reader, journalist.address, 1n);
    expect(await failure(license(reader.address, free.listingId, hash))).toMatchObject({ code: "VALIDATION_ERROR", statusCode: 400 });
    expect(ZLicenceResponse.parse(await license(reader.address, free.listingId)).licence).toMatchObject({ paymentTxHash: null, paymentVerified: false, paidValue: null });
  });

  it("sells an exclusive listing once to 20 concurrent paying buyers", async () => {
    const exclusive = await listing({ licenceType: "exclusive" });
    const buyers = await Promise.all(Array.from({ length: 20 }, () => funded()));
    const payments: Hex[] = [];
    for (const buyer of buyers) payments.push(await pay(buyer, journalist.address, PRICE));
    const results = await Promise.allSettled(buyers.map((buyer, i) => license(buyer.address, exclusive.listingId, payments[i])));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of results) if (r.status === "rejected") expect((r.reason as AppError).code).toBe("CONFLICT");
    const rows = await db.db.selectFrom("rights_licences").selectAll().where("listing_id", "=", Number(exclusive.listingId)).execute();
    expect(rows).toHaveLength(1);
  });

  it("counts one transaction once even when it is sent 20 times at once", async () => {
    const offer = await listing();
    const hash = await pay(reader, journalist.address, PRICE);
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => license(reader.address, offer.listingId, hash)));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of results) if (r.status === "rejected") expect((r.reason as AppError).code).toBe("CONFLICT");
  });
});
