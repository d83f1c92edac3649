import { z } from "zod";
import { outboxStatuses } from "@/lib/db/tables/operator-outbox.table";

// An operator transaction from the durable outbox (issue 11), as shown next to the record it
// belongs to: status sent → mined, or failed/replaced with the decoded contract error.
export const ZOperatorTxStatus = z.enum(outboxStatuses);

export const ZOperatorTxObject = z.object({
  txHash: z.string().regex(/^0x[0-9a-f]{64}$/),
  nonce: z.string().regex(/^[0-9]+$/),
  purpose: z.string(),
  functionName: z.string(),
  status: ZOperatorTxStatus,
  blockNumber: z.string().nullable(),
  error: z.object({ code: z.string(), name: z.string(), message: z.string() }).nullable(),
  broadcasts: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TOperatorTxObject = z.infer<typeof ZOperatorTxObject>;

/** What a relayed write answers about its transaction: "sent" (broadcast, not mined yet) or "mined". */
export const ZOperatorTxAck = z.object({ txHash: z.string(), nonce: z.string(), status: z.enum(["sent", "mined"]) });
