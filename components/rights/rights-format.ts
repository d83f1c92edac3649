import type { TLicence, TListing } from "@/features/rights/rights.schema";

// Words for rights listings and licences.

export const licenceTypeLabel: Record<TListing["licenceType"], string> = {
  exclusive: "Exclusive",
  non_exclusive: "Non-exclusive",
  syndication: "Syndication",
  editorial_use: "Editorial use",
};

export const licenceTypeHelp: Record<TListing["licenceType"], string> = {
  exclusive: "One buyer only; the listing is sold after the first licence.",
  non_exclusive: "Any number of buyers.",
  syndication: "Republication by partner outlets; any number of buyers.",
  editorial_use: "Quoting and editorial reuse; any number of buyers.",
};

export const listingStatusStyle: Record<TListing["status"], { label: string; className: string }> = {
  active: { label: "Available", className: "bg-emerald-100 text-emerald-900" },
  sold: { label: "Sold", className: "bg-stone-200 text-stone-800" },
  withdrawn: { label: "Withdrawn", className: "bg-stone-200 text-stone-800" },
  expired: { label: "Expired", className: "bg-amber-100 text-amber-900" },
};

export const territoryLabel = (territory: string) => (territory === "worldwide" ? "Worldwide" : territory);

/** A licence's standing in words: what the escrow did with its payment. */
export const licenceStatusWords: Record<TLicence["status"], { label: string; note: string | null; className: string }> = {
  valid: { label: "Valid", note: null, className: "bg-emerald-100 text-emerald-900" },
  pending: { label: "Payment in escrow", note: "The escrow still holds the payment; its release to the payee is not mined yet.", className: "bg-amber-100 text-amber-900" },
  void: {
    label: "Void",
    note: "The payment never reached the payee: the escrow gave the deposit back to the buyer before the release was mined. This licence grants nothing.",
    className: "bg-red-100 text-red-900",
  },
};
