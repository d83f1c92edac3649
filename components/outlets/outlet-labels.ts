import type { TOutlet } from "@/features/outlets/outlets.schema";

export const outletStatusStyle: Record<TOutlet["status"], { label: string; className: string }> = {
  pending: { label: "Pending", className: "bg-amber-100 text-amber-900" },
  active: { label: "Active", className: "bg-emerald-100 text-emerald-900" },
  suspended: { label: "Suspended", className: "bg-red-100 text-red-900" },
};

export const tierLabel: Record<TOutlet["distribution"]["tier"], string> = {
  none: "Not distributed",
  standard: "Standard",
  elevated: "Elevated",
  premium: "Premium",
};

/** What a dns_txt check found, in words (lastResult or the verify answer's reason). */
export const verificationReason: Record<string, string> = {
  verified: "Verified: the TXT record was found and matches. The outlet is active.",
  no_record: "No record yet: the domain has no capsule-verification TXT record. Publish the record above; new DNS records can take a few minutes to appear.",
  wrong_token: "Wrong token: the domain has a capsule-verification record, but with another token. Replace its value with the one above.",
  wrong_value: "Record does not match: a TXT record meant for this check was found, but its value is not exactly the one above. Replace its value with the one above.",
  wrong_name: "Record at the wrong name: the record was found at another name than the domain. Publish it at the name shown above.",
  timeout: "DNS timed out: the DNS servers did not answer in time. Try again in a moment.",
  dns_error: "DNS lookup failed: the DNS servers answered with an error. Check the domain's DNS setup and try again.",
};

/** The acceptance rate in words: a rate of no decided capsule is no rate at all, not 0 %. */
export function acceptanceWords(d: Pick<TOutlet["distribution"], "acceptanceRate" | "acceptedCount" | "rejectedCount">): string {
  return d.acceptedCount + d.rejectedCount === 0 ? "none decided yet" : `${d.acceptanceRate.toFixed(2)}%`;
}
