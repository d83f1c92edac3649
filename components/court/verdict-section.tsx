"use client";

import { useIsCourtClerk } from "@/hooks/use-court";
import { useSession } from "@/hooks/use-session";
import { Skeleton } from "@/components/ui/skeleton";
import { VerdictForm } from "./verdict-form";

// An open case: the verdict form for a signed-in court clerk, otherwise who may decide.
export function VerdictSection({ caseId }: { caseId: string }) {
  const { status } = useSession();
  const { isClerk, loading } = useIsCourtClerk();
  const pending = <p className="text-sm text-stone-700">The court has not ruled yet. Until it does, the article is labelled Contested.</p>;
  if (status !== "signed-in") {
    return (
      <div className="space-y-2">
        {pending}
        <p className="text-xs text-stone-500" data-testid="verdict-signin-hint">
          Court clerks: sign in with your wallet from the page header to record the verdict.
        </p>
      </div>
    );
  }
  if (loading) return <Skeleton className="block h-24 w-full" />;
  if (!isClerk) {
    return (
      <div className="space-y-2">
        {pending}
        <p className="text-xs text-stone-500" data-testid="verdict-not-clerk">
          Only a court clerk (role 4, granted by the bridge operator at the capsule-court outlet) can record a verdict. Your wallet does not hold
          that role.
        </p>
      </div>
    );
  }
  return <VerdictForm caseId={caseId} />;
}
