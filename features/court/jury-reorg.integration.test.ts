import { afterAll, beforeAll, describe, expect, it } from "vitest";
import path from "node:path";
import { getAddress, type Address } from "viem";
import { readDeployment } from "@/lib/chain/deployment-record";
import type { DatabaseHandle } from "@/lib/db/connection";
import { courtCase } from "@/features/court/case.endpoint";
import { capsuleRead } from "@/features/capsules/read.endpoint";
import { inboxRead } from "@/features/inbox/read.endpoint";
import { networkStatus } from "@/features/system/network-status.endpoint";
import { devKeys } from "@/test/support/anvil";
import { compareWithRebuild } from "@/test/support/projection-compare";
import { startDeskStack, type TestDns } from "@/test/support/desk-stack";
import { dialectsUnderTest, type Stack } from "@/test/support/stack";
import { deployedContracts } from "@/features/capsules/capsules.test-support";
import { activeOutlet, courtChain, finalizedCapsule, juryDriver, type Api, type Json } from "./court.test-support";

// A reorg that drops a jury case's CaseFinal after the bridge settled it (verdict, label, inbox, penalty): once the
// projection has rewound (a shallower one that keeps the CaseFinal changes nothing), the court case is open again, the label before the verdict is back, the parties' verdict
// entries and the penalty are gone, the parties are told the verdict was withdrawn, and the database equals a rebuild from the chain. The operator outbox's worker
// polls rarely here, so the reorg is not undone by its re-broadcasts while the test looks.

const dialects = await dialectsUnderTest();
const [, ownerKey, , , , , challengerKey] = devKeys;
const LEDGER = "reorg-ledger";

describe.each(dialects)("a jury settlement through a reorg on %s", (dialect) => {
  let stack: Stack;
  let dns: TestDns;
  let stopDesk: () => Promise<void>;
  let api: Api;
  let handle: DatabaseHandle;
  let chain: ReturnType<typeof courtChain>;
  let court: Address;

  const rpc = async (method: string, params: unknown[] = []) => {
    const res = await fetch(stack.nodeRpcUrl, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }) });
    const body = (await res.json()) as { result?: unknown; error?: unknown };
    if (body.error) throw new Error(`${method}: ${JSON.stringify(body.error)}`);
    return body.result;
  };
  const until = async <T>(what: string, read: () => Promise<T | undefined>): Promise<T> => {
    for (let i = 0; i < 300; i++) {
      const value = await read();
      if (value !== undefined) return value;
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error(`gave up waiting for ${what}`);
  };

  const atHead = async () => {
    const head = Number(await chain.publicClient.getBlockNumber({ cacheTime: 0 }));
    await until("the projection at the head", async () => {
      const status = (await api.send(networkStatus, {})).body as Json;
      return status.indexer?.status === "synced" && Number(status.indexer.lastIndexedBlock) === head ? status : undefined;
    });
  };

  beforeAll(async () => {
    ({ stack, dns, api, handle, stop: stopDesk } = await startDeskStack(dialect, { env: { CAPSULE_JURY_FILER_POLL_MS: "300", CAPSULE_OUTBOX_POLL_MS: "600000" }, withDatabase: true }));
    const record = readDeployment(path.join(stack.dataDir, "deployment.json"))!;
    const contracts = Object.fromEntries(Object.entries(record.contracts).map(([name, c]) => [name, { address: getAddress(c.address) }])) as Awaited<ReturnType<typeof deployedContracts<"integrityCourt" | "juryCourt">>>;
    court = contracts.juryCourt.address;
    chain = courtChain(stack, contracts);
    await chain.deposit(ownerKey, "1000");
    await chain.deposit(challengerKey, "10");
    await activeOutlet(api, dns, ownerKey, LEDGER);
  }, 300_000);

  afterAll(async () => {
    await stopDesk?.();
  });

  it("opens the case again when the CaseFinal it was settled on is reorged away, and equals a rebuild", async () => {
    const driver = juryDriver(stack, api, chain, court);
    const jurorKeys = await driver.seatBench(dns, "reorg-bench");
    const { capsuleId } = await finalizedCapsule(api, chain, { authorKey: ownerKey, voterKey: ownerKey, outletSlug: LEDGER, title: "Ferry fares doubled in a year", category: "economy" });
    const filed = await driver.dispute(challengerKey, capsuleId, { grounds: "The operator's tariff shows a 20% rise, not a doubling." });
    expect(filed.status, JSON.stringify(filed.body)).toBe(201);
    const caseId = filed.body.case.caseId as string;
    expect(filed.body.capsule.integrityLabel).toBe("contested");

    let snapshot = "";
    await driver.decide(caseId, jurorKeys, ["misleading"], challengerKey, {
      finalOnChain: challengerKey,
      beforeFinal: async () => {
        snapshot = (await rpc("evm_snapshot")) as string;
      },
    });
    // the bridge settles the final case: verdict, label, the parties told, the penalty slashed on chain
    const settled = await until("the settlement", async () => {
      const shown = (await api.send(courtCase, { params: { id: caseId } })).body as Json;
      return shown.case?.status === "closed" && shown.case.penalty ? shown : undefined;
    });
    expect(settled.case).toMatchObject({ period: "final", verdict: "misleading" });
    expect(settled.capsule.integrityLabel).toBe("misleading");
    const verdictsOf = async () => ((await api.send(inboxRead, { body: { limit: 100 } }, ownerKey)).body.items as Json[]).filter((e) => e.kind === "inbox.verdict" && e.caseId === caseId);
    expect(await verdictsOf()).toHaveLength(1);
    const penaltyRows = () => handle.db.selectFrom("court_penalties").select("tx_hash").where("case_id", "=", Number(caseId)).execute();
    expect(await penaltyRows()).toHaveLength(1);

    // a shallow reorg that keeps the CaseFinal (it takes a later bond deposit away) leaves the settlement as it is
    const rewound = async () => (await handle.db.selectFrom("chain_reorgs").select("id").where("outcome", "=", "rewound").execute()).length;
    const rewindsBefore = await rewound();
    const keep = (await rpc("evm_snapshot")) as string;
    await chain.deposit(challengerKey, "1");
    await atHead();
    expect(await rpc("evm_revert", [keep])).toBe(true);
    await rpc("anvil_mine", ["0x1"]);
    await until("the shallow rewind", async () => ((await rewound()) > rewindsBefore ? true : undefined));
    // the deposit's event was removed, so the resets and the replay ran (not only the checkpoint moved back)
    const last = await handle.db.selectFrom("chain_reorgs").select("events_removed").orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(Number(last.events_removed)).toBeGreaterThan(0);
    const kept = (await api.send(courtCase, { params: { id: caseId } })).body as Json;
    expect(kept.case).toMatchObject({ period: "final", status: "closed", verdict: "misleading" });
    expect(kept.case.penalty).toEqual(settled.case.penalty);
    expect(kept.capsule.integrityLabel).toBe("misleading");
    expect(await verdictsOf()).toHaveLength(1);
    expect(await penaltyRows()).toHaveLength(1);

    // the reorg: the chain goes back to before the final move (and the penalty), and a new block is mined
    expect(await rpc("evm_revert", [snapshot])).toBe(true);
    await rpc("anvil_mine", ["0x1"]);
    const reopened = await until("the rewind", async () => {
      const shown = (await api.send(courtCase, { params: { id: caseId } })).body as Json;
      return shown.case?.period === "reveal" ? shown : undefined;
    });
    expect(reopened.case).toMatchObject({ status: "open", verdict: null, penalty: null });
    expect(reopened.timeline.filter((e: Json) => e.kind === "verdict" || e.kind === "penalty")).toEqual([]);
    expect((await api.send(capsuleRead, { params: { id: capsuleId } })).body.capsule.integrityLabel).toBe("contested");
    expect(await verdictsOf()).toEqual([]);
    // the parties told of the verdict (the author and owner, the challenger) are told it was withdrawn, once each
    const reopenedOf = async (key: (typeof devKeys)[number]) => ((await api.send(inboxRead, { body: { limit: 100 } }, key)).body.items as Json[]).filter((e) => e.kind === "inbox.case_reopened" && e.caseId === caseId);
    for (const key of [ownerKey, challengerKey]) {
      const told = await reopenedOf(key);
      expect(told).toHaveLength(1);
      expect(told[0]!).toMatchObject({ capsuleId, outletSlug: LEDGER, txHash: null });
      expect(told[0]!.message).toBe(`The verdict (Misleading) in case #${caseId} on “Ferry fares doubled in a year” was withdrawn: the chain no longer holds the jury's final ruling, so the case is open again.`);
    }
    expect(await penaltyRows()).toEqual([]);
    const penaltyTxs = await handle.db.selectFrom("operator_outbox").select("status").where("purpose", "=", "court.penalty").where("case_id", "=", Number(caseId)).execute();
    expect(penaltyTxs).toEqual([]); // withdrawn: the worker will not broadcast it again

    // the projection at the head, then a rebuild of a copy from the chain: table by table the same
    await atHead();
    const compared = await compareWithRebuild({
      sqliteFile: stack.databaseUrl ? undefined : path.join(stack.dataDir, "capsule.sqlite"),
      databaseUrl: stack.databaseUrl,
      rpcUrl: stack.nodeRpcUrl,
      deploymentFile: path.join(stack.dataDir, "deployment.json"),
    });
    expect(compared.differences).toEqual([]);
  }, 600_000);
});
