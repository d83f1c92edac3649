import type { OutboxRow } from "@/lib/db/tables/operator-outbox.table";
import type { TOperatorTxObject } from "@/features/capsules/operator-tx.schema";

/** An outbox row as the API shows it (never the raw signed bytes). */
export function operatorTxObject(row: OutboxRow): TOperatorTxObject {
  return {
    txHash: row.tx_hash.toLowerCase(),
    nonce: String(row.nonce),
    purpose: row.purpose,
    functionName: row.function_name,
    status: row.status,
    blockNumber: row.block_number === null ? null : String(row.block_number),
    error: row.error_code ? { code: row.error_code, name: row.error_name ?? "", message: row.error_message ?? "" } : null,
    broadcasts: row.broadcasts,
    createdAt: String(row.created_at),
    updatedAt: String(row.updated_at),
  };
}
