import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getAddress, parseEther, type Address, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { roleRegistryAbi } from "@/lib/chain/abi";
import type { DatabaseHandle } from "@/lib/db/connection";
import { devKeys } from "@/test/support/anvil";
import { capsuleRead } from "@/features/capsules/read.endpoint";
import { courtCase } from "@/features/court/case.endpoint";
import { courtAdvance } from "@/features/court/advance.endpoint";
import { roleGrant } from "@/features/roles/grant.endpoint";
import { roleOfferAccept } from "@/features/roles/offer-accept.endpoint";
import { walletRolesAtOutlet } from "@/features/roles/wallet-at-outlet.endpoint";
import { deployedContracts } from "@/features/capsules/capsules.test-support";
import { startDeskStack, type TestDns } from "@/test/support/desk-stack";
import { dialectsUnderTest, type Stack } from "@/test/support/stack";
import { activeOutlet, addr, courtChain, expectError, finalizedCapsule, juryDriver, type Api, type CourtContracts, type Json } from "@/features/court/court.test-support";

// Issue 11 item 4 on the real stack: a final jury finding's penalty and role/bond changes are queued through
// the operator outbox (pre-flight, one SQL transaction with the intent and the signed row, broadcast
// after commit). A pre-flight revert leaves SQL unchanged; a node refusing the broadcast leaves the
// intent committed and the worker finishes it; a nonce gap left by a rollback is filled.

const dialects = await dialectsUnderTest();
const [operatorKey, ownerKey, , , outsiderKey, , , disputerKey, journalistKey, reporterKey] = devKeys;
const [operator, owner] = [addr(operatorKey), addr(ownerKey)];
const SLUG = "outbox-court";
const GROUNDS = "The article states the budget rose 40% but the minutes show 4%.";
const HIGH_BASE_FEE = `0x${(10n ** 15n).toString(16)}`; // the node refuses the bridge's signed fee cap
const LOW_BASE_FEE = "0x3b9aca00";

async function waitFor<T>(probe: () => Promise<T | undefined>, what: string, ms = 60_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe.each(dialects)("court penalties and role changes through the operator outbox on %s", (dialect) => {
  let stack: Stack;
  let dns: TestDns;
  let stopDesk: () => Promise<void>;
  let api: Api;
  let chain: ReturnType<typeof courtChain>;
  let contracts: CourtContracts & Record<"juryCourt", { address: Address }>;
  let jury: ReturnType<typeof juryDriver>;
  let jurorKeys: Hex[] = [];
  let handle: DatabaseHandle;
  const capsules: Array<{ capsuleId: string; evidenceId: string }> = [];

  /** Anyone moves a final jury case on through the bridge: the bridge settles it (label, penalty). */
  const settle = (id: string) => api.send(courtAdvance, { params: { id } }, disputerKey);
  /** The owner's grant is an offer; the grantee's accept is what stages the chain writes. */
  const grant = async (key: Hex, roleId: number) => {
    const offered = await api.send(roleGrant, { body: { outletSlug: SLUG, wallet: addr(key), roleId } }, ownerKey);
    expect(offered.body, JSON.stringify(offered.body)).toMatchObject({ status: "offered" });
    return api.send(roleOfferAccept, { body: { offerId: offered.body.offer.offerId } }, key);
  };
  const openCase = async (capsule: { capsuleId: string; evidenceId: string }) => {
    const res = await jury.dispute(disputerKey, capsule.capsuleId, { grounds: GROUNDS, evidenceId: capsule.evidenceId, requestedLabel: "misleading" });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.case.caseId as string;
  };
  const outbox = (where: { caseId?: number; wallet?: string; purpose?: string }) => {
    let query = handle.db.selectFrom("operator_outbox").selectAll().orderBy("nonce");
    if (where.caseId !== undefined) query = query.where("case_id", "=", where.caseId);
    if (where.purpose !== undefined) query = query.where("purpose", "=", where.purpose);
    if (where.wallet !== undefined) query = query.where("wallet", "=", where.wallet);
    return query.execute();
  };
  const lockedOf = (wallet: Address) => chain.publicClient.readContract({ address: contracts.roleRegistry.address, abi: roleRegistryAbi, functionName: "lockedOf", args: [wallet] });
  const rpc = async (method: string, params: unknown[]) => {
    const res = await fetch(stack.nodeRpcUrl, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }) });
    const body = (await res.json()) as { result?: unknown; error?: unknown };
    if (body.error) throw new Error(JSON.stringify(body.error));
    return body.result;
  };
  const caseRow = (id: string) => handle.db.selectFrom("court_cases").selectAll().where("id", "=", Number(id)).executeTakeFirstOrThrow();
  const penaltyRows = (id: string) => handle.db.selectFrom("court_penalties").selectAll().where("case_id", "=", Number(id)).execute();

  beforeAll(async () => {
    ({ stack, dns, api, handle, stop: stopDesk } = await startDeskStack(dialect, { env: { CAPSULE_RATE_PUBLIC_GET_PER_MIN: "100000", CAPSULE_COURT_REPLY_WINDOW_SECONDS: "0", CAPSULE_OUTBOX_POLL_MS: "200" }, withDatabase: true }));
    contracts = await deployedContracts(api, "integrityCourt", "juryCourt");
    chain = courtChain(stack, contracts);
    jury = juryDriver(stack, api, chain, contracts.juryCourt.address);
    await chain.deposit(ownerKey, "1000");
    await chain.deposit(disputerKey, "10");
    await activeOutlet(api, dns, ownerKey, SLUG); // the owner is bonded: create-outlet locks and sets the voter flag through the outbox
    jurorKeys = await jury.seatBench(dns, "outbox-bench"); // Editor grants at another outlet: the jury pool
    for (const title of ["Council budget rises forty percent", "Port traffic doubles", "Mayor resigns"]) {
      capsules.push(await finalizedCapsule(api, chain, { authorKey: ownerKey, voterKey: ownerKey, outletSlug: SLUG, title, category: "politics" }));
    }
  }, 600_000);

  afterAll(async () => {
    await stopDesk?.();
  });

  it("create-outlet and role grants stage their lock, voter and (the owner's) member writes as outbox rows, mined", async () => {
    const ownerRows = (await outbox({ wallet: owner })).filter((r) => r.purpose.startsWith("roles."));
    expect(ownerRows.map((r) => [r.purpose, r.function_name, r.status])).toEqual([
      ["roles.lock", "setLocked", "mined"],
      ["roles.voter", "setVoter", "mined"],
      ["roles.member", "setMember", "mined"],
    ]);
    expect(await lockedOf(owner)).toBe(parseEther("250"));
    const jurorRows = await outbox({ wallet: addr(jurorKeys[0]!) });
    expect(jurorRows.map((r) => [r.purpose, r.role_id, r.status])).toEqual([
      ["roles.lock", 3, "mined"],
      ["roles.voter", 3, "mined"],
    ]);
  });

  it("a final misleading jury finding queues court.penalty in the outbox; the penalty row is written from its receipt", async () => {
    const caseId = await openCase(capsules[0]!);
    const bondBefore = await chain.bondOf(owner);
    const res = await jury.decide(caseId, jurorKeys, ["misleading"], disputerKey);
    const fee = parseEther("3"); // the challenger won: its fee is refunded from the author's bond before the penalty
    const [row] = await outbox({ caseId: Number(caseId), purpose: "court.penalty" });
    expect(row).toMatchObject({ purpose: "court.penalty", function_name: "applyPenalty", status: "mined", wallet: owner });
    expect(res.body.case.penalty).toMatchObject({ caseId, txHash: row!.tx_hash, amountSlashed: parseEther("25").toString(), bondBefore: (bondBefore - fee).toString() });
    expect(res.body.timeline.map((e: Json) => e.kind)).toEqual(["opened", "evidence_named", "label_changed", "verdict", "label_changed", "penalty"]);
    expect(await chain.bondOf(owner)).toBe(bondBefore - fee - parseEther("25"));
  });

  it("a penalty the chain refuses in pre-flight (no gas money) leaves SQL unchanged (case open, no outbox row)", async () => {
    const caseId = await openCase(capsules[1]!);
    await jury.decide(caseId, jurorKeys, ["misleading"], disputerKey, { finalOnChain: disputerKey });
    const outboxBefore = (await handle.db.selectFrom("operator_outbox").select("id").execute()).length;
    const bondBefore = await chain.bondOf(owner);
    const balance = await rpc("eth_getBalance", [operator, "latest"]);
    await rpc("anvil_setBalance", [operator, "0x0"]);
    try {
      for (let attempt = 0; attempt < 2; attempt++) {
        // asked again, the bridge refuses again and still changes nothing
        const res = await settle(caseId);
        expect(res.status, JSON.stringify(res.body)).toBe(503);
        expect(res.body).toMatchObject({ ok: false, error: "CHAIN_UNAVAILABLE" });
        expect(res.body.message).toContain("nothing was changed");
        expect(await caseRow(caseId)).toMatchObject({ status: "open", verdict: null });
        expect((await api.send(capsuleRead, { params: { id: capsules[1]!.capsuleId } })).body.capsule.integrityLabel).toBe("contested");
        expect(await penaltyRows(caseId)).toEqual([]);
        expect((await handle.db.selectFrom("operator_outbox").select("id").execute()).length).toBe(outboxBefore);
      }
    } finally {
      await rpc("anvil_setBalance", [operator, balance]);
    }
    expect(await chain.bondOf(owner)).toBe(bondBefore);
    expect(await chain.penaltyLogs(BigInt(caseId))).toEqual([]);
    // with gas money back the case settles as any other, and its penalty is mined before the next test counts nonces
    const done = await settle(caseId);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    await waitFor(async () => ((await penaltyRows(caseId)).length > 0 ? true : undefined), "the penalty written from the receipt");
    expect(await caseRow(caseId)).toMatchObject({ status: "closed", verdict: "misleading" });
    expect(await chain.penaltyLogs(BigInt(caseId))).toHaveLength(1);
  });

  it("when the node refuses the broadcast, the final finding and its queued penalty stay committed and the worker finishes it", async () => {
    const caseId = await openCase(capsules[2]!);
    // final on chain by a wallet's own advance; the bridge settles when asked, while the node refuses its fee
    await jury.decide(caseId, jurorKeys, ["fraudulent"], disputerKey, { finalOnChain: disputerKey });
    const bondBefore = await chain.bondOf(owner);
    await rpc("anvil_setNextBlockBaseFeePerGas", [HIGH_BASE_FEE]);
    let res;
    try {
      res = await settle(caseId);
    } finally {
      await rpc("anvil_setNextBlockBaseFeePerGas", [LOW_BASE_FEE]);
    }
    expect(res.body).toMatchObject({ ok: false, error: "CHAIN_UNAVAILABLE", statusCode: 503 });
    // the intent is committed: the case is closed with its verdict, the signed penalty queued
    expect(await caseRow(caseId)).toMatchObject({ status: "closed", verdict: "fraudulent" });
    const [queued] = await outbox({ caseId: Number(caseId), purpose: "court.penalty" });
    expect(queued).toMatchObject({ purpose: "court.penalty", function_name: "applyPenalty" });
    // the worker re-broadcasts the same bytes once the node takes them; the penalty follows the receipt
    const [penalty] = await waitFor(async () => {
      const rows = await penaltyRows(caseId);
      return rows.length ? rows : undefined;
    }, "the penalty written from the receipt");
    expect(penalty).toMatchObject({ tx_hash: queued!.tx_hash, verdict: "fraudulent", bond_before: bondBefore.toString() });
    expect(await chain.penaltyLogs(BigInt(caseId))).toHaveLength(1);
    expect(await chain.bondOf(owner)).toBe(bondBefore - BigInt(penalty!.amount_slashed));
    expect((await outbox({ caseId: Number(caseId), purpose: "court.penalty" }))[0]!.status).toBe("mined");
    const shown = await api.send(courtCase, { params: { id: caseId } });
    expect(shown.body.case.penalty).toMatchObject({ txHash: queued!.tx_hash, verdict: "fraudulent" });
  });

  it("a role grant whose broadcast the node refuses is committed with its queued lock; the worker mines it", async () => {
    const journalist = addr(journalistKey);
    await chain.deposit(journalistKey, "120");
    await rpc("anvil_setNextBlockBaseFeePerGas", [HIGH_BASE_FEE]);
    let res;
    try {
      res = await grant(journalistKey, 1);
    } finally {
      await rpc("anvil_setNextBlockBaseFeePerGas", [LOW_BASE_FEE]);
    }
    expect(res.body).toMatchObject({ ok: false, error: "CHAIN_UNAVAILABLE", statusCode: 503 });
    const roles = await api.send(walletRolesAtOutlet, { params: { wallet: journalist, outletSlug: SLUG } });
    expect(roles.body.roles).toEqual([expect.objectContaining({ roleId: 1, bonded: true })]);
    await waitFor(async () => ((await lockedOf(journalist)) === parseEther("100") ? true : undefined), "the lock mined by the worker");
    await waitFor(async () => ((await outbox({ wallet: journalist })).every((r) => r.status === "mined") ? true : undefined), "the rows settled by the worker");
    // the lock, and the member flag that keeps a Journalist off the outlet's juries (issue 28)
    expect((await outbox({ wallet: journalist })).map((r) => [r.purpose, r.status])).toEqual([["roles.lock", "mined"], ["roles.member", "mined"]]);
  });

  it("fills a nonce gap left by a rollback, so the stuck outbox rows mine", async () => {
    const reporter = addr(reporterKey);
    await chain.deposit(reporterKey, "120");
    const snapshot = await rpc("evm_snapshot", []);
    // an operator transaction outside the outbox takes nonce N; the bridge's next row gets N + 1
    const outside = await chain.walletOf(operatorKey).sendTransaction({ to: operator, value: 0n });
    await chain.publicClient.waitForTransactionReceipt({ hash: outside });
    const gapNonce = (await chain.publicClient.getTransaction({ hash: outside })).nonce;
    const res = await grant(reporterKey, 1);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const [row] = await outbox({ wallet: reporter });
    expect(row).toMatchObject({ purpose: "roles.lock", nonce: gapNonce + 1 });
    // the rollback takes both away: nonce N is free on chain and no outbox row holds it
    await rpc("evm_revert", [snapshot]);
    expect(await chain.publicClient.getTransactionCount({ address: operator })).toBe(gapNonce);
    const filler = await waitFor(async () => {
      const rows = await handle.db.selectFrom("operator_outbox").selectAll().where("nonce", "=", gapNonce).where("purpose", "=", "operator.gap-fill").execute();
      return rows[0]?.status === "mined" ? rows[0] : undefined;
    }, "the gap filled and mined");
    expect(filler).toMatchObject({ function_name: "gapFill", contract: "operator" });
    const fill = await chain.publicClient.getTransaction({ hash: filler.tx_hash as Hex });
    expect({ from: getAddress(fill.from), to: fill.to && getAddress(fill.to), value: fill.value }).toEqual({ from: operator, to: operator, value: 0n });
    // the stuck row behind it mines with its same signed bytes
    await waitFor(async () => ((await lockedOf(reporter)) === parseEther("100") ? true : undefined), "the stuck lock mined");
    await waitFor(async () => ((await outbox({ wallet: reporter }))[0]?.status === "mined" ? true : undefined), "the stuck row mined");
    expect((await chain.publicClient.getTransactionReceipt({ hash: row!.tx_hash as Hex })).status).toBe("success");
    expect(privateKeyToAccount(operatorKey).address).toBe(operator);
  });

  it("a role grant the chain refuses in pre-flight (no gas money) changes nothing", async () => {
    const outsider = addr(outsiderKey);
    await chain.deposit(outsiderKey, "100");
    const balance = await rpc("eth_getBalance", [operator, "latest"]);
    await rpc("anvil_setBalance", [operator, "0x0"]);
    try {
      expectError(await grant(outsiderKey, 1), 503, "CHAIN_UNAVAILABLE", "The chain could not be reached or refused the call (setLocked); nothing was changed");
    } finally {
      await rpc("anvil_setBalance", [operator, balance]);
    }
    expect((await api.send(walletRolesAtOutlet, { params: { wallet: outsider, outletSlug: SLUG } })).body.roles).toEqual([]);
    expect(await outbox({ wallet: outsider })).toEqual([]);
  });
});
