import Link from "next/link";
import type { UseQueryResult } from "@tanstack/react-query";
import type { BountyEvaluation, BountyProposal } from "@/features/bounty/bounty.schema";
import type { TokenFacts } from "@/features/bounty/token.schema";
import { displayAddress, shortAddress } from "@/lib/wallet/short-address";
import { Loading } from "@/components/ui/skeleton";
import { formatDate, formatReward, proposalStatusStyle } from "./bounty-format";
import { EvaluationList } from "./evaluation-list";
import { SampleMark } from "./sample-mark";

/** The reward in its token's own units; an ERC-20 reward waits for its token's decimals (base units if it does not say). */
function Reward({ proposal, token }: { proposal: BountyProposal; token: UseQueryResult<TokenFacts> | undefined }) {
  if (proposal.rewardToken !== "native" && token?.isPending) {
    return <span className="inline-block h-5 w-24 animate-pulse rounded bg-stone-200 align-middle" role="status" aria-busy="true" aria-label="Reading the reward token" />;
  }
  return <>{formatReward(proposal.rewardAmount, proposal.rewardToken, token?.data)}</>;
}

export function ProposalCard(props: {
  proposal: BountyProposal;
  token?: UseQueryResult<TokenFacts>;
  evaluations: BountyEvaluation[] | undefined;
  evaluationsError: boolean;
}) {
  const { proposal } = props;
  const status = proposalStatusStyle[proposal.status] ?? { label: proposal.status, className: "bg-stone-100 text-stone-800" };
  return (
    <article className="rounded-lg border border-stone-200 bg-white p-5 shadow-sm" data-testid="bounty-proposal" aria-labelledby={`${proposal.id}-title`}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2 font-mono text-xs text-stone-500">
            {proposal.id}
            {proposal.sample ? <SampleMark /> : null}
          </p>
          <h2 id={`${proposal.id}-title`} className="mt-1 font-serif text-xl font-semibold leading-snug text-ink">
            {proposal.title}
          </h2>
        </div>
        <div className="flex min-w-0 max-w-full flex-row flex-wrap items-center gap-3 sm:flex-col sm:items-end sm:gap-1">
          <span className={`rounded px-2 py-0.5 text-xs font-semibold ${status.className}`} data-testid="bounty-status">
            {status.label}
          </span>
          {/* the figure says what it is: the reward paid for the work, not a price or a deposit */}
          <p className="min-w-0 text-sm text-stone-600 sm:text-right">
            Reward{" "}
            <span className="font-mono text-lg font-semibold text-ink [overflow-wrap:anywhere]" data-testid="bounty-reward">
              <Reward proposal={proposal} token={props.token} />
            </span>
          </p>
        </div>
      </div>
      <p className="mt-3 text-sm text-stone-700">{proposal.summary}</p>
      <dl className="mt-3 flex flex-wrap gap-x-6 gap-y-1 text-xs text-stone-500">
        {proposal.outletSlug ? (
          <div>
            <dt className="inline">Outlet </dt>
            <dd className="inline">
              {proposal.sample ? (
                // sample records name outlets that do not exist on this network: no link to a missing page
                <span className="font-mono">{proposal.outletSlug}</span>
              ) : (
                <Link href={`/outlets/${proposal.outletSlug}`} className="text-accent underline-offset-2 hover:underline">
                  {proposal.outletSlug}
                </Link>
              )}
            </dd>
          </div>
        ) : null}
        {proposal.capsuleId ? (
          <div>
            <dt className="inline">Capsule </dt>
            <dd className="inline font-mono">#{proposal.capsuleId}</dd>
          </div>
        ) : null}
        <div>
          <dt className="inline">Proposed by </dt>
          <dd className="inline font-mono" title={displayAddress(proposal.proposer)}>{shortAddress(proposal.proposer)}</dd>
        </div>
        <div>
          <dt className="inline">Opened </dt>
          <dd className="inline">{formatDate(proposal.createdAt)}</dd>
        </div>
      </dl>
      <section className="mt-4 border-t border-stone-100 pt-4">
        <h3 className="mb-2 text-xs font-semibold uppercase tracking-wide text-stone-500">Evaluations</h3>
        {props.evaluationsError ? (
          <p className="text-sm text-red-800">The evaluations of this proposal could not be loaded.</p>
        ) : props.evaluations ? (
          <EvaluationList evaluations={props.evaluations} />
        ) : (
          <Loading label="Loading the evaluations" bars={["block h-12 w-full"]} />
        )}
      </section>
    </article>
  );
}
