"use client";

import type { TOperatorTxObject } from "@/features/capsules/operator-tx.schema";
import { TxLink } from "@/components/ui/chain-link";

const purposeLabel: Record<string, string> = {
  "capsule.vote": "Relayed vote",
  "capsule.finalize": "Close the vote (finalize)",
  "capsule.close": "Close the capsule",
};

// The bridge operator's transactions for this capsule that are not settled well: still waiting to be
// mined (after a restart or a rollback the bridge re-broadcasts them) or failed on chain, with why.
export function OperatorTxList({ transactions }: { transactions: TOperatorTxObject[] }) {
  const shown = transactions.filter((t) => t.status !== "mined");
  if (shown.length === 0) return null;
  return (
    <div className="space-y-2" data-testid="operator-transactions">
      <h3 className="text-sm font-semibold text-stone-800">Operator transactions</h3>
      <ul className="space-y-2">
        {shown.map((t) => (
          <li
            key={t.txHash}
            data-status={t.status}
            className={`break-words rounded-md border p-3 text-sm ${t.status === "failed" || t.status === "replaced" ? "border-red-200 bg-red-50 text-red-950" : "border-amber-200 bg-amber-50 text-amber-950"}`}
          >
            <span className="font-medium">{purposeLabel[t.purpose] ?? t.purpose}</span> · <TxLink hash={t.txHash} /> ·{" "}
            {t.status === "failed"
              ? `failed on chain${t.error ? `: ${t.error.name} — ${t.error.message}` : ""}`
              : t.status === "replaced"
                ? `never mined${t.error ? `: ${t.error.message}` : ""}`
                : "pending: stored and broadcast, waiting to be mined"}
          </li>
        ))}
      </ul>
    </div>
  );
}
