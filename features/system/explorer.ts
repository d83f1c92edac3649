import "server-only";
import { getAddress, type Address, type Hex } from "viem";
import type { Db } from "@/lib/db/database";
import { chainClients } from "@/lib/chain/server/clients";
import { chainCall } from "@/lib/chain/server/chain-unavailable";
import { currentDeployment } from "@/lib/chain/server/current-deployment";
import { deploymentContractKeys } from "@/lib/chain/deployment-record";
import { capsulesOfTx, submissionsOfWallet, votesOfTx, votesOfWallet } from "@/features/system/explorer.repository";

// This service's own block, transaction and address pages (issue 31, explorer-style links): what
// the chain says, and what the projection knows the transaction or address did in Capsule. Chain
// reads first, SQL reads after (never a SQL transaction across a chain round-trip).

const chainRead = <T>(what: string, run: () => Promise<T>) => chainCall("explorer", what, run);

/** "capsuleAcceptance" → "Capsule acceptance". */
const contractLabel = (key: string) => key.replace(/([A-Z])/g, " $1").replace(/^./, (c) => c.toUpperCase()).replace(/ ([A-Z])/g, (_, c: string) => ` ${c.toLowerCase()}`);

/** The Capsule contract deployed at `address`, if any. */
export function contractNameAt(address: string | null | undefined): string | undefined {
  if (!address) return undefined;
  const contracts = currentDeployment()?.contracts;
  if (!contracts) return undefined;
  const key = deploymentContractKeys.find((name) => contracts[name]?.address.toLowerCase() === address.toLowerCase());
  return key ? contractLabel(key) : undefined;
}

export type CapsuleMention = { capsuleId: number; title: string; what: string };

async function capsuleMentionsOfTx(db: Db, hash: string): Promise<CapsuleMention[]> {
  const [capsules, votes] = await Promise.all([capsulesOfTx(db, hash), votesOfTx(db, hash)]);
  return [
    ...capsules.map((c) => ({
      capsuleId: c.id,
      title: c.title,
      what: c.submit_tx_hash === hash ? "submitted for a vote (the voting window opened)" : c.status === "rejected" ? "vote closed: rejected" : "vote closed: accepted and finalized",
    })),
    ...votes.map((v) => ({ capsuleId: v.capsule_id, title: v.title, what: `vote ${v.support === 1 ? "Yes" : "No"} by ${v.voter}` })),
  ];
}

export type ExplorerTx = {
  hash: Hex;
  from: Address;
  to: Address | null;
  toContract: string | undefined;
  value: bigint;
  blockNumber: bigint | null;
  blockTime: number | null;
  status: "success" | "reverted" | "pending";
  gasUsed: bigint | null;
  logCount: number;
  mentions: CapsuleMention[];
};

export async function explorerTx(db: Db, hash: Hex): Promise<ExplorerTx | undefined> {
  const { publicClient } = chainClients();
  const tx = await chainRead("read the transaction", () => publicClient.getTransaction({ hash }).catch((error: unknown) => (error instanceof Error && error.name === "TransactionNotFoundError" ? undefined : Promise.reject(error))));
  if (!tx) return undefined;
  const receipt = tx.blockNumber === null ? null : await chainRead("read the receipt", () => publicClient.getTransactionReceipt({ hash }));
  const block = tx.blockNumber === null ? null : await chainRead("read the block", () => publicClient.getBlock({ blockNumber: tx.blockNumber! }));
  return {
    hash,
    from: tx.from,
    to: tx.to,
    toContract: contractNameAt(tx.to),
    value: tx.value,
    blockNumber: tx.blockNumber,
    blockTime: block ? Number(block.timestamp) : null,
    status: receipt ? receipt.status : "pending",
    gasUsed: receipt ? receipt.gasUsed : null,
    logCount: receipt ? receipt.logs.length : 0,
    mentions: await capsuleMentionsOfTx(db, hash),
  };
}

export type ExplorerAddress = {
  address: Address;
  balance: bigint;
  transactionCount: number;
  isContract: boolean;
  contractName: string | undefined;
  votes: { capsuleId: number; title: string; support: boolean; txHash: string; blockTime: number }[];
  submitted: { capsuleId: number; title: string; status: string; txHash: string }[];
};

export async function explorerAddress(db: Db, address: Address, limit = 50): Promise<ExplorerAddress> {
  const { publicClient } = chainClients();
  const [balance, transactionCount, code] = await chainRead("read the address", () =>
    Promise.all([publicClient.getBalance({ address }), publicClient.getTransactionCount({ address }), publicClient.getCode({ address })]),
  );
  const wallet = getAddress(address);
  const [votes, submitted] = await Promise.all([votesOfWallet(db, wallet, limit), submissionsOfWallet(db, wallet, limit)]);
  return {
    address: wallet,
    balance,
    transactionCount,
    isContract: Boolean(code && code !== "0x"),
    contractName: contractNameAt(wallet),
    votes: votes.map((v) => ({ capsuleId: v.capsule_id, title: v.title, support: v.support === 1, txHash: v.tx_hash, blockTime: Number(v.block_time) })),
    submitted: submitted.map((c) => ({ capsuleId: c.id, title: c.title, status: c.status, txHash: c.submit_tx_hash ?? "" })),
  };
}

export type ExplorerBlock = { number: bigint; hash: Hex; parentHash: Hex; time: number; transactions: Hex[]; head: bigint };

export async function explorerBlock(blockNumber: bigint): Promise<ExplorerBlock | undefined> {
  const { publicClient } = chainClients();
  const head = await chainRead("read the head", () => publicClient.getBlockNumber());
  if (blockNumber > head) return undefined;
  const block = await chainRead("read the block", () => publicClient.getBlock({ blockNumber }));
  return { number: block.number, hash: block.hash, parentHash: block.parentHash, time: Number(block.timestamp), transactions: block.transactions, head };
}
