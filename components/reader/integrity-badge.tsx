import { integrityLabelInfo } from "@/features/capsules/integrity-labels";

// The integrity label as a badge: colour, symbol AND words, with its one-sentence explanation.
export function IntegrityBadge({ label }: { label: string | null | undefined }) {
  const info = integrityLabelInfo(label);
  return (
    <div className={`inline-flex max-w-xl flex-col gap-0.5 rounded-md border px-3 py-2 ${info.className}`} data-testid="integrity-label" data-label={info.key}>
      <span className="text-sm font-bold">
        <span aria-hidden="true" className="mr-1.5">
          {info.symbol}
        </span>
        Integrity: {info.title}
      </span>
      <span className="text-xs" data-testid="integrity-explanation">
        {info.explanation}
      </span>
    </div>
  );
}
