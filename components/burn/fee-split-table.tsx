import { SUBMISSION_FEE_WEI, feeSplit } from "@/lib/chain/fee-split";
import { formatCap } from "@/components/ui/capsule-format";

// The seed's six-way split of the publish fee, with the burn pool's share marked.
export function FeeSplitTable() {
  return (
    <div className="overflow-x-auto rounded-lg border border-stone-200 bg-white shadow-sm">
      <table className="w-full text-left text-sm">
        <caption className="px-4 pt-3 text-left text-sm text-stone-600">
          Every capsule submission pays {formatCap(SUBMISSION_FEE_WEI)}, split on chain by the article registry:
        </caption>
        <thead>
          <tr className="border-b border-stone-100 text-xs uppercase tracking-wide text-stone-500">
            <th scope="col" className="px-4 py-2 font-medium">Recipient</th>
            <th scope="col" className="px-4 py-2 text-right font-medium">Share</th>
            <th scope="col" className="px-4 py-2 text-right font-medium">Amount</th>
          </tr>
        </thead>
        <tbody data-testid="fee-split">
          {feeSplit.map((share) => (
            <tr key={share.key} className={`border-t border-stone-100 ${share.key === "burnPool" ? "bg-orange-50 font-semibold" : ""}`}>
              <th scope="row" className="px-4 py-2 font-normal">
                {share.label}
                {share.key === "burnPool" ? <span className="ml-2 text-xs font-semibold text-orange-800">burned</span> : null}
              </th>
              <td className="px-4 py-2 text-right font-mono">{share.percent}%</td>
              <td className="px-4 py-2 text-right font-mono">{formatCap(share.amountWei)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
