"use client";

import { useState } from "react";
import type { TListing } from "@/features/rights/rights.schema";
import { useOutletRoles } from "@/components/roles/use-roles";
import { useSession } from "@/components/wallet/use-session";
import { smallButton } from "@/components/ui/field";
import { ROLE } from "@/lib/roles/role-catalog";
import { useWithdrawListing } from "./use-rights";

/** Whether the signed-in wallet may withdraw this listing: the wallet that listed it, or an Editor of its outlet. */
function useMayWithdraw(listing: TListing): boolean {
  const { wallet, status } = useSession();
  const signedIn = status === "signed-in" && wallet !== undefined;
  const lister = signedIn && wallet.toLowerCase() === listing.createdBy.toLowerCase();
  const roles = useOutletRoles(signedIn && !lister ? wallet : undefined, listing.outletSlug);
  if (lister) return true;
  return roles.data?.roles.some((role) => role.roleId === ROLE.EDITOR && role.revokedAt === null) ?? false;
}

/** "Withdraw listing", asked once more before it is sent: no new licence is taken on it, and those taken stay valid. */
export function WithdrawListing({ listing }: { listing: TListing }) {
  const may = useMayWithdraw(listing);
  const withdraw = useWithdrawListing();
  const [asking, setAsking] = useState(false);
  if (!may) return null;
  if (withdraw.isSuccess) {
    return (
      <p role="status" className="rounded-md bg-stone-100 p-3 text-sm text-stone-800" data-testid="listing-withdrawn">
        Listing #{listing.listingId} is withdrawn: no one can take a new licence on it. The {listing.licenceCount} licence(s) already taken stay valid.
      </p>
    );
  }
  return (
    <div className="space-y-2" data-testid="withdraw-listing">
      {asking ? (
        <div className="rounded-md border border-stone-300 bg-stone-50 p-3 text-sm text-stone-800">
          <p>
            Withdraw this listing? No one will be able to take a new licence on it, and its place among the capsule’s listings is freed.{" "}
            {listing.licenceCount > 0 ? `The ${listing.licenceCount} licence(s) already taken stay valid.` : "No licence was taken on it."}
          </p>
          <div className="mt-2 flex flex-wrap gap-2">
            <button type="button" className={smallButton} disabled={withdraw.isPending} onClick={() => withdraw.mutate({ listingId: listing.listingId })}>
              {withdraw.isPending ? "Withdrawing…" : "Yes, withdraw it"}
            </button>
            <button type="button" className={smallButton} disabled={withdraw.isPending} onClick={() => setAsking(false)}>
              Keep it on offer
            </button>
          </div>
        </div>
      ) : (
        <button type="button" className={smallButton} onClick={() => setAsking(true)}>
          Withdraw listing
        </button>
      )}
      {withdraw.isError ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-2 text-sm text-red-900 [overflow-wrap:anywhere]" data-testid="withdraw-error">
          {withdraw.error.message}
        </p>
      ) : null}
    </div>
  );
}
