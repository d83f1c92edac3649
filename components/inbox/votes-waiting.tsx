"use client";

import Link from "next/link";
import { useMemo } from "react";
import { useQueries } from "@tanstack/react-query";
import { capsuleListQuery } from "@/components/capsules/use-capsules";
import { useWalletRoles } from "@/components/roles/use-roles";
import { useChainClock } from "@/components/network/use-chain-clock";
import { useSession } from "@/components/wallet/use-session";
import { NEEDS_YOUR_VOTE, viewerVoteWords } from "@/components/capsules/viewer-vote-words";
import { ROLE } from "@/lib/roles/role-catalog";

/**
 * The inbox lists what happened; an Editor who comes here to find what waits for them would miss the open votes that
 * still need theirs (they are no inbox entries: they are the newsroom's Open votes). So the inbox says how many there
 * are, with the way to them: the newsroom, or the capsule itself when there is one. Nothing while none needs a vote.
 */
export function VotesWaiting() {
  const { wallet, session } = useSession();
  const roles = useWalletRoles(wallet);
  const now = useChainClock();
  const editorAt = useMemo(() => [...new Set((roles.data?.items ?? []).filter((role) => role.roleId === ROLE.EDITOR).map((role) => role.outletSlug))], [roles.data]);
  const results = useQueries({ queries: editorAt.map((slug) => capsuleListQuery({ outlet: slug, status: "pending", page: 1, limit: 20 }, session)) });
  const waiting = results.flatMap((result) => result.data?.items ?? []).filter((capsule) => viewerVoteWords(capsule, now, true) === NEEDS_YOUR_VOTE);
  if (waiting.length === 0) return null;
  const only = waiting.length === 1 ? waiting[0] : undefined;
  return (
    <p className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950 [overflow-wrap:anywhere]" data-testid="inbox-votes-waiting">
      {only ? (
        <>
          One open vote waits for yours:{" "}
          <Link href={`/capsules/${only.id}`} className="font-semibold underline">
            <bdi>{only.title}</bdi>
          </Link>
          . All open votes are on the <Link href="/newsroom" className="underline">newsroom page</Link>.
        </>
      ) : (
        <>
          {waiting.length} open votes wait for yours: they are under Open votes on the{" "}
          <Link href="/newsroom" className="font-semibold underline">
            newsroom page
          </Link>
          .
        </>
      )}
    </p>
  );
}
