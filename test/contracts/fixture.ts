import {
  BaseError,
  ContractFunctionRevertedError,
  createPublicClient,
  createTestClient,
  createWalletClient,
  defineChain,
  http,
  parseEther,
  type Address,
  type Hex,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { articleRegistryAbi } from "@/lib/chain/abi";
import { compileContracts } from "@/lib/chain/compile-contracts";
import { deployCapsuleContracts } from "@/lib/chain/deploy";
import type { DeploymentRecord } from "@/lib/chain/deployment-record";
import { signSubmitVoucher, type SubmitVoucher } from "@/lib/chain/vouchers";
import { devKeys, startTestAnvil } from "@/test/support/anvil";
import { sharedContractsCache } from "@/test/support/contracts-build-cache";

// One anvil + one deployment per test file; helpers to send, wait and read revert names.
export const BURN_INTERVAL = 7 * 24 * 60 * 60;
export const FEE = parseEther("30");
// Content-keyed (source hash) build cache shared by every test file and stack, so solc runs once.
export const sharedBuildCache = sharedContractsCache;

export type Fixture = Awaited<ReturnType<typeof startContractsFixture>>;

export async function startContractsFixture() {
  const anvil = await startTestAnvil();
  try {
    const compiled = compileContracts({ cacheFile: sharedBuildCache });
    const operatorKey = devKeys[0];
    const record = await deployCapsuleContracts({
      rpcUrl: anvil.rpcUrl,
      operatorKey,
      artifacts: compiled.artifacts,
      sourceHash: compiled.sourceHash,
      burnIntervalSeconds: BURN_INTERVAL,
    });
    const chain = defineChain({
      id: record.chainId,
      name: "test",
      nativeCurrency: { name: "Capsule", symbol: "CAP", decimals: 18 },
      rpcUrls: { default: { http: [anvil.rpcUrl] } },
    });
    const transport = http(anvil.rpcUrl);
    const publicClient = createPublicClient({ chain, transport, pollingInterval: 50 });
    const testClient = createTestClient({ chain, transport, mode: "anvil" });
    const accounts = devKeys.map((key) => privateKeyToAccount(key));
    const wallets = accounts.map((account) => createWalletClient({ chain, transport, account, pollingInterval: 50 }));
    const addr = (key: keyof DeploymentRecord["contracts"]) => record.contracts[key].address as Address;
    const operator = accounts[0]!;
    let nextCapsuleId = 1n;

    /** Waits for a sent transaction and asserts it succeeded. */
    const mined = async (hash: Hex | Promise<Hex>) => {
      const receipt = await publicClient.waitForTransactionReceipt({ hash: await hash });
      if (receipt.status !== "success") throw new Error(`transaction ${receipt.transactionHash} reverted`);
      return receipt;
    };

    const latestTimestamp = async () => (await publicClient.getBlock({ blockTag: "latest" })).timestamp;

    /** Moves chain time forward and mines a block, so the next reads/writes see the new time. */
    const advance = async (seconds: number) => {
      await testClient.increaseTime({ seconds });
      await testClient.mine({ blocks: 1 });
    };

    /** A voucher for `submitter` with sane defaults (fresh id, 1 h window, 60/5 policy). */
    const voucher = async (submitter: Address, overrides: Partial<SubmitVoucher> = {}): Promise<SubmitVoucher> => ({
      capsuleId: nextCapsuleId++,
      outletSlug: "daily-ledger",
      submitter,
      contentHash: `0x${"ab".repeat(32)}`,
      parentCapsuleId: 0n,
      windowSeconds: 3600n,
      eligibleWeight: parseEther("100"),
      approvalPct: 60,
      quorumPct: 5,
      deadline: (await latestTimestamp()) + 600n,
      manifestHash: `0x${"cd".repeat(32)}`,
      evidenceRoot: `0x${"00".repeat(32)}`,
      ...overrides,
    });

    const signVoucher = (v: SubmitVoucher, signer = operator) => signSubmitVoucher(signer, addr("articleRegistry"), record.chainId, v);

    /** Sends submitCapsule from wallet `from` (default: the voucher's submitter must be that wallet). */
    const submit = (from: number, v: SubmitVoucher, opts: { signature?: Hex; value?: bigint } = {}) =>
      (async () =>
        wallets[from]!.writeContract({
          address: addr("articleRegistry"),
          abi: articleRegistryAbi,
          functionName: "submitCapsule",
          args: [v, opts.signature ?? (await signVoucher(v))],
          value: opts.value ?? FEE,
        }))();

    const stop = () => anvil.stop();
    return { anvil, record, chain, publicClient, testClient, accounts, wallets, operator, addr, mined, advance, latestTimestamp, voucher, signVoucher, submit, stop };
  } catch (error) {
    await anvil.stop();
    throw error;
  }
}

/** The custom error name a call reverted with (throws if it did not revert). */
export async function revertName(action: Promise<unknown> | (() => Promise<unknown>)): Promise<string> {
  try {
    await (typeof action === "function" ? action() : action);
  } catch (error) {
    if (error instanceof BaseError) {
      const reverted = error.walk((e) => e instanceof ContractFunctionRevertedError);
      if (reverted instanceof ContractFunctionRevertedError) return reverted.data?.errorName ?? reverted.reason ?? "unknown revert";
    }
    throw error;
  }
  throw new Error("expected a revert, the call succeeded");
}
