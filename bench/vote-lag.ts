import { createPublicClient, createWalletClient, getAddress, http } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { z } from "zod";
import { capsuleChain } from "@/lib/chain/chain";
import { ZCapsuleResponse } from "@/lib/schemas/capsules";
import type { DbOrTrx } from "@/lib/db/database";
import { readCheckpoint } from "@/lib/indexer/checkpoint-repository";
import { devKeys } from "@/test/support/anvil";
import { seedCapsules } from "./seed-capsules";
import { startBenchStack } from "./support/bench-stack";
import { compileEmitter } from "./support/emitter";
import { loadAverage } from "./support/machine";
import { percentile } from "./support/stats";

export type LagFigures = { dialect: string; votes: number; p50: number; p95: number; max: number; indexedP50: number; indexedP95: number; load: string };

const ZAcceptanceAddress = z.object({ contracts: z.object({ capsuleAcceptance: z.object({ address: z.string().regex(/^0x[0-9a-fA-F]{40}$/) }) }) });
const ZRpcAnswer = z.object({ result: z.unknown().optional(), error: z.object({ message: z.string() }).optional() });

async function rpc(url: string, method: string, params: unknown[]): Promise<unknown> {
  const response = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }) });
  const body = ZRpcAnswer.parse(await response.json());
  if (body.error) throw new Error(body.error.message);
  return body.result;
}

/** Milliseconds from `since` until the indexer's checkpoint in SQL reaches `block` (polled every 2 ms). */
async function indexedAfter(db: DbOrTrx, block: bigint, since: number): Promise<number> {
  while (BigInt((await readCheckpoint(db))?.blockNumber ?? -1) < block) {
    if (performance.now() - since > 10_000) throw new Error(`block ${block} was not indexed within 10 s`);
    await new Promise((r) => setTimeout(r, 2));
  }
  return performance.now() - since;
}

async function tallyOf(baseUrl: string, capsuleId: number): Promise<string> {
  const { capsule } = ZCapsuleResponse.parse(await (await fetch(`${baseUrl}/api/capsules/${capsuleId}`)).json());
  return `${capsule.yesVotes}/${capsule.noVotes}`;
}

/**
 * Lag from a VoteCast receipt to its tally in GET /api/capsules/:id. On a bench-only stack the
 * acceptance contract's code is swapped (anvil_setCode) for an emitter of the same event, so one
 * wallet can cast many votes on seeded capsules; the indexer (following newHeads by subscription)
 * and the route are the real ones. The route is polled every 5 ms after the receipt; beside it the
 * checkpoint is read from SQL every 2 ms, which separates the indexer's share from the route's.
 */
export async function benchVoteLag(options: { dialect: "sqlite" | "postgres"; votes: number; log: (m: string) => void }): Promise<LagFigures> {
  const bench = await startBenchStack(options.dialect, { CAPSULE_RATE_PUBLIC_GET_PER_MIN: "1000000000" });
  const { stack } = bench;
  try {
    const seeded = await seedCapsules(bench.handle.db, bench.handle.dialect, 20, () => undefined);
    const summary = ZAcceptanceAddress.parse(await (await fetch(`${stack.baseUrl}/api/meta/contracts-summary`)).json());
    const acceptance = getAddress(summary.contracts.capsuleAcceptance.address);
    const chain = capsuleChain(stack.nodeRpcUrl);
    const account = privateKeyToAccount(devKeys[9]);
    const wallet = createWalletClient({ chain, transport: http(stack.nodeRpcUrl), account });
    const reader = createPublicClient({ chain, transport: http(stack.nodeRpcUrl) });
    const emitter = compileEmitter();
    const deployed = await reader.waitForTransactionReceipt({ hash: await wallet.deployContract({ abi: emitter.abi, bytecode: emitter.bytecode }) });
    const runtime = await reader.getCode({ address: deployed.contractAddress! });
    await rpc(stack.nodeRpcUrl, "anvil_setCode", [acceptance, runtime]);

    const lags: number[] = [];
    const indexed: number[] = [];
    for (let i = 0; i < options.votes; i++) {
      const capsuleId = seeded.firstId + (i % seeded.capsules);
      const before = await tallyOf(stack.baseUrl, capsuleId);
      const hash = await wallet.writeContract({ address: acceptance, abi: emitter.abi, functionName: "emitMany", args: [BigInt(capsuleId), 1n, 1n, BigInt(1_000_000 + i)] });
      const receipt = await reader.waitForTransactionReceipt({ hash, pollingInterval: 5 });
      const receivedAt = performance.now();
      const checkpointed = indexedAfter(bench.handle.db, receipt.blockNumber, receivedAt);
      checkpointed.catch(() => undefined); // awaited below, after the route has answered
      while ((await tallyOf(stack.baseUrl, capsuleId)) === before) {
        if (performance.now() - receivedAt > 10_000) throw new Error(`vote ${i} did not reach the tally within 10 s`);
        await new Promise((r) => setTimeout(r, 5));
      }
      lags.push(performance.now() - receivedAt);
      indexed.push(await checkpointed);
    }
    options.log(`  ${options.dialect}: ${lags.length} votes measured`);
    return { dialect: options.dialect, votes: lags.length, p50: percentile(lags, 50), p95: percentile(lags, 95), max: Math.max(...lags), indexedP50: percentile(indexed, 50), indexedP95: percentile(indexed, 95), load: loadAverage() };
  } finally {
    await bench.stop();
  }
}
