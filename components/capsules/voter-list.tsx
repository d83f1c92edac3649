import type { LiveState, LiveVotes, VoteRecord } from "@/hooks/use-vote-events";
import { formatCap } from "./capsule-format";

const liveText: Record<LiveState, string> = { connecting: "Connecting to live updates…", live: "Live", offline: "Live updates paused; the page re-reads the tally every few seconds" };

/** `live` is the state of the VoteCast subscription while the vote is open; undefined once it is closed. */
export function VoterList({ votes, loading, live }: { votes: VoteRecord[] | undefined; loading: boolean; live: LiveVotes | undefined }) {
  return (
    <div>
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-sm font-semibold text-stone-800">Voters</h3>
        {live ? (
          <span className="flex items-center gap-1.5 text-right text-xs text-stone-500" data-testid="live-state" data-state={live.state} data-events={live.received}>
            <span aria-hidden="true" className={`inline-block h-2 w-2 shrink-0 rounded-full ${live.state === "live" ? "bg-emerald-500" : live.state === "connecting" ? "bg-amber-400" : "bg-stone-400"}`} />
            {liveText[live.state]}
          </span>
        ) : null}
      </div>
      {loading ? (
        <p className="mt-2 text-sm text-stone-500">Reading votes from the chain…</p>
      ) : !votes || votes.length === 0 ? (
        <p className="mt-2 text-sm text-stone-600" data-testid="no-voters">
          No votes yet.
        </p>
      ) : (
        <ul className="mt-2 divide-y divide-stone-100 text-sm" data-testid="voter-list" aria-live="polite">
          {votes.map((vote) => (
            <li key={vote.txHash + vote.voter} className="flex flex-wrap items-center justify-between gap-2 py-1.5" data-testid="voter" data-voter={vote.voter}>
              <span className="break-all font-mono text-xs">{vote.voter}</span>
              <span className="flex items-center gap-3">
                <span className="tabular-nums text-stone-500">{formatCap(vote.weight)}</span>
                <span className={`rounded px-2 py-0.5 text-xs font-semibold ${vote.support ? "bg-emerald-100 text-emerald-900" : "bg-red-100 text-red-900"}`}>{vote.support ? "Yes" : "No"}</span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
