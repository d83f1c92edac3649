import path from "node:path";
import { createPublicClient, createWalletClient, http, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { capsuleChain } from "@/lib/chain/chain";
import { openDatabase } from "@/lib/db/connection";
import { devKeys } from "@/test/support/anvil";
import { startStack } from "@/test/support/stack";
import { seedCapsules } from "./seed-capsules";
import { compileEmitter } from "./support/emitter";
import { percentile } from "./support/stats";

async function rpc(url: string, method: string, params: unknown[]): Promise<unknown> {
  const response = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }) });
  const body = (await response.json()) as { result?: unknown; error?: { message: string } };
  if (body.error) throw new Error(body.error.message);
  return body.result;
}

/**
 * Lag from a VoteCast receipt to its effect in GET /api/capsules/:id. On a bench-only stack the
 * acceptance contract's code is swapped (anvil_setCode) for an emitter of the same event, so one
 * wallet can cast many votes on seeded capsules; the indexer and the route are the real ones.
 */
export async function benchVoteLag(options: { dialect: "sqlite" | "postgres"; votes: number; log: (m: string) => void }) {
  const stack = await startStack({ database: options.dialect, env: { CAPSULE_RATE_PUBLIC_GET_PER_MIN: "1000000000" } });
  const handle = openDatabase({ databaseUrl: stack.databaseUrl, sqliteFile: path.join(stack.dataDir, "capsule.sqlite") });
  try {
    const seeded = await seedCapsules(handle.db, 20, () => undefined);
    const summary = (await (await fetch(`${stack.baseUrl}/api/meta/contracts-summary`)).json()) as { contracts: { capsuleAcceptance: { address: Hex } } };
    const acceptance = summary.contracts.capsuleAcceptance.address;
    const chain = capsuleChain(stack.nodeRpcUrl);
    const account = privateKeyToAccount(devKeys[9]);
    const wallet = createWalletClient({ chain, transport: http(stack.nodeRpcUrl), account });
    const reader = createPublicClient({ chain, transport: http(stack.nodeRpcUrl) });
    const emitter = compileEmitter();
    const deployed = await reader.waitForTransactionReceipt({ hash: await wallet.deployContract({ abi: emitter.abi, bytecode: emitter.bytecode }) });
    const runtime = await reader.getCode({ address: deployed.contractAddress! });
    await rpc(stack.nodeRpcUrl, "anvil_setCode", [acceptance, runtime]);

    const lags: number[] = [];
    for (let i = 0; i < options.votes; i++) {
      const capsuleId = seeded.firstId + (i % seeded.capsules);
      const before = await (await fetch(`${stack.baseUrl}/api/capsules/${capsuleId}`)).text();
      const hash = await wallet.writeContract({ address: acceptance, abi: emitter.abi, functionName: "emitMany", args: [BigInt(capsuleId), 1n, 1n, BigInt(1_000_000 + i)] });
      await reader.waitForTransactionReceipt({ hash, pollingInterval: 5 });
      const receivedAt = performance.now();
      for (;;) {
        const now = await (await fetch(`${stack.baseUrl}/api/capsules/${capsuleId}`)).text();
        if (now !== before) break;
        if (performance.now() - receivedAt > 10_000) throw new Error(`vote ${i} did not reach the tally within 10 s`);
        await new Promise((r) => setTimeout(r, 5));
      }
      lags.push(performance.now() - receivedAt);
    }
    options.log(`  ${options.dialect}: ${lags.length} votes measured`);
    return { dialect: options.dialect, votes: lags.length, p50: percentile(lags, 50), p95: percentile(lags, 95), max: Math.max(...lags) };
  } finally {
    await handle.close();
    await stack.stop();
  }
}
