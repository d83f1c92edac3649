import type { BountyEvaluation } from "@/features/bounty/bounty.schema";
import { displayAddress, shortAddress } from "@/lib/wallet/short-address";
import { formatDate, verdictStyle } from "./bounty-format";

export function EvaluationList({ evaluations }: { evaluations: BountyEvaluation[] }) {
  if (evaluations.length === 0) return <p className="text-sm text-stone-500">No evaluations yet.</p>;
  return (
    <ul className="space-y-3" aria-label="Evaluations">
      {evaluations.map((evaluation) => {
        const verdict = verdictStyle[evaluation.verdict] ?? { label: evaluation.verdict, className: "bg-stone-100 text-stone-800" };
        return (
          <li key={evaluation.id} className="rounded-md border border-stone-200 bg-stone-50 p-3" data-testid="bounty-evaluation">
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
              <span className={`rounded px-2 py-0.5 text-xs font-semibold ${verdict.className}`}>{verdict.label}</span>
              <span className="flex items-center gap-2" aria-label={`Score ${evaluation.score} out of 100`}>
                <span className="font-mono font-semibold text-ink">{evaluation.score}/100</span>
                <span aria-hidden="true" className="inline-block h-1.5 w-20 overflow-hidden rounded bg-stone-200">
                  <span className="block h-full bg-stone-600" style={{ width: `${evaluation.score}%` }} />
                </span>
              </span>
              <span className="text-stone-500">
                by <span className="font-mono" title={displayAddress(evaluation.evaluator)}>{shortAddress(evaluation.evaluator)}</span> · {formatDate(evaluation.createdAt)}
              </span>
            </div>
            <p className="mt-2 text-sm text-stone-700">{evaluation.rationale}</p>
          </li>
        );
      })}
    </ul>
  );
}
