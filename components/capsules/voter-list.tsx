import type { LiveVotes } from "@/components/capsules/use-vote-events";
import type { LiveState } from "@/components/live/live-provider";
import type { TVoteItem } from "@/features/voting/capsule-votes.schema";
import { formatCap, formatLocalTime } from "@/components/ui/capsule-format";
import { AddressLink, TxLink } from "@/components/ui/chain-link";

const liveText: Record<LiveState, string> = { connecting: "Connecting to live updates…", live: "Live", offline: "Live updates paused; reconnecting" };

type Paging = { page: number; total: number; hasMore: boolean; onPage: (page: number) => void };

/**
 * The indexed voters, oldest first: name (when the wallet is a member of the outlet) or address,
 * "you" for the signed-in wallet, weight in CAP, the signed reason when given, and the transaction. `live` is the push channel's
 * state while the vote is open; undefined once it is closed. Not a live region: the tally's announcement says each new
 * vote (TallyPanel), so a screen reader hears it once.
 */
export function VoterList({ votes, loading, live, me, paging }: { votes: TVoteItem[] | undefined; loading: boolean; live: LiveVotes | undefined; me: string | undefined; paging?: Paging }) {
  return (
    <div>
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-sm font-semibold text-stone-800">Voters{paging && paging.total > 0 ? ` (${paging.total})` : ""}</h3>
        {live ? (
          <span className="flex items-center gap-1.5 text-right text-xs text-stone-500" data-testid="live-state" data-state={live.state} data-events={live.received}>
            <span aria-hidden="true" className={`inline-block h-2 w-2 shrink-0 rounded-full ${live.state === "live" ? "bg-emerald-500" : live.state === "connecting" ? "bg-amber-400" : "bg-stone-400"}`} />
            {liveText[live.state]}
          </span>
        ) : null}
      </div>
      {loading ? (
        <p className="mt-2 text-sm text-stone-500">Reading the votes…</p>
      ) : !votes || votes.length === 0 ? (
        <p className="mt-2 text-sm text-stone-600" data-testid="no-voters">
          No votes yet.
        </p>
      ) : (
        <ul className="mt-2 divide-y divide-stone-100 text-sm" data-testid="voter-list">
          {votes.map((vote) => {
            const mine = me !== undefined && vote.voter.toLowerCase() === me.toLowerCase();
            return (
              <li key={vote.txHash + vote.voter} className="min-w-0 py-2" data-testid="voter" data-voter={vote.voter} data-mine={mine ? "true" : undefined}>
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <span className="min-w-0 break-words">
                    {vote.displayName ? <span className="font-medium" data-testid="voter-name">{vote.displayName}</span> : null}
                    {mine ? (
                      <span className="ml-1 rounded bg-blue-100 px-1.5 py-0.5 text-xs font-semibold text-blue-900" data-testid="voter-you">
                        you
                      </span>
                    ) : null}
                    <span className="block text-xs">
                      <AddressLink address={vote.voter} />
                    </span>
                  </span>
                  <span className="flex items-center gap-3">
                    <span className="tabular-nums text-stone-500">{formatCap(vote.weight)}</span>
                    <span className={`rounded px-2 py-0.5 text-xs font-semibold ${vote.support ? "bg-emerald-100 text-emerald-900" : "bg-red-100 text-red-900"}`}>{vote.support ? "Yes" : "No"}</span>
                  </span>
                </div>
                {vote.reason ? (
                  <blockquote className="mt-1 border-l-2 border-stone-300 pl-2 text-sm text-stone-800 break-words" data-testid="voter-reason" title="Signed by the voter with the ballot">
                    “<bdi>{vote.reason.text}</bdi>”
                  </blockquote>
                ) : null}
                <p className="flex flex-wrap items-center gap-x-1 text-xs text-stone-600">
                  <span className="basis-full">{formatLocalTime(vote.blockTime)}</span>
                  <span>tx</span>
                  <TxLink hash={vote.txHash} />
                </p>
              </li>
            );
          })}
        </ul>
      )}
      {paging && (paging.page > 1 || paging.hasMore) ? (
        <div className="mt-2 flex items-center justify-between gap-2 text-sm">
          <button type="button" className="text-accent underline disabled:text-stone-400 disabled:no-underline" disabled={paging.page <= 1} onClick={() => paging.onPage(paging.page - 1)}>
            Earlier voters
          </button>
          <span className="text-stone-500">Page {paging.page}</span>
          <button type="button" className="text-accent underline disabled:text-stone-400 disabled:no-underline" disabled={!paging.hasMore} onClick={() => paging.onPage(paging.page + 1)}>
            Later voters
          </button>
        </div>
      ) : null}
    </div>
  );
}
