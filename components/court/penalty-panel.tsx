import { displayAddress } from "@/lib/wallet/short-address";
import type { ReactNode } from "react";
import type { TPenalty } from "@/features/court/court.schema";
import { Card } from "@/components/ui/card";
import { formatCap, formatTime } from "@/components/ui/capsule-format";
import { CAPSULE_CHAIN_ID } from "@/lib/chain/chain";

function Item({ term, children, testId }: { term: string; children: ReactNode; testId?: string }) {
  return (
    <div>
      <dt className="text-xs uppercase tracking-wide text-stone-500">{term}</dt>
      <dd className="mt-0.5" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

// The penalty of a misleading or fraudulent verdict: the slash, its on-chain log entry, the downgrade.
export function PenaltyPanel({ penalty, outletName }: { penalty: TPenalty; outletName?: string }) {
  const capped = penalty.amountSlashed !== penalty.amountRequested;
  return (
    <Card title="Penalty">
      <dl className="space-y-3 text-sm" data-testid="penalty">
        <Item term="Slashed and burned">
          <span className="font-semibold text-red-800" data-testid="penalty-amount">
            {formatCap(penalty.amountSlashed)}
          </span>
          <span className="block text-xs text-stone-600">
            Penalty {formatCap(penalty.amountRequested)} for a {penalty.verdict} verdict
            {capped ? `, capped at the outlet owner’s bond of ${formatCap(penalty.bondBefore)}` : ""}.
          </span>
        </Item>
        <Item term="Outlet">
          <span>{outletName ?? penalty.outletSlug}</span>
          <span className="block break-all font-mono text-xs text-stone-500">owner {displayAddress(penalty.outletWallet)}</span>
        </Item>
        <Item term="Distribution downgraded until">{formatTime(penalty.penaltyUntil)}</Item>
        <Item term="Transaction">
          <span className="block break-all font-mono text-xs" data-testid="penalty-tx">
            {penalty.txHash}
          </span>
          <span className="block text-xs text-stone-500">
            {penalty.event.name} event in block {penalty.event.blockNumber}, log {penalty.event.logIndex}
          </span>
        </Item>
      </dl>
      <p className="mt-3 text-xs text-stone-500">
        This is the public record: the IntegrityCourt contract’s PenaltyApplied event on the Capsule chain (id {CAPSULE_CHAIN_ID}). Ask this site’s
        /rpc for eth_getTransactionReceipt with the hash above to check it.
      </p>
    </Card>
  );
}
