import "server-only";
import type { Address, Hex } from "viem";
import { isTransactionNotFound } from "@/lib/chain/transaction-not-found";
import type { Db } from "@/lib/db/database";
import type { CapsuleRow } from "@/lib/db/tables/capsules.table";
import { listClaims } from "@/features/capsules/capsule-claims.repository";
import { findJuryCaseByOpenTx } from "@/features/court/jury.repository";
import { chainClients } from "@/lib/chain/server/clients";
import { claimKey } from "@/lib/chain/jury-claims";
import { AppError } from "@/lib/errors/app-error";
import { chainUnavailable } from "@/lib/chain/server/chain-unavailable";
import { syncProjectionThrough } from "@/lib/indexer/projection-sync";

// A dispute names the JuryCourt case its challenger opened (issue 28): the bridge keeps the grounds
// and the capsule's claim ids, the chain decides.

const invalid = (path: string, message: string) => new AppError("VALIDATION_ERROR", `Invalid body: ${path}`, { issues: [{ path, message }] });

/** 400 unless every id is a claim of the capsule. */
export async function checkClaimIds(db: Db, capsule: CapsuleRow, claimIds: readonly number[]): Promise<void> {
  if (claimIds.length === 0) return;
  const own = new Set((await listClaims(db, capsule.id)).map((c) => c.id));
  const stranger = claimIds.find((id) => !own.has(id));
  if (stranger !== undefined) throw invalid("claimIds", `claim ${stranger} is not a claim of capsule ${capsule.id}`);
}

/**
 * The indexed JuryCourt case the challenger's `openCase` transaction opened, checked against the dispute:
 * the same capsule, the challenger is the signer, the same claims in the same order. Waits for the
 * indexer to reach the transaction's block (outside any SQL transaction).
 */
export async function juryCaseOpenedBy(db: Db, wallet: Address, capsule: CapsuleRow, claimIds: readonly number[], txHash: Hex) {
  // a hash the node holds no receipt for is the sender's mistake (400, nothing logged); any other failure is the
  // node's (503, logged), never told to the challenger as a transaction that was not mined
  const receipt = await chainClients().publicClient.getTransactionReceipt({ hash: txHash }).catch((error: unknown) => {
    if (isTransactionNotFound(error)) throw invalid("openTxHash", "no mined transaction with this hash; send JuryCourt.openCase first and wait for it to be mined");
    throw chainUnavailable("capsules-chain", "read the opening transaction", error);
  });
  await syncProjectionThrough(receipt.blockNumber);
  const jury = await findJuryCaseByOpenTx(db, txHash);
  if (!jury) throw invalid("openTxHash", "this transaction opened no jury case");
  if (jury.capsule_id !== capsule.id) throw invalid("openTxHash", `the jury case ${jury.case_id} is about capsule ${jury.capsule_id}, not ${capsule.id}`);
  if (jury.challenger !== wallet) throw new AppError("FORBIDDEN", `The jury case ${jury.case_id} was opened by another wallet; only its challenger may file its grounds`);
  const onChain = JSON.parse(jury.claim_ids_json) as string[];
  const expected = claimIds.map(claimKey);
  if (onChain.length !== expected.length || onChain.some((key, i) => key.toLowerCase() !== expected[i]!.toLowerCase())) {
    throw invalid("claimIds", `the jury case ${jury.case_id} disputes other claims (or another order) than claimIds`);
  }
  return jury;
}
