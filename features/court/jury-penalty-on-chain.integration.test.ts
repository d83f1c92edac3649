import { afterAll, beforeAll, describe, expect, it } from "vitest";
import path from "node:path";
import { parseEther, type Address } from "viem";
import { integrityCourtAbi } from "@/lib/chain/abi";
import type { DatabaseHandle } from "@/lib/db/connection";
import { courtCase } from "@/features/court/case.endpoint";
import { inboxRead } from "@/features/inbox/read.endpoint";
import { networkStatus } from "@/features/system/network-status.endpoint";
import { devKeys } from "@/test/support/anvil";
import { compareWithRebuild } from "@/test/support/projection-compare";
import { startDeskStack, type TestDns } from "@/test/support/desk-stack";
import { dialectsUnderTest, type Stack } from "@/test/support/stack";
import { waitFor } from "@/test/support/wait-for";
import { deployedContracts } from "@/features/capsules/capsules.test-support";
import { activeOutlet, addr, courtChain, finalizedCapsule, juryDriver, type Api, type Json } from "./court.test-support";

// IntegrityCourt takes one penalty per case. A penalty transaction that a reorg put back in the mempool can be
// mined again after the bridge took its settlement back (jury-unsettle.ts); when the case is then final again, the
// bridge must not try to slash a second time (the chain refuses it, and the case stayed open for ever) but close
// the case and record the penalty the chain holds. Here the operator's applyPenalty for the court case is mined
// before the jury decides, as the re-mined transaction would be.

const dialects = await dialectsUnderTest();
const [operatorKey, ownerKey, , , , , challengerKey] = devKeys;
const DESK = "penalty-desk";

describe.each(dialects)("a jury settlement whose penalty the chain already holds on %s", (dialect) => {
  let stack: Stack;
  let dns: TestDns;
  let stopDesk: () => Promise<void>;
  let api: Api;
  let handle: DatabaseHandle;
  let chain: ReturnType<typeof courtChain>;
  let court: Address;
  let integrityCourt: Address;

  beforeAll(async () => {
    ({ stack, dns, api, handle, stop: stopDesk } = await startDeskStack(dialect, { env: { CAPSULE_JURY_FILER_POLL_MS: "300" }, withDatabase: true }));
    const contracts = await deployedContracts(api, "integrityCourt", "juryCourt");
    court = contracts.juryCourt.address;
    integrityCourt = contracts.integrityCourt.address;
    chain = courtChain(stack, contracts);
    await chain.deposit(ownerKey, "1000");
    await chain.deposit(challengerKey, "10");
    await activeOutlet(api, dns, ownerKey, DESK);
  }, 300_000);

  afterAll(async () => {
    await stopDesk?.();
  });

  it("closes the case with the chain's penalty instead of slashing again, and equals a rebuild", async () => {
    const driver = juryDriver(stack, api, chain, court);
    const jurorKeys = await driver.seatBench(dns, "penalty-bench");
    const { capsuleId } = await finalizedCapsule(api, chain, { authorKey: ownerKey, voterKey: ownerKey, outletSlug: DESK, title: "Harbour dredging cost tripled", category: "economy" });
    const filed = await driver.dispute(challengerKey, capsuleId, { grounds: "The council's accounts show a 40% overrun, not a tripling." });
    expect(filed.status, JSON.stringify(filed.body)).toBe(201);
    const caseId = filed.body.case.caseId as string;

    // the penalty transaction of an earlier settlement of this case, mined (again) while the case is open
    const owner = addr(ownerKey);
    const bondBefore = await chain.bondOf(owner);
    const hash = await chain.walletOf(operatorKey).writeContract({ address: integrityCourt, abi: integrityCourtAbi, functionName: "applyPenalty", args: [DESK, owner, BigInt(caseId), "misleading", parseEther("25")] });
    const receipt = await chain.publicClient.waitForTransactionReceipt({ hash });
    expect(receipt.status).toBe("success");
    expect(await chain.bondOf(owner)).toBe(bondBefore - parseEther("25"));

    await driver.decide(caseId, jurorKeys, ["misleading"], challengerKey);
    const settled = await waitFor(async () => {
      const shown = (await api.send(courtCase, { params: { id: caseId } })).body as Json;
      return shown.case?.status === "closed" && shown.case.penalty ? shown : undefined;
    }, "the settlement", 60_000);
    expect(settled.case.verdict).toBe("misleading");
    expect(settled.capsule.integrityLabel).toBe("misleading");
    expect(settled.case.penalty).toMatchObject({ txHash: hash, amountSlashed: parseEther("25").toString(), event: { blockNumber: receipt.blockNumber.toString() } });
    // the bond before the slash, as the bridge can know it: what is left plus what was taken
    expect(BigInt(settled.case.penalty.bondBefore)).toBe((await chain.bondOf(owner)) + parseEther("25"));
    expect(settled.timeline.filter((e: Json) => e.kind === "penalty")).toHaveLength(1);
    // the challenger who brought the case is told the verdict, as the outlet's side is
    for (const key of [challengerKey, ownerKey]) {
      const entries = ((await api.send(inboxRead, { body: { limit: 100 } }, key)).body.items as Json[]).filter((e) => e.kind === "inbox.verdict" && e.caseId === caseId);
      expect(entries).toHaveLength(1);
    }

    // slashed once: no second penalty transaction was staged or mined
    const staged = await handle.db.selectFrom("operator_outbox").select("tx_hash").where("purpose", "=", "court.penalty").where("case_id", "=", Number(caseId)).execute();
    expect(staged).toEqual([]);
    expect(await chain.penaltyLogs(BigInt(caseId))).toHaveLength(1);

    const head = Number(await chain.publicClient.getBlockNumber({ cacheTime: 0 }));
    await waitFor(async () => {
      const status = (await api.send(networkStatus, {})).body as Json;
      return status.indexer?.status === "synced" && Number(status.indexer.lastIndexedBlock) === head ? status : undefined;
    }, "the projection at the head", 60_000);
    const compared = await compareWithRebuild({
      sqliteFile: stack.databaseUrl ? undefined : path.join(stack.dataDir, "capsule.sqlite"),
      databaseUrl: stack.databaseUrl,
      rpcUrl: stack.nodeRpcUrl,
      deploymentFile: path.join(stack.dataDir, "deployment.json"),
    });
    expect(compared.differences).toEqual([]);
  }, 600_000);
});
