import type { z } from "zod";
import type { ZTimelineEntry } from "@/lib/schemas/court";
import { formatTime } from "@/components/ui/capsule-format";
import { shortAddress } from "@/lib/wallet/short-address";
import { describeTimelineEntry } from "./court-format";

type Entry = z.infer<typeof ZTimelineEntry>;

const dot: Record<Entry["kind"], string> = {
  opened: "bg-amber-500",
  evidence_named: "bg-stone-400",
  label_changed: "bg-sky-500",
  verdict: "bg-ink",
  penalty: "bg-red-600",
  reply: "bg-emerald-600",
  retired: "bg-stone-500",
};

// The case's timeline, oldest first: who did what, when, and the transaction where there is one.
export function CaseTimeline({ entries }: { entries: Entry[] }) {
  if (entries.length === 0) return <p className="text-sm text-stone-600">Nothing has happened in this case yet.</p>;
  return (
    <ol className="relative space-y-5 border-l border-stone-200 pl-5" data-testid="case-timeline">
      {entries.map((entry) => {
        const { title, body } = describeTimelineEntry(entry);
        return (
          <li key={entry.id} className="relative" data-kind={entry.kind}>
            <span aria-hidden="true" className={`absolute -left-[26px] top-1.5 h-2.5 w-2.5 rounded-full ring-4 ring-white ${dot[entry.kind]}`} />
            <p className="text-sm font-semibold text-ink">{title}</p>
            <p className="text-xs text-stone-500">
              {formatTime(entry.at)} ·{" "}
              <span className="font-mono" title={entry.actor}>
                {shortAddress(entry.actor)}
              </span>
            </p>
            {body ? <p className="mt-1 text-sm text-stone-700 [overflow-wrap:anywhere]">{body}</p> : null}
            {entry.txHash ? <p className="mt-1 break-all font-mono text-xs text-stone-500">Transaction {entry.txHash}</p> : null}
          </li>
        );
      })}
    </ol>
  );
}
