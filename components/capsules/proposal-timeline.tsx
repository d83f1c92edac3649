import type { TCapsuleResponse } from "@/features/capsules/capsules.schema";
import type { TVoteItem } from "@/features/voting/capsule-votes.schema";
import { formatLocalTime } from "@/components/ui/capsule-format";
import { AddressLink, BlockLink, TxLink } from "@/components/ui/chain-link";
import { walletWords } from "@/features/capsules/credit-name";
import { shortAddress } from "@/lib/wallet/short-address";

/** `by`: the wallet that acted; `note`: a few words more; `quote`: the voter's reason. */
type Step = { key: string; title: string; time: string; block?: string; txHash?: string | null; by?: { address: string; name: string | null }; note?: string; quote?: string; upcoming?: boolean };

/**
 * The proposal's life, oldest first (Snapshot/Tally style): submitted, window opened, each vote, the
 * window's close, and the outcome. Times are the chain's block times in the reader's own time zone.
 * The window opens in the submission's block: the block after the snapshot block.
 */
export function timelineSteps(capsule: TCapsuleResponse["capsule"], votes: TVoteItem[], now: number, submitterName: string | null = null): Step[] {
  if (capsule.status === "draft" || capsule.opensAt === "0") return [];
  const openedBlock = capsule.snapshotBlock ? String(Number(capsule.snapshotBlock) + 1) : undefined;
  const steps: Step[] = [
    {
      key: "submitted",
      title: "Submitted",
      time: capsule.opensAt,
      block: openedBlock,
      txHash: capsule.submitTxHash,
      by: { address: capsule.submitter, name: submitterName },
    },
    {
      key: "opened",
      title: "Voting window opened",
      time: capsule.opensAt,
      block: openedBlock,
      note: capsule.snapshotBlock ? `voters: the bonded Editors at block ${capsule.snapshotBlock}` : undefined,
    },
    ...votes.map((vote) => ({
      key: `vote-${vote.voter}`,
      title: `Vote: ${vote.support ? "Yes" : "No"}`,
      time: vote.blockTime,
      txHash: vote.txHash,
      by: { address: vote.voter, name: vote.displayName },
      quote: vote.reason?.text,
    })),
  ];
  const closedAt = capsule.closedAt !== "0" ? capsule.closedAt : undefined;
  if (closedAt) steps.push({ key: "closed", title: "Voting closed", time: closedAt, txHash: capsule.finalizeTxHash });
  else steps.push({ key: "closes", title: now < Number(capsule.closesAt) ? "Voting window closes" : "Voting window ended (not closed yet)", time: capsule.closesAt, upcoming: now < Number(capsule.closesAt) });
  if (capsule.status === "rejected") steps.push({ key: "rejected", title: "Rejected", time: closedAt ?? capsule.closesAt, txHash: capsule.finalizeTxHash });
  if (capsule.finalizedAt !== "0") steps.push({ key: "finalized", title: "Accepted and finalized", time: capsule.finalizedAt, txHash: capsule.finalizeTxHash });
  return steps;
}

/** "block 20 · tx 0x… · voters: … · by 0x…", the parts a step has, with inline links. */
function stepRefs(step: Step) {
  const parts = [
    step.block ? <BlockLink key="block" block={step.block} inText /> : null,
    step.txHash ? (
      <span key="tx" className="whitespace-nowrap">
        tx <TxLink hash={step.txHash} inText />
      </span>
    ) : null,
    step.note ? <span key="note">{step.note}</span> : null,
    step.by ? (
      // every wallet as the page's "by" names the submitter: "Name (0x1234…abcd)", else "wallet 0x1234…abcd"; a short
      // address stays whole (and an unnamed wallet with its "by"); a person's name may wrap
      step.by.name ? (
        <span key="by">
          by <AddressLink address={step.by.address} label={step.by.name} inText /> <span className="whitespace-nowrap">({shortAddress(step.by.address)})</span>
        </span>
      ) : (
        <span key="by" className="whitespace-nowrap">
          by <AddressLink address={step.by.address} label={walletWords(step.by.address)} inText />
        </span>
      )
    ) : null,
  ].filter((part) => part !== null);
  return parts.flatMap((part, i) => (i === 0 ? [part] : [<span key={`sep-${i}`}> · </span>, part]));
}

/**
 * `submitterName`: the submitter's name on this capsule (null: none), so the timeline names it as the page does; the
 * votes come named as the page names them (votesNamedOnCapsule).
 */
export function ProposalTimeline({ capsule, votes, now, moreVotes, submitterName }: { capsule: TCapsuleResponse["capsule"]; votes: TVoteItem[]; now: number; moreVotes: boolean; submitterName: string | null }) {
  const steps = timelineSteps(capsule, votes, now, submitterName);
  if (steps.length === 0) return null;
  return (
    <section aria-labelledby="timeline-heading" data-testid="proposal-timeline">
      <h2 id="timeline-heading" className="mb-3 text-sm font-semibold uppercase tracking-wide text-stone-500">
        Timeline
      </h2>
      <ol className="relative space-y-3 border-l-2 border-stone-200 pl-4">
        {steps.map((step) => (
          <li key={step.key} className="relative min-w-0" data-testid="timeline-step" data-step={step.key}>
            <span aria-hidden="true" className={`absolute -left-[1.4rem] top-1.5 h-3 w-3 rounded-full ${step.upcoming ? "border-2 border-stone-400 bg-white" : "bg-stone-600"}`} />
            <p className="text-sm font-semibold text-stone-900">{step.title}</p>
            {/*
              The chain references and the wallet are one line of running text with inline links (WCAG 2.5.8's inline
              exception): as 44 px rows of their own, each link left a gap of a blank line above the next.
            */}
            <p className="text-xs leading-5 text-stone-600">
              <time className="block" dateTime={new Date(Number(step.time) * 1000).toISOString()}>{formatLocalTime(step.time)}</time>
              {stepRefs(step)}
            </p>
            {step.quote ? <p className="break-words text-xs leading-5 text-stone-700">“<bdi>{step.quote}</bdi>”</p> : null}
          </li>
        ))}
      </ol>
      {moreVotes ? <p className="mt-2 text-xs text-stone-600">Only the votes on the voters’ page shown are listed; page through the voters for the rest.</p> : null}
    </section>
  );
}
