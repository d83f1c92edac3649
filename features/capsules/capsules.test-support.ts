import { expect } from "vitest";
import { createPublicClient, createWalletClient, getAddress, http, parseEther, type Address, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { articleRegistryAbi, capsuleAcceptanceAbi, roleRegistryAbi } from "@/lib/chain/abi";
import { capsuleChain } from "@/lib/chain/chain";
import { signBallot, signVoteReason, submitVoucherFromJson } from "@/lib/chain/vouchers";
import { contractsSummary } from "@/features/operator/contracts-summary.endpoint";
import { outletCreate } from "@/features/outlets/create.endpoint";
import { outletVerify } from "@/features/outlets/verify.endpoint";
import { roleGrant } from "@/features/roles/grant.endpoint";
import { roleOfferAccept } from "@/features/roles/offer-accept.endpoint";
import { bridgeClient, type Json } from "@/test/support/bridge-client";
import type { Stack } from "@/test/support/stack";
import { startTestDns } from "@/features/outlets/dns-server.test-support";

export type Api = ReturnType<typeof bridgeClient>;
export type Res = { status: number; body: unknown };
export type { Json };

export const addr = (key: Hex): Address => privateKeyToAccount(key).address;

/** Asserts the seed's exact error body (plus `issues` or extra fields when given). */
export function expectError(res: Res, statusCode: number, error: string, message: string | RegExp, extra: Record<string, unknown> = {}) {
  expect(res.status, JSON.stringify(res.body)).toBe(statusCode);
  expect(res.body).toEqual({ ok: false, error, message: typeof message === "string" ? message : expect.stringMatching(message), statusCode, ...extra });
}

const contractNames = ["roleRegistry", "articleRegistry", "capsuleAcceptance", "validatorsVault", "burnPool", "mediaValidatorsVault", "integrityTreasury", "vaultOperatorsVault", "foundationVault"] as const;

export type Contracts = Record<(typeof contractNames)[number], { address: Address }>;

/** The deployed contracts' addresses from GET /api/meta/contracts-summary (every one the tests use, plus `extra`, must be there). */
export async function deployedContracts<N extends string = never>(api: Api, ...extra: N[]): Promise<Contracts & Record<N, { address: Address }>> {
  const { contracts } = await api.call(contractsSummary, {});
  return Object.fromEntries(
    [...contractNames, ...extra].map((name) => {
      const deployed = contracts[name];
      if (!deployed) throw new Error(`the contracts summary lacks ${name}`);
      return [name, { address: getAddress(deployed.address) }];
    }),
  ) as Contracts & Record<N, { address: Address }>;
}

/** Direct chain access for tests, through the internal node (as a wallet would through /rpc). */
export function chainAccess(stack: Stack, contracts: Contracts) {
  const chain = capsuleChain(stack.nodeRpcUrl);
  const publicClient = createPublicClient({ chain, transport: http(stack.nodeRpcUrl) });
  const walletOf = (key: Hex) => createWalletClient({ chain, transport: http(stack.nodeRpcUrl), account: privateKeyToAccount(key) });
  const rpc = async (method: string, params: unknown[]) => {
    const res = await fetch(stack.nodeRpcUrl, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }) });
    const body = (await res.json()) as { result?: unknown; error?: unknown };
    if (body.error) throw new Error(JSON.stringify(body.error));
    return body.result;
  };
  return {
    publicClient,
    walletOf,
    async deposit(key: Hex, units: string) {
      const hash = await walletOf(key).writeContract({ address: contracts.roleRegistry.address, abi: roleRegistryAbi, functionName: "deposit", value: parseEther(units) });
      expect((await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 50 })).status).toBe("success");
    },
    balance: (address: Address) => publicClient.getBalance({ address }),
    bondOf: (wallet: Address) => publicClient.readContract({ address: contracts.roleRegistry.address, abi: roleRegistryAbi, functionName: "bondOf", args: [wallet] }),
    /** The wallet sends ArticleRegistry.submitCapsule(voucher, signature) with the fee. */
    async submitOnChain(key: Hex, answer: Json) {
      const voucher = submitVoucherFromJson(answer.voucher);
      const hash = await walletOf(key).writeContract({
        address: answer.registry,
        abi: articleRegistryAbi,
        functionName: "submitCapsule",
        args: [voucher, answer.signature],
        value: BigInt(answer.fee),
      });
      const receipt = await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 50 });
      expect(receipt.status).toBe("success");
      return hash;
    },
    /** A ballot signed by the voter for the relay route; with `reason`, also its VoteReason signature (signText/signSupport sign something else, for refusals). */
    async ballot(key: Hex, capsuleId: string, support: boolean, deadlineFromNow = 3600, reason?: { text: string; signText?: string; signSupport?: boolean }) {
      const voter = addr(key);
      const nonce = await publicClient.readContract({ address: contracts.capsuleAcceptance.address, abi: capsuleAcceptanceAbi, functionName: "nonces", args: [voter] });
      const block = await publicClient.getBlock({ blockTag: "latest" });
      const deadline = block.timestamp + BigInt(deadlineFromNow);
      const signature = await signBallot(privateKeyToAccount(key), contracts.capsuleAcceptance.address, chain.id, { capsuleId: BigInt(capsuleId), support, voter, nonce, deadline });
      if (!reason) return { support, deadline: deadline.toString(), signature };
      const signed = { capsuleId: BigInt(capsuleId), support: reason.signSupport ?? support, voter, ballotNonce: nonce, reason: reason.signText ?? reason.text };
      const reasonSignature = await signVoteReason(privateKeyToAccount(key), contracts.capsuleAcceptance.address, chain.id, signed);
      return { support, deadline: deadline.toString(), signature, reason: reason.text, reasonSignature };
    },
    async increaseTime(seconds: number) {
      await rpc("evm_increaseTime", [seconds]);
      await rpc("evm_mine", []);
    },
  };
}

/** Creates an outlet through the outlets routes and verifies it against the loopback DNS server. */
export async function activeOutlet(api: Api, dns: Awaited<ReturnType<typeof startTestDns>>, ownerKey: Hex, slug: string) {
  const domain = `${slug}.example.org`;
  const created = await api.send(outletCreate, { body: { slug, name: `Outlet ${slug}`, domain, metadataURI: `ipfs://outlet-${slug}` } }, ownerKey);
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  dns.set(domain, { txt: [created.body.txtRecord.value] });
  const verified = await api.send(outletVerify, { body: { outletSlug: slug, method: "dns_txt" } }, ownerKey);
  expect(verified.body).toMatchObject({ ok: true, verified: true, outlet: { status: "active" } });
  return created.body.outlet as Json;
}

/**
 * Grants a role as `byKey` to the wallet of `granteeKey`: a grant to another wallet is an offer, which
 * the grantee then accepts (the grant takes effect only then); a grant to oneself takes effect at once.
 */
export async function grantRole(api: Api, byKey: Hex, outletSlug: string, granteeKey: Hex, roleId: number) {
  const wallet = addr(granteeKey);
  const res = await api.send(roleGrant, { body: { outletSlug, wallet, roleId } }, byKey);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  if (wallet === addr(byKey)) return res;
  expect(res.body, JSON.stringify(res.body)).toMatchObject({ status: "offered", offer: { wallet, roleId, status: "pending" } });
  const accepted = await api.send(roleOfferAccept, { body: { offerId: res.body.offer.offerId } }, granteeKey);
  expect(accepted.status, JSON.stringify(accepted.body)).toBe(201);
  return accepted;
}

/**
 * An active outlet and its desk, in the order the tests always set it up: each bond deposited, the outlet created and
 * verified by its owner, then each role granted by the owner and accepted.
 */
export async function staffedDesk(desk: {
  api: Api;
  chain: ReturnType<typeof chainAccess>;
  dns: Awaited<ReturnType<typeof startTestDns>>;
  ownerKey: Hex;
  slug: string;
  bonds: ReadonlyArray<readonly [Hex, string]>;
  roles?: ReadonlyArray<readonly [Hex, number]>;
}): Promise<Json> {
  for (const [key, amount] of desk.bonds) await desk.chain.deposit(key, amount);
  const outlet = await activeOutlet(desk.api, desk.dns, desk.ownerKey, desk.slug);
  for (const [key, roleId] of desk.roles ?? []) await grantRole(desk.api, desk.ownerKey, desk.slug, key, roleId);
  return outlet;
}

/**
 * The rate limits count in fixed windows aligned to the hour; waits for the next window when
 * fewer than `seconds` are left in this one, so a test's requests all land in the same window.
 */
export async function roomInHourWindow(seconds: number): Promise<void> {
  const left = 3600 - (Math.floor(Date.now() / 1000) % 3600);
  if (left < seconds) await new Promise((resolve) => setTimeout(resolve, (left + 1) * 1000));
}

export const sha = (n: number) => `0x${n.toString(16).padStart(64, "0")}`;
