"use client";

import Link from "next/link";
import { useState, type FormEvent } from "react";
import type { z } from "zod";
import type { TListing, ZLicence } from "@/lib/schemas/rights";
import { useTakeLicence } from "@/hooks/use-rights";
import { useSession } from "@/hooks/use-session";
import { formatCap, formatTime } from "@/components/capsules/capsule-format";
import { smallButton as smallButtonClass } from "@/components/ui/field";
import { licenceTypeHelp, licenceTypeLabel, listingStatusStyle, territoryLabel } from "./rights-format";
import { shortAddress } from "@/lib/wallet/short-address";

type Licence = z.infer<typeof ZLicence>;

// One listing: what is offered, for how much, its status, the licence action and (when known) the licences taken.
export function ListingCard({ listing, licences, onShowCapsule }: { listing: TListing; licences?: Licence[]; onShowCapsule?: (capsuleId: string) => void }) {
  const status = listingStatusStyle[listing.status];
  // held here, not in the form: taking the last exclusive licence sells the listing and removes the form
  const take = useTakeLicence();
  return (
    <li className="space-y-2 p-4" data-testid="listing" data-listing-id={listing.listingId}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-semibold text-ink">
          {licenceTypeLabel[listing.licenceType]} licence · {territoryLabel(listing.territory)}
        </p>
        <span className={`rounded px-2 py-0.5 text-xs font-semibold ${status.className}`} data-testid="listing-status">
          {status.label}
        </span>
      </div>
      <p className="text-xs text-stone-500">
        Listing #{listing.listingId} ·{" "}
        <Link href={`/read/${listing.capsuleId}`} className="text-accent underline">
          capsule #{listing.capsuleId}
        </Link>{" "}
        · <span className="font-mono">{listing.outletSlug}</span> · listed {formatTime(listing.createdAt)} by{" "}
        <span className="font-mono" title={listing.createdBy}>
          {shortAddress(listing.createdBy)}
        </span>
        {listing.expiresAt ? ` · until ${formatTime(listing.expiresAt)}` : ""}
      </p>
      <p className="text-lg font-semibold text-ink" data-testid="listing-price">
        {formatCap(listing.price)}
      </p>
      <p className="text-sm text-stone-700 [overflow-wrap:anywhere]">{listing.terms}</p>
      <p className="text-xs text-stone-500">
        {licenceTypeHelp[listing.licenceType]} {listing.licenceCount} licence(s) taken.
        {onShowCapsule ? (
          <>
            {" "}
            <button type="button" className="text-accent underline" onClick={() => onShowCapsule(listing.capsuleId)}>
              All rights and licences of capsule #{listing.capsuleId}
            </button>
          </>
        ) : null}
      </p>
      {licences && licences.length > 0 ? (
        <div className="rounded-md bg-stone-50 p-3" data-testid="listing-licences">
          <p className="text-xs font-semibold uppercase tracking-wide text-stone-500">Licences</p>
          <ul className="mt-1 space-y-1 text-xs text-stone-700">
            {licences.map((licence) => (
              <li key={licence.licenceId}>
                #{licence.licenceId} · <span className="font-mono" title={licence.buyer}>{shortAddress(licence.buyer)}</span> · {formatCap(licence.price)} ·{" "}
                {formatTime(licence.createdAt)}
                {licence.paymentTxHash ? <span className="block break-all font-mono text-stone-500">payment {licence.paymentTxHash}</span> : null}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {take.isSuccess ? (
        <p role="status" className="rounded-md bg-emerald-50 p-3 text-sm text-emerald-950" data-testid="licence-taken">
          Licence #{take.data.licence.licenceId} is recorded for your wallet ({formatCap(take.data.licence.price)}).
        </p>
      ) : listing.status === "active" ? (
        <TakeLicence listing={listing} take={take} />
      ) : null}
    </li>
  );
}

function TakeLicence({ listing, take }: { listing: TListing; take: ReturnType<typeof useTakeLicence> }) {
  const { status } = useSession();
  const [open, setOpen] = useState(false);
  const [paymentTxHash, setPaymentTxHash] = useState("");
  const [error, setError] = useState<string | undefined>();
  const inputId = `payment-${listing.listingId}`;

  if (status !== "signed-in") return <p className="text-xs text-stone-500">Sign in with your wallet to take a licence.</p>;
  if (!open) {
    return (
      <button type="button" className={smallButtonClass} onClick={() => setOpen(true)}>
        Take a licence
      </button>
    );
  }
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const hash = paymentTxHash.trim();
    if (hash && !/^0x[0-9a-fA-F]{64}$/.test(hash)) {
      setError("A transaction hash is 0x followed by 64 hex digits.");
      return;
    }
    setError(undefined);
    take.mutate({ listingId: listing.listingId, ...(hash ? { paymentTxHash: hash } : {}) }, { onError: (cause) => setError(cause.message) });
  };
  return (
    <form onSubmit={onSubmit} aria-label={`Take a licence on listing ${listing.listingId}`} className="space-y-2 rounded-md border border-stone-200 p-3" noValidate>
      <label htmlFor={inputId} className="block text-sm font-medium text-stone-800">
        Payment transaction (optional)
      </label>
      <input
        id={inputId}
        value={paymentTxHash}
        onChange={(event) => setPaymentTxHash(event.target.value)}
        placeholder="0x…"
        aria-invalid={error ? true : undefined}
        aria-describedby={`${inputId}-hint${error ? ` ${inputId}-error` : ""}`}
        className={`w-full rounded-md border bg-white px-3 py-2 font-mono text-xs text-ink ${error ? "border-red-500" : "border-stone-300"}`}
      />
      <p id={`${inputId}-hint`} className="text-xs text-stone-500">
        Payment of {formatCap(listing.price)} is settled with the lister outside the bridge; the hash you give is recorded as given.
      </p>
      {error ? (
        <p id={`${inputId}-error`} role="alert" className="text-xs font-medium text-red-700">
          {error}
        </p>
      ) : null}
      <div className="flex gap-2">
        <button type="submit" className="rounded-md bg-ink px-3 py-1.5 text-sm font-semibold text-white hover:bg-stone-800 disabled:opacity-50" disabled={take.isPending}>
          {take.isPending ? "Recording the licence…" : `Confirm licence for ${formatCap(listing.price)}`}
        </button>
        <button type="button" className={smallButtonClass} onClick={() => setOpen(false)}>
          Cancel
        </button>
      </div>
    </form>
  );
}
