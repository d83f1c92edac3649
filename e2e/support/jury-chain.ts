import { expect } from "@playwright/test";
import { createPublicClient, createWalletClient, getAddress, http, keccak256, parseEther, toHex, type Address, type Hex } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { articleRegistryAbi, capsuleAcceptanceAbi, juryCourtAbi, roleRegistryAbi } from "@/lib/chain/abi";
import { capsuleChain } from "@/lib/chain/chain";
import { FINDING, juryCommitment, signJuryCommit, signJuryReveal } from "@/lib/chain/jury-ballots";
import { claimKey } from "@/lib/chain/jury-claims";
import { signBallot, submitVoucherFromJson } from "@/lib/chain/vouchers";
import { capsuleAccept } from "@/features/capsules/accept.endpoint";
import { capsuleRead } from "@/features/capsules/read.endpoint";
import { capsuleSubmit } from "@/features/capsules/submit.endpoint";
import { capsuleVote } from "@/features/voting/vote.endpoint";
import type { BodyOf } from "@/test/support/bridge-client";
import { capsuleDispute } from "@/features/court/dispute.endpoint";
import { courtAdvance } from "@/features/court/advance.endpoint";
import { courtCase } from "@/features/court/case.endpoint";
import { courtCommit } from "@/features/court/commit.endpoint";
import { courtReveal } from "@/features/court/reveal.endpoint";
import { contractsSummary } from "@/features/operator/contracts-summary.endpoint";
import { outletCreate } from "@/features/outlets/create.endpoint";
import { outletVerify } from "@/features/outlets/verify.endpoint";
import { grantAccepted } from "./grant-accepted";
import { ROLE } from "@/lib/roles/role-catalog";
import { bridgeClient } from "@/test/support/bridge-client";
import { devKeys } from "@/test/support/anvil";
import { publishTxt } from "./dns-server";
import { outletNameOfRun } from "./outlet-names";
import { awaitJuryPool, leaveJuryPool, poolAtSnapshot } from "./jury-pool";

// What the jury specs do on the shared e2e stack besides the pages: new wallets funded by anvil, bonds,
// active outlets, chain time moved on, transactions sent and checked.

export type Wallet = { key: Hex; address: Address };
type FindingName = keyof typeof FINDING;
/** Each juror's findings, one per disputed claim (one for the article as a whole). */
export type JuryPlan = readonly FindingName[];

function env(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set (e2e/global-setup.ts sets it)`);
  return value;
}

/** Each bench juror's bond in CAP (see seatBench), and what it is given to pay it and its fees from. */
const BENCH_BOND = "1000000000";
const BENCH_FUNDS = "2000000000";

/** Dev key `index` of the shared stack (test/support/anvil.ts) as a wallet. */
export function devWallet(index: number): Wallet {
  const key = devKeys[index] as Hex;
  return { key, address: privateKeyToAccount(key).address };
}

/** A new wallet (no history on the shared stack: what other specs did cannot change what it sees). */
export function freshWallet(): Wallet {
  const key = generatePrivateKey();
  return { key, address: privateKeyToAccount(key).address };
}

export function juryChain() {
  const api = bridgeClient(env("CAPSULE_E2E_BASE_URL"));
  const nodeRpcUrl = env("CAPSULE_E2E_NODE_RPC_URL");
  const chain = capsuleChain(nodeRpcUrl);
  const publicClient = createPublicClient({ chain, transport: http(nodeRpcUrl) });
  const walletClient = (wallet: Wallet) => createWalletClient({ chain, transport: http(nodeRpcUrl), account: privateKeyToAccount(wallet.key) });

  async function nodeRpc(method: string, params: unknown[]): Promise<unknown> {
    const res = await fetch(nodeRpcUrl, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }) });
    const body = (await res.json()) as { result?: unknown; error?: unknown };
    if (body.error) throw new Error(`${method}: ${JSON.stringify(body.error)}`);
    return body.result;
  }

  async function contract(name: "roleRegistry" | "capsuleAcceptance" | "juryCourt"): Promise<Address> {
    const address = (await api.call(contractsSummary, {})).contracts[name]?.address;
    if (!address) throw new Error(`no ${name} contract`);
    return getAddress(address);
  }

  /** Sends the wallet's transaction and waits until it is mined; answers its hash, throws when it reverted. */
  async function send(wallet: Wallet, write: (client: ReturnType<typeof walletClient>) => Promise<Hex>): Promise<Hex> {
    const receipt = await publicClient.waitForTransactionReceipt({ hash: await write(walletClient(wallet)), pollingInterval: 100 });
    if (receipt.status !== "success") throw new Error("transaction reverted");
    return receipt.transactionHash;
  }

  return {
    api,
    publicClient,
    chainId: chain.id,
    nodeRpc,
    contract,
    send,

    /**
     * Moves the chain's clock forward and mines blocks: the jurors' draw waits for blocks mined after the
     * opening's draw block (JuryCourt drawDelayBlocks = 3); a live chain mines them by itself, anvil only on demand.
     */
    async advanceChainTime(seconds: number) {
      await nodeRpc("evm_increaseTime", [seconds]);
      await nodeRpc("evm_mine", []);
      await nodeRpc("anvil_mine", ["0x4"]);
    },

    /** Gives the wallet `units` CAP to spend and deposits `bond` of it in RoleRegistry ("0": no bond). */
    async fund(wallet: Wallet, units: string, bond: string) {
      await nodeRpc("anvil_setBalance", [wallet.address, `0x${parseEther(units).toString(16)}`]);
      if (bond === "0") return;
      const registry = await contract("roleRegistry");
      await send(wallet, (client) => client.writeContract({ address: registry, abi: roleRegistryAbi, functionName: "deposit", value: parseEther(bond) }));
    },

    /**
     * A bench outlet of `jurors` (three fresh wallets unless given) bonded as its Editors so heavily that a draw on the shared stack
     * seats them (each pick is proportional to bond). The last pick of a draw without replacement weighs one
     * bench bond against every other Editor's bond on the stack, which grows through a run (each outlet
     * fixture bonds its owner a thousand CAP): at a million CAP each a full CI run once drew a stranger;
     * BENCH_BOND is a thousand times that. Seat it before the case is opened on chain (the pool
     * is the opening's snapshot); call `leave()` when the spec is done, so other specs' draws are not
     * disturbed (e2e/support/jury-pool.ts).
     */
    async seatBench(slug: string, jurors: readonly Wallet[] = [freshWallet(), freshWallet(), freshWallet()]) {
      const owner = freshWallet(); // no bond: not an Editor who votes, never a juror
      await this.fund(owner, "100", "0");
      for (const juror of jurors) await this.fund(juror, BENCH_FUNDS, BENCH_BOND);
      await this.activeOutlet(owner, slug);
      for (const juror of jurors) await grantAccepted(api, owner.key, slug, juror.key, ROLE.EDITOR);
      const registry = await contract("roleRegistry");
      await awaitJuryPool({ publicClient, registry, benchSlug: slug, jurors: jurors.map((j) => j.address) });
      return { jurors, leave: () => leaveJuryPool({ api, publicClient, registry, benchSlug: slug, benchOwnerKey: owner.key, jurors: jurors.map((j) => j.address) }) };
    },

    /** The challenger's JuryCourt.openCase on the capsule's claims (none: the article), paying the fee; answers its hash. */
    async openCase(challenger: Wallet, capsuleId: string, claimIds: readonly string[] = []): Promise<Hex> {
      const court = await contract("juryCourt");
      const [jurors, config] = await Promise.all([
        publicClient.readContract({ address: court, abi: juryCourtAbi, functionName: "FIRST_ROUND_JURORS" }),
        publicClient.readContract({ address: court, abi: juryCourtAbi, functionName: "config" }),
      ]);
      const value = jurors * config[5]; // config: evidence, commit, reveal, appeal seconds, draw delay, fee per juror
      return send(challenger, (client) => client.writeContract({ address: court, abi: juryCourtAbi, functionName: "openCase", args: [BigInt(capsuleId), claimIds.map((id) => claimKey(Number(id)))], value }));
    },

    /** Opens the case on chain and files the dispute with its hash (what the dispute page does). */
    async dispute(challenger: Wallet, capsuleId: string, body: Omit<BodyOf<typeof capsuleDispute>, "openTxHash">) {
      const openTxHash = await this.openCase(challenger, capsuleId, body.claimIds ?? []);
      return api.call(capsuleDispute, { params: { id: capsuleId }, body: { ...body, openTxHash } }, challenger.key);
    },

    /**
     * From the evidence period to the final finding, over the bridge: the drawn jurors (each one of
     * `jurors`) commit and reveal `plan`, `by` moves the case on, chain time travels past each period
     * (and past an appeal period nobody funds). Answers the last answer: the case closed and settled.
     */
    async decide(caseId: string, jurors: readonly Wallet[], plan: JuryPlan, by: Wallet) {
      const court = await contract("juryCourt");
      const chainTime = async () => Number((await publicClient.getBlock({ blockTag: "latest" })).timestamp);
      const pastPeriod = async (endsAt: string | null) => {
        const left = endsAt === null ? 0 : Number(endsAt) - (await chainTime());
        await this.advanceChainTime(Math.max(left + 1, 0));
      };
      const advance = () => api.call(courtAdvance, { params: { id: caseId } }, by.key);
      const open = (await api.call(courtCase, { params: { id: caseId } })).case;
      if (open.court !== "jury" || open.period !== "evidence" || !open.juryCaseId) throw new Error(`case ${caseId} is not a jury case in its evidence period`);
      const juryCaseId = BigInt(open.juryCaseId);
      await pastPeriod(open.periodEndsAt);
      const commit = (await advance()).case;
      if (commit.period !== "commit") throw new Error(`case ${caseId} is in its ${commit.period} period, not commit`);
      const round = BigInt(commit.round ?? 0);
      const drawn: Array<{ wallet: Wallet; salt: Hex }> = [];
      for (const { juror } of commit.jurors.filter((j) => j.round === commit.round)) {
        const wallet = jurors.find((w) => w.address === juror);
        if (!wallet) {
          const pool = await poolAtSnapshot({ publicClient, registry: await contract("roleRegistry"), juryCourt: court, caseId: juryCaseId.toString(), outletSlug: open.outletSlug });
          throw new Error(`juror ${juror} drawn for case ${caseId} is none of the bench's wallets; ${pool}`);
        }
        drawn.push({ wallet, salt: keccak256(toHex(`salt of ${juror} in case ${caseId}`)) });
      }
      for (const { wallet, salt } of drawn) {
        const commitment = juryCommitment(juryCaseId, round, wallet.address, plan.map((f) => FINDING[f]), salt);
        const signature = await signJuryCommit(privateKeyToAccount(wallet.key), court, chain.id, { caseId: juryCaseId, round, juror: wallet.address, commitment });
        await api.call(courtCommit, { params: { id: caseId }, body: { commitment, signature } }, wallet.key);
      }
      await advance(); // every juror committed: the reveal period starts early
      const reasons = plan.map((f, k) => `claim ${k + 1}: ${f}`);
      for (const { wallet, salt } of drawn) {
        const signature = await signJuryReveal(privateKeyToAccount(wallet.key), court, chain.id, { caseId: juryCaseId, round, juror: wallet.address, findings: plan.map((f) => FINDING[f]), reasons, salt });
        await api.call(courtReveal, { params: { id: caseId }, body: { findings: [...plan], reasons, salt, signature } }, wallet.key);
      }
      let last = await advance();
      if (last.case.period === "appeal") {
        await pastPeriod(last.case.periodEndsAt);
        last = await advance();
      }
      if (last.case.status !== "closed") throw new Error(`case ${caseId} is ${last.case.status} in its ${last.case.period} period after the jury's findings`);
      return last;
    },

    /**
     * Takes the owner's draft `capsuleId` to finalized: the bridge's voucher submitted on chain, the owner's yes
     * ballot (they must be a bonded Editor of its outlet), the vote window passed and the capsule accepted.
     */
    async finalizeDraft(owner: Wallet, capsuleId: string) {
      const id = capsuleId;
      const voucher = await api.call(capsuleSubmit, { params: { id }, body: {} }, owner.key);
      await send(owner, (client) => client.writeContract({ address: getAddress(voucher.registry), abi: articleRegistryAbi, functionName: "submitCapsule", args: [submitVoucherFromJson(voucher.voucher), voucher.signature as Hex], value: BigInt(voucher.fee) }));
      const acceptance = await contract("capsuleAcceptance");
      const account = privateKeyToAccount(owner.key);
      const nonce = await publicClient.readContract({ address: acceptance, abi: capsuleAcceptanceAbi, functionName: "nonces", args: [account.address] });
      const deadline = (await publicClient.getBlock({ blockTag: "latest" })).timestamp + 3600n;
      const signature = await signBallot(account, acceptance, chain.id, { capsuleId: BigInt(id), support: true, voter: account.address, nonce, deadline });
      await api.call(capsuleVote, { params: { id }, body: { support: true, deadline: deadline.toString(), signature } }, owner.key);
      await this.advanceChainTime(259_200 + 5); // the three-day vote window
      await api.call(capsuleAccept, { params: { id }, body: { capsuleId: id } }, owner.key);
      await expect.poll(async () => (await api.call(capsuleRead, { params: { id } })).capsule.status, { timeout: 30_000 }).toBe("finalized");
    },

    /** Registers an outlet owned by the wallet (named after the slug, with this run's suffix: ./outlet-names.ts) and verifies it through the loopback DNS server. */
    async activeOutlet(wallet: Wallet, slug: string) {
      const domain = `${slug}.example.net`;
      const created = await api.call(outletCreate, { body: { slug, name: outletNameOfRun(`Outlet ${slug}`), domain } }, wallet.key);
      publishTxt(domain, [created.txtRecord.value]);
      const verified = await api.call(outletVerify, { body: { outletSlug: slug, method: "dns_txt" } }, wallet.key);
      if (!verified.verified) throw new Error(`outlet ${slug} did not verify`);
    },
  };
}
