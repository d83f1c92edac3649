import type { TListing } from "@/features/rights/rights.schema";

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
