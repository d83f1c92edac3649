import { TierBadge } from "./tier-badge";
import { tierTable } from "./tier-format";

// The seed's distribution table, as the page's explanation.
export function TierTable() {
  return (
    <div className="overflow-x-auto rounded-lg border border-stone-200 bg-white shadow-sm">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Distribution tiers, their requirements and benefits</caption>
        <thead>
          <tr className="border-b border-stone-100 text-xs uppercase tracking-wide text-stone-500">
            <th scope="col" className="px-3 py-2 sm:px-4 font-medium">Tier</th>
            <th scope="col" className="px-3 py-2 sm:px-4 font-medium">Requirement</th>
            <th scope="col" className="px-3 py-2 sm:px-4 font-medium">Benefit</th>
          </tr>
        </thead>
        <tbody>
          {tierTable.map((row) => (
            <tr key={row.tier} className="border-t border-stone-100">
              <th scope="row" className="px-3 py-2 sm:px-4 font-normal">
                <TierBadge tier={row.tier} />
              </th>
              <td className="px-3 py-2 sm:px-4 text-stone-700">{row.requirement}</td>
              <td className="px-3 py-2 sm:px-4 text-stone-700">{row.benefit}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
