import { expect } from "vitest";
import { createPublicClient, createWalletClient, http, parseEther, type Address, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { roleRegistryAbi } from "@/lib/chain/abi";
import { capsuleChain } from "@/lib/chain/chain";
import { outletKey } from "@/lib/chain/vouchers";
import { openDatabase, type DatabaseHandle } from "@/lib/db/connection";
import type { Stack } from "@/test/support/stack";
import path from "node:path";

type Res = { status: number; body: unknown };

/** Asserts the seed's exact error body (plus `issues`/extra fields when given). */
export function expectError(res: Res, statusCode: number, error: string, message: string | RegExp, extra: Record<string, unknown> = {}) {
  expect(res.status, JSON.stringify(res.body)).toBe(statusCode);
  expect(res.body).toEqual({ ok: false, error, message: typeof message === "string" ? message : expect.stringMatching(message), statusCode, ...extra });
}

/** Direct chain access for tests: dev wallets deposit bonds; reads of RoleRegistry state. */
export function chainAccess(stack: Stack, roleRegistry: Address) {
  const chain = capsuleChain(stack.nodeRpcUrl);
  const publicClient = createPublicClient({ chain, transport: http(stack.nodeRpcUrl) });
  return {
    async deposit(key: Hex, units: string): Promise<Hex> {
      const wallet = createWalletClient({ chain, transport: http(stack.nodeRpcUrl), account: privateKeyToAccount(key) });
      const hash = await wallet.writeContract({ address: roleRegistry, abi: roleRegistryAbi, functionName: "deposit", value: parseEther(units) });
      const receipt = await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 50 });
      expect(receipt.status).toBe("success");
      return hash;
    },
    lockedOf: (wallet: Address) => publicClient.readContract({ address: roleRegistry, abi: roleRegistryAbi, functionName: "lockedOf", args: [wallet] }),
    bondOf: (wallet: Address) => publicClient.readContract({ address: roleRegistry, abi: roleRegistryAbi, functionName: "bondOf", args: [wallet] }),
    isVoter: (slug: string, wallet: Address) =>
      publicClient.readContract({ address: roleRegistry, abi: roleRegistryAbi, functionName: "isVoter", args: [outletKey(slug), wallet] }),
    isMember: (slug: string, wallet: Address) =>
      publicClient.readContract({ address: roleRegistry, abi: roleRegistryAbi, functionName: "isMember", args: [outletKey(slug), wallet] }),
    /** RoleRegistry.jurorPoolAt: who may judge a case at `slug`, as of the latest block. */
    async jurorPool(slug: string): Promise<Address[]> {
      const block = await publicClient.getBlockNumber({ cacheTime: 0 });
      const [wallets] = await publicClient.readContract({ address: roleRegistry, abi: roleRegistryAbi, functionName: "jurorPoolAt", args: [outletKey(slug), block] });
      return [...wallets];
    },
  };
}

/** The stack's own SQL database, for the one test that plants a row the API would refuse. */
export function openStackDatabase(stack: Stack): DatabaseHandle {
  return openDatabase({ databaseUrl: stack.databaseUrl, sqliteFile: path.join(stack.dataDir, "capsule.sqlite") });
}

/** Polls `probe` until it returns a value (bounded wait). */
export async function eventually<T>(probe: () => Promise<T | undefined>, what: string, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
