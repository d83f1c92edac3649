"use client";

import { useState, type FormEvent } from "react";
import { licenceTypes } from "@/features/rights/rights.schema";
import { useCapsule } from "@/components/capsules/use-capsules";
import { useOutletRoles } from "@/components/roles/use-roles";
import { useCreateListing } from "@/components/rights/use-rights";
import { useSession } from "@/components/wallet/use-session";
import { Card } from "@/components/ui/card";
import { TextArea, TextField, primaryButton } from "@/components/ui/field";
import { apiFieldErrors, type FieldErrors } from "@/components/outlets/field-errors";
import { checkListing, expiryFromDate, LISTING_FIELD_WORDS, LISTING_FIELDS } from "./listing-input";
import { formatTimeWithZone, formatUtcMoment } from "@/components/ui/capsule-format";
import { licenceTypeHelp, licenceTypeLabel } from "./rights-format";
import { isAuthorRole, ROLE } from "@/lib/roles/role-catalog";
import { isReadersVersion } from "@/components/capsules/readers-version";
import { isDecimalId } from "@/lib/schemas/whole-number";

type LicenceType = (typeof licenceTypes)[number];

/** Who may list a capsule's rights: its journalist or an Editor of its outlet, once it is finalized. */
function useListingEligibility(capsuleId: string) {
  const { wallet, status } = useSession();
  const capsule = useCapsule(isDecimalId(capsuleId) ? capsuleId : undefined);
  const slug = capsule.data?.capsule.outletSlug;
  const roles = useOutletRoles(status === "signed-in" ? wallet : undefined, slug);
  if (!isDecimalId(capsuleId)) return { may: undefined, text: "Enter the number of a finalized capsule." };
  if (capsule.isError) return { may: false, text: capsule.error.message };
  if (!capsule.data) return { may: undefined, text: "Reading the capsule…" };
  const c = capsule.data.capsule;
  const title = `“${capsule.data.content.title || c.title}” (${capsule.data.outlet.outletName})`;
  // a superseded version whose correction was rejected is still the one readers see
  const readersVersion = isReadersVersion(capsule.data);
  if (!readersVersion) {
    return { may: false, text: c.status === "superseded" ? `${title} was replaced by a correction; list the rights of the version readers see.` : `${title} is ${c.status}; only a finalized capsule’s rights can be listed.` };
  }
  if (status !== "signed-in" || !wallet) return { may: undefined, text: `${title} is finalized. Sign in as its journalist or an Editor of ${c.outletSlug} to list its rights.` };
  if (!roles.data) return { may: undefined, text: `${title} is finalized. Checking your role at ${c.outletSlug}…` };
  const active = roles.data.roles.filter((role) => role.revokedAt === null);
  // its journalist lists it only while still holding an author role there (the bridge checks the same)
  if (c.submitter.toLowerCase() === wallet.toLowerCase()) {
    return active.some((role) => isAuthorRole(role.roleId))
      ? { may: true, text: `${title}: you are its journalist, so you may list its rights.` }
      : { may: false, text: `${title}: you are its journalist but no longer hold a role at ${c.outletSlug}; only an Editor there may list its rights now.` };
  }
  return active.some((role) => role.roleId === ROLE.EDITOR)
    ? { may: true, text: `${title}: you are an Editor of ${c.outletSlug}, so you may list its rights.` }
    : { may: false, text: `${title}: only its journalist or an Editor of ${c.outletSlug} may list its rights; your wallet is neither.` };
}

/**
 * The date field shows the browser's own format (05/12/2026 or 12/05/2026, by its language): beside it, the day it
 * takes and the moment the offer ends, in words on the UTC clock and in the lister's own time.
 */
function ExpiryHint({ date }: { date: string }) {
  const end = expiryFromDate(date);
  return (
    <>
      A day in your browser’s date format; the offer ends at the end of that day on the UTC clock (23:59:59 UTC). Leave empty for an open-ended offer.
      {end && end !== "invalid" ? (
        <span className="mt-1 block font-medium text-stone-800" data-testid="listing-expiry-words">
          The offer ends {formatUtcMoment(end)} ({formatTimeWithZone(end)} your time).
        </span>
      ) : null}
    </>
  );
}

export function CreateListingForm({ initialCapsule }: { initialCapsule: string }) {
  const { status } = useSession();
  const [capsuleId, setCapsuleId] = useState(initialCapsule);
  const [licenceType, setLicenceType] = useState<LicenceType>("non_exclusive");
  const [territory, setTerritory] = useState("worldwide");
  const [price, setPrice] = useState("");
  const [terms, setTerms] = useState("");
  const [expires, setExpires] = useState("");
  const [payee, setPayee] = useState("");
  const [errors, setErrors] = useState<FieldErrors>({});
  const create = useCreateListing();
  const clear = (field: string) => setErrors((current) => Object.fromEntries(Object.entries(current).filter(([key]) => key !== field && key !== "form")));
  const eligibility = useListingEligibility(capsuleId.trim());

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const { body: input, errors: found } = checkListing({ capsuleId, licenceType, territory, price, terms, expires, payee });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    create.mutate(input, {
      onSuccess: () => {
        setPrice("");
        setTerms("");
        setExpires("");
        setPayee("");
      },
      onError: (error) => setErrors(apiFieldErrors(error, LISTING_FIELDS, LISTING_FIELD_WORDS)),
    });
  };

  return (
    <Card title="List a capsule’s rights">
      <form onSubmit={onSubmit} aria-label="List rights" className="space-y-4" noValidate>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            id="listing-capsule"
            label="Capsule"
            inputMode="numeric"
            value={capsuleId}
            onChange={(event) => {
              setCapsuleId(event.target.value.replace(/^#/, ""));
              clear("capsuleId");
            }}
            error={errors.capsuleId}
            hint={<span data-testid="listing-eligibility">{eligibility.text}</span>}
          />
          <div>
            <label htmlFor="listing-type" className="block text-sm font-medium text-stone-800">
              Licence type
            </label>
            <select
              id="listing-type"
              value={licenceType}
              onChange={(event) => setLicenceType(event.target.value as LicenceType)}
              aria-describedby="listing-type-hint"
              className="mt-1 w-full rounded-md border border-stone-300 bg-white px-3 py-2 text-sm text-ink"
            >
              {licenceTypes.map((type) => (
                <option key={type} value={type}>
                  {licenceTypeLabel[type]}
                </option>
              ))}
            </select>
            <p id="listing-type-hint" className="mt-1 text-xs text-stone-500">
              {licenceTypeHelp[licenceType]}
            </p>
          </div>
          <TextField
            id="listing-territory"
            label="Territory"
            value={territory}
            onChange={(event) => {
              setTerritory(event.target.value);
              clear("territory");
            }}
            error={errors.territory}
            hint="A two-letter country code (DE, FR, US…) or “worldwide”."
          />
          <TextField id="listing-price" label="Price (CAP)" inputMode="decimal" value={price} onChange={(event) => {
              setPrice(event.target.value);
              clear("price");
            }} error={errors.price} hint="What one licence costs." />
          <TextField
            id="listing-expires"
            label="Offer ends (optional)"
            type="date"
            value={expires}
            onChange={(event) => {
              setExpires(event.target.value);
              clear("expiresAt");
            }}
            error={errors.expiresAt}
            hint={<ExpiryHint date={expires} />}
          />
          <TextField
            id="listing-payee"
            label="Payments go to (optional)"
            value={payee}
            onChange={(event) => {
              setPayee(event.target.value);
              clear("payee");
            }}
            error={errors.payee}
            hint="The wallet that receives licence payments, e.g. the outlet’s treasury. Your wallet when empty."
          />
        </div>
        <TextArea id="listing-terms" label="Terms" rows={3} value={terms} onChange={(event) => {
              setTerms(event.target.value);
              clear("terms");
            }} error={errors.terms} hint="What the buyer may do, credit lines, embargoes (10–5000 characters)." />
        {errors.form ? (
          <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900">
            {errors.form}
          </p>
        ) : null}
        {create.isSuccess ? (
          <p role="status" className="rounded-md bg-emerald-50 p-3 text-sm text-emerald-950" data-testid="listing-created">
            Listing #{create.data.listing.listingId} is live for capsule #{create.data.listing.capsuleId}.
          </p>
        ) : null}
        <button type="submit" className={primaryButton} disabled={status !== "signed-in" || eligibility.may === false || create.isPending}>
          {create.isPending ? "Listing…" : "List rights"}
        </button>
        {status !== "signed-in" ? <p className="text-xs text-stone-500">Sign in with your wallet from the page header to list rights.</p> : null}
      </form>
    </Card>
  );
}
