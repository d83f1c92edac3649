import type { TCapsuleResponse } from "@/features/capsules/capsules.schema";
import { formatCap, percent } from "@/components/ui/capsule-format";
import { tallyAnnouncement, type AnnouncedVote } from "./tally-announcement";

// The tally as the bridge reads it: weighted yes/no shares with the approval line, and participation
// against the quorum threshold. Numbers are always written next to the bars.
/** `latest`: the newest vote when the page holds it (it is said before the tally in the live announcement). */
export function TallyPanel({ read, latest }: { read: TCapsuleResponse; latest?: AnnouncedVote }) {
  const { capsule, policy } = read;
  const yes = percent(capsule.weightedYes);
  const no = percent(capsule.weightedNo);
  const participation = percent(capsule.weightedParticipation);
  const anyVotes = BigInt(capsule.yesVotes) + BigInt(capsule.noVotes) > 0n;
  const approvalMet = anyVotes && yes >= policy.approvalThreshold;
  const quorumMet = participation >= policy.quorumThreshold;
  // once the vote is over, "yet" would promise a change that cannot come
  const open = capsule.status === "pending" || capsule.status === "draft";
  return (
    <div className="space-y-5" data-testid="tally">
      {/* while the vote is open the tally changes under the reader's eyes (pushed votes): a screen reader hears each vote
          once, who cast it and the tally after it, in the same words as on screen; it stays quiet on load (a live region
          speaks only when its text changes) */}
      {open ? (
        <p role="status" className="sr-only" data-testid="tally-live">
          {tallyAnnouncement(capsule, policy, latest)}
        </p>
      ) : null}
      <div>
        <div className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
          <span className="font-medium">
            Yes <span data-testid="weighted-yes">{capsule.weightedYes}</span>% · No <span data-testid="weighted-no">{capsule.weightedNo}</span>%
          </span>
          <span className={approvalMet ? "text-emerald-800" : "text-stone-600"}>
            Approval needs {policy.approvalThreshold}% yes {approvalMet ? "— met" : open ? "— not met yet" : "— not met"}
          </span>
        </div>
        <div
          className="relative mt-2 flex h-5 overflow-hidden rounded bg-stone-200"
          role="img"
          aria-label={anyVotes ? `${capsule.weightedYes}% yes, ${capsule.weightedNo}% no; ${policy.approvalThreshold}% yes needed` : "No votes yet"}
        >
          <div className="h-full bg-emerald-600" style={{ width: `${yes}%` }} />
          <div className="h-full bg-red-500" style={{ width: `${no}%` }} />
          <div className="absolute inset-y-0 w-0.5 bg-ink" style={{ left: `${policy.approvalThreshold}%` }} title={`Approval line: ${policy.approvalThreshold}%`} />
        </div>
        <p className="mt-1 text-xs text-stone-500">
          Raw weight: yes {formatCap(capsule.yesVotes)}, no {formatCap(capsule.noVotes)} (a vote weighs the voter’s bond).
        </p>
      </div>
      <div>
        <div className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
          <span className="font-medium">
            Participation <span data-testid="participation">{capsule.weightedParticipation}</span>%
          </span>
          <span className={quorumMet ? "text-emerald-800" : "text-stone-600"}>
            Quorum {policy.quorumThreshold}% {quorumMet ? "— reached" : open ? "— not reached yet" : "— not reached"}
          </span>
        </div>
        <div
          className="relative mt-2 h-3 overflow-hidden rounded bg-stone-200"
          role="progressbar"
          aria-label="Participation towards quorum"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={participation}
          aria-valuetext={`${capsule.weightedParticipation}% of the eligible weight voted; quorum is ${policy.quorumThreshold}%`}
        >
          <div className={`h-full ${quorumMet ? "bg-emerald-600" : "bg-blue-600"}`} style={{ width: `${participation}%` }} />
          <div className="absolute inset-y-0 w-0.5 bg-ink" style={{ left: `${policy.quorumThreshold}%` }} />
        </div>
        <p className="mt-1 text-xs text-stone-500">Eligible weight {formatCap(capsule.eligibleWeight)} (the bonds of the outlet’s Editors when the window opened).</p>
      </div>
    </div>
  );
}
