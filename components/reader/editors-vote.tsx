import { displayAddress, shortAddress } from "@/lib/wallet/short-address";
import Link from "next/link";
import type { ReaderArticle } from "@/features/reader/reader-article";
import { formatCap, shortHex } from "@/components/ui/capsule-format";
import { addressPath, txPath } from "@/components/ui/chain-link";
import { UtcTime } from "./utc-time";

// "How the editors voted" on the article page: each editor's choice, weight and signed reason, with
// links to the vote's transaction and the voter's address on this service's own chain pages.
export function EditorsVote({ capsuleId, votes }: { capsuleId: string; votes: ReaderArticle["votes"] }) {
  return (
    <section aria-labelledby="editors-vote-heading" className="space-y-2 border-t border-stone-200 pt-6" data-testid="reader-votes">
      <h2 id="editors-vote-heading" className="text-lg font-semibold">
        How the editors voted
      </h2>
      {votes.items.length === 0 ? (
        <p className="text-sm text-stone-600">No votes are recorded for this version.</p>
      ) : (
        <p className="text-sm text-stone-600" data-testid="reader-votes-weight">
          Each editor’s vote counts by the bond they have deposited, in CAP, this network’s token: the amount beside each vote.
        </p>
      )}
      {votes.items.length === 0 ? null : (
        <ul className="divide-y divide-stone-100 text-sm">
          {votes.items.map((vote) => (
            <li key={vote.voter} className="py-2" data-testid="reader-vote" data-voter={vote.voter}>
              <p className="flex flex-wrap items-center gap-x-2">
                <VoterName voter={vote.voter} displayName={vote.displayName} />
                <span className={`rounded px-2 py-0.5 text-xs font-semibold ${vote.support ? "bg-emerald-100 text-emerald-900" : "bg-red-100 text-red-900"}`}>{vote.support ? "Yes" : "No"}</span>
                <span className="text-stone-600">{formatCap(vote.weight)}</span>
              </p>
              {vote.reason ? (
                <blockquote className="border-l-2 border-stone-300 pl-2 break-words text-stone-800" data-testid="reader-vote-reason">
                  “<bdi>{vote.reason.text}</bdi>”
                </blockquote>
              ) : null}
              <p className="text-xs text-stone-600">
                <UtcTime unixSeconds={vote.blockTime} /> ·{" "}
                <Link href={txPath(vote.txHash)} prefetch={false} title={vote.txHash} className="inline-flex min-h-11 items-center font-mono underline">
                  tx {shortHex(vote.txHash, 10, 6)}
                </Link>
              </p>
            </li>
          ))}
        </ul>
      )}
      <p className="text-sm">
        <Link href={`/capsules/${capsuleId}`} prefetch={false} className="inline-flex min-h-11 items-center text-accent underline">
          {votes.total > votes.items.length ? `All ${votes.total} votes, the tally and the timeline` : "The tally and the timeline"}
        </Link>
      </p>
    </section>
  );
}

/**
 * The editor as people know them: the name it gave itself (or was credited with at this outlet) with
 * its short address beside it, the address linking to its chain page; only the short address when no
 * name is known.
 */
export function VoterName({ voter, displayName }: { voter: string; displayName: string | null }) {
  const address = (
    <Link href={addressPath(voter)} prefetch={false} title={displayAddress(voter)} className="inline-flex min-h-11 items-center font-mono underline" data-testid="reader-vote-address">
      {shortAddress(voter)}
    </Link>
  );
  if (!displayName) return address;
  return (
    <>
      <span className="font-semibold text-ink [overflow-wrap:anywhere]" data-testid="reader-vote-name">
        {displayName}
      </span>
      <span className="text-xs text-stone-600">{address}</span>
    </>
  );
}
