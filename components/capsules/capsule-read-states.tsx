"use client";

import type { ReactNode } from "react";
import { ApiError } from "@/lib/api/api-client";
import { ErrorNotice } from "@/components/ui/error-notice";
import { Skeleton } from "@/components/ui/skeleton";

/**
 * A capsule read that failed: "Capsule not found" with `missing` (what to do instead) for an id that
 * does not exist or is not the reader's to see, else the error with a retry.
 */
export function CapsuleReadFailure({ read, missing }: { read: { error: Error | null; refetch: () => unknown }; missing: ReactNode }) {
  const { error } = read;
  if (error instanceof ApiError && (error.status === 404 || error.status === 400)) {
    return (
      <div className="space-y-3">
        <h1 className="font-serif text-3xl font-bold tracking-tight">Capsule not found</h1>
        <p className="text-stone-600">{missing}</p>
      </div>
    );
  }
  return <ErrorNotice title="The capsule could not be loaded" error={error} onRetry={() => void read.refetch()} />;
}

/**
 * What a 404 for a capsule tells the person reading: the API answers the same for an id that does not
 * exist and for a draft the reader may not see, so the page names both and, signed out, the way in.
 */
export function missingCapsuleText(id: string, signedIn: boolean): string {
  return signedIn
    ? `There is no capsule #${id} this wallet can see: either it does not exist, or it is a draft, which only its author and the Editors of its outlet can open.`
    : `There is no capsule #${id} you can see without signing in. A draft is shown only to its author and the Editors of its outlet: if this one is yours, connect your wallet from the page header and sign in.`;
}

/** The page's shape while the capsule loads: a heading and one block per height given. */
export function CapsuleSkeleton({ blocks }: { blocks: string[] }) {
  return (
    <div className="space-y-6" role="status" aria-busy="true" aria-label="Loading capsule">
      <Skeleton className="block h-10 w-2/3" />
      {blocks.map((height, i) => (
        <Skeleton key={i} className={`block ${height} w-full`} />
      ))}
    </div>
  );
}
