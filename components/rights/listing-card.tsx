"use client";

import Link from "next/link";
import type { z } from "zod";
import type { TListing, ZLicence } from "@/features/rights/rights.schema";
import { useTakeLicence } from "@/components/rights/use-rights";
import { formatCap, formatTime } from "@/components/ui/capsule-format";
import { licenceStatusWords, licenceTypeHelp, licenceTypeLabel, listingStatusStyle, territoryLabel } from "./rights-format";
import { displayAddress, shortAddress } from "@/lib/wallet/short-address";
import { TakeLicence } from "./take-licence";
import { WithdrawListing } from "./withdraw-listing";

type Licence = z.infer<typeof ZLicence>;

// One listing: what is offered, for how much, its status, the licence action and (when known) the licences taken.
export function ListingCard({ listing, licences, onShowCapsule }: { listing: TListing; licences?: Licence[]; onShowCapsule?: (capsuleId: string) => void }) {
  const status = listingStatusStyle[listing.status];
  // held here, not in the form: taking the last exclusive licence sells the listing and removes the form
  const take = useTakeLicence();
  return (
    <li className="space-y-2 p-4" data-testid="listing" data-listing-id={listing.listingId}>
      <p className="font-serif text-lg font-semibold leading-snug text-ink [overflow-wrap:anywhere]" data-testid="listing-article">
        <Link href={`/read/${listing.capsuleId}`} className="hover:underline">
          {listing.capsuleTitle || `Capsule #${listing.capsuleId}`}
        </Link>
        <span className="mt-0.5 block font-sans text-sm font-normal text-stone-600">
          from{" "}
          <Link href={`/outlets/${listing.outletSlug}`} className="text-accent underline" data-testid="listing-outlet">
            {listing.outletName}
          </Link>
        </span>
      </p>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-semibold text-ink">
          {licenceTypeLabel[listing.licenceType]} licence · {territoryLabel(listing.territory)}
        </p>
        <span className={`rounded px-2 py-0.5 text-xs font-semibold ${status.className}`} data-testid="listing-status">
          {status.label}
        </span>
      </div>
      <p className="text-xs text-stone-500">
        Listing #{listing.listingId} · capsule #{listing.capsuleId} · listed {formatTime(listing.createdAt)} by{" "}
        <span className="font-mono" title={displayAddress(listing.createdBy)}>
          {shortAddress(listing.createdBy)}
        </span>
        {listing.expiresAt ? ` · until ${formatTime(listing.expiresAt)}` : ""}
      </p>
      {/* the figure says what it is: what one licence on this listing costs its buyer */}
      <p className="text-sm text-stone-600" data-testid="listing-price-line">
        {listing.licenceType === "exclusive" ? "Price of the licence" : "Price of one licence"}:{" "}
        <span className="text-lg font-semibold text-ink" data-testid="listing-price">
          {formatCap(listing.price)}
        </span>
        {BigInt(listing.price) === 0n ? " (free)" : null}
      </p>
      {BigInt(listing.price) > 0n ? (
        <p className="text-xs text-stone-500" data-testid="listing-payee">
          Paid to{" "}
          <span className="font-mono" title={displayAddress(listing.payee)}>
            {shortAddress(listing.payee)}
          </span>
          {listing.payee.toLowerCase() === listing.createdBy.toLowerCase() ? " (the lister)" : ""}
        </p>
      ) : null}
      <p dir="auto" className="text-sm text-stone-700 [overflow-wrap:anywhere]">{listing.terms}</p>
      {listing.status === "withdrawn" ? (
        <p className="text-sm text-stone-700" data-testid="listing-withdrawn-note">
          Withdrawn by its seller: no new licence can be taken on it. Licences taken before stay valid.
        </p>
      ) : null}
      <p className="text-xs text-stone-500">
        {licenceTypeHelp[listing.licenceType]} {listing.licenceCount} licence(s) taken{licences?.some((l) => l.status === "void") ? " (void ones not counted)" : ""}.
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
              <li key={licence.licenceId} data-testid="listing-licence" data-licence-status={licence.status}>
                #{licence.licenceId} · {BigInt(licence.price) > 0n ? "bought by" : "taken free by"}{" "}
                <span className="font-mono" title={displayAddress(licence.buyer)}>{shortAddress(licence.buyer)}</span>
                {BigInt(licence.price) > 0n ? ` for ${formatCap(licence.price)}` : ""} · {formatTime(licence.createdAt)} ·{" "}
                <span className={`rounded px-1.5 py-0.5 font-semibold ${licenceStatusWords[licence.status].className}`}>{licenceStatusWords[licence.status].label}</span>
                {licenceStatusWords[licence.status].note ? <span className="block text-stone-700">{licenceStatusWords[licence.status].note}</span> : null}
                {licence.paymentTxHash ? (
                  <span className="block break-all font-mono text-stone-500">
                    payment {licence.paymentTxHash}
                    {licence.paymentVerified ? ` · checked on chain (block ${licence.paymentBlockNumber})` : " · not checked (recorded before payments were verified)"}
                  </span>
                ) : null}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {take.isSuccess ? (
        <p role="status" className="rounded-md bg-emerald-50 p-3 text-sm text-emerald-950" data-testid="licence-taken">
          Licence #{take.data.licence.licenceId} is recorded for your wallet ({formatCap(take.data.licence.price)}).
          {take.data.settlement ? (
            <span className="mt-1 block [overflow-wrap:anywhere]" data-testid="licence-release">
              {take.data.settlement.status === "mined" ? "The escrow released the payment" : "The escrow’s release is sent"} (transaction{" "}
              <span className="font-mono">{take.data.settlement.txHash}</span>):{" "}
              {take.data.settlement.recipients
                .map((r) => `${r.party === "payee" ? "payee" : `contributor (${r.shareBps / 100} %)`} ${shortAddress(r.wallet)} ${formatCap(r.amount)}`)
                .join(" · ")}
            </span>
          ) : null}
        </p>
      ) : listing.status === "active" ? (
        <TakeLicence listing={listing} take={take} />
      ) : null}
      {listing.status === "active" && !take.isSuccess ? <WithdrawListing listing={listing} /> : null}
    </li>
  );
}
