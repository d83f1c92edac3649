"use client";

import Link from "next/link";
import { Card } from "@/components/ui/card";
import { useInbox } from "@/components/inbox/use-inbox";
import { Skeleton } from "@/components/ui/skeleton";

/**
 * The newsroom of a wallet that holds no role at any outlet. A wallet whose role was revoked is told so, with the
 * inbox's own words (who revoked which role at which outlet: the inbox answer's `lastRoleRevocation`, the newest such
 * entry however many entries came after it) and what it can do now, instead of the "not yet" meant for a newcomer.
 * The inbox is private, so this is known once signed in.
 */
export function NoRoleNotice({ signedIn }: { signedIn: boolean }) {
  const inbox = useInbox();
  const revoked = signedIn ? (inbox.data?.lastRoleRevocation ?? undefined) : undefined;
  if (signedIn && inbox.isPending) {
    return (
      <Card>
        <div role="status" aria-busy="true" aria-label="Reading your inbox for past roles" className="space-y-2">
          <Skeleton className="block h-5 w-full" />
          <Skeleton className="block h-5 w-3/4" />
        </div>
      </Card>
    );
  }
  if (revoked) {
    return (
      <Card>
        <div className="space-y-2 text-stone-700" data-testid="newsroom-no-roles" data-reason="revoked">
          <p className="font-medium text-stone-900" data-testid="newsroom-role-revoked">
            {revoked.message}
          </p>
          <p>
            You hold no role at any outlet now, so the newsroom lists no drafts or votes of yours. You can ask the outlet’s owner to grant you a role again
            {revoked.outletSlug ? (
              <>
                {" "}(<Link href={`/outlets/${encodeURIComponent(revoked.outletSlug)}`} className="text-accent underline">the outlet’s page</Link>)
              </>
            ) : null}
            , see what your bond may do now on <Link href="/bonds" className="text-accent underline">Bonds</Link>, or{" "}
            <Link href="/outlets" className="text-accent underline">register your own outlet</Link>. Your{" "}
            <Link href="/inbox" className="text-accent underline">inbox</Link> keeps the record.
          </p>
        </div>
      </Card>
    );
  }
  return (
    <Card>
      <p className="text-stone-700" data-testid="newsroom-no-roles" data-reason="none">
        {signedIn ? "You hold no role at any outlet yet." : "You hold no role at any outlet."} Ask an outlet’s owner or Editor to grant you the Journalist role, or{" "}
        <Link href="/outlets" className="text-accent underline">register your own outlet</Link>.
        {signedIn ? null : " If you held a role that was revoked, sign in (in the page header) to see which."}
      </p>
    </Card>
  );
}
