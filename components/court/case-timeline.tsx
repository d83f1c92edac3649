import type { z } from "zod";
import type { ZTimelineEntry } from "@/features/court/court.schema";
import { formatTime } from "@/components/ui/capsule-format";
import { displayAddress, shortAddress } from "@/lib/wallet/short-address";
import { describeTimelineEntry } from "./court-format";
import { nameOfEvidence } from "./article-numbers";
import { describeJuryEvent, type JuryTimelineEvent } from "./jury-timeline-words";
import { orderTimeline } from "./timeline-order";

type Entry = z.infer<typeof ZTimelineEntry>;
type JuryEntry = JuryTimelineEvent & { actor: string | null; txHash: string; blockNumber: string; at: string };

type Line = { key: string; kind: string; dot: string; at: string; actor: string | null; title: string; body: string; txHash: string | null };

const dot: Record<Entry["kind"], string> = {
  opened: "bg-amber-500",
  evidence_named: "bg-stone-400",
  label_changed: "bg-sky-500",
  verdict: "bg-ink",
  penalty: "bg-red-600",
  reply: "bg-emerald-600",
  retired: "bg-stone-500",
  no_finding: "bg-stone-500",
};

/**
 * The case's timeline, oldest first: who did what, when, and the transaction where there is one. A jury
 * case's on-chain events (the draw, commits, reveals, appeal funding, the final findings) are interleaved
 * with the bridge's entries by time (./timeline-order.ts says how, and where the case's opening goes).
 */
export function CaseTimeline({ entries, jury = [], evidence }: { entries: Entry[]; jury?: ReadonlyArray<JuryEntry>; evidence?: ReadonlyArray<{ evidenceId: string }> }) {
  const lines: Line[] = orderTimeline([
    ...jury.flatMap((event, i) => {
      const words = describeJuryEvent(event);
      return words ? [{ key: `j${i}`, kind: `jury:${event.kind}`, dot: "bg-violet-500", at: event.at, actor: event.actor, txHash: event.txHash, ...words }] : [];
    }),
    ...entries.map((entry) => ({ key: `b${entry.id}`, kind: entry.kind, dot: dot[entry.kind], at: entry.at, actor: entry.actor, txHash: entry.txHash, ...describeTimelineEntry(entry, (id) => nameOfEvidence(evidence, id)) })),
  ]);
  if (lines.length === 0) return <p className="text-sm text-stone-600">Nothing has happened in this case yet.</p>;
  return (
    <ol className="relative space-y-5 border-l border-stone-200 pl-5" data-testid="case-timeline">
      {lines.map((line) => (
        <li key={line.key} className="relative" data-kind={line.kind}>
          <span aria-hidden="true" className={`absolute -left-[26px] top-1.5 h-2.5 w-2.5 rounded-full ring-4 ring-white ${line.dot}`} />
          <p className="text-sm font-semibold text-ink">{line.title}</p>
          <p className="text-xs text-stone-500">
            {formatTime(line.at)}
            {line.actor ? (
              <>
                {" · "}
                <span className="font-mono" title={displayAddress(line.actor)}>
                  {shortAddress(line.actor)}
                </span>
              </>
            ) : null}
          </p>
          {line.body ? <p className="mt-1 text-sm text-stone-700 [overflow-wrap:anywhere]">{line.body}</p> : null}
          {line.txHash ? <p className="mt-1 break-all font-mono text-xs text-stone-500">Transaction {line.txHash}</p> : null}
        </li>
      ))}
    </ol>
  );
}
