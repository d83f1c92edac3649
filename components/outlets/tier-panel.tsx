import type { TOutlet } from "@/features/outlets/outlets.schema";
import { Card } from "@/components/ui/card";
import { acceptanceWords, tierLabel } from "./outlet-labels";

// The seed's distribution table: what the outlet has, and what the next tier needs.
function nextStep(d: TOutlet["distribution"], status: TOutlet["status"]): string {
  switch (d.tier) {
    case "none":
      return status === "suspended"
        ? "Distribution is paused while the outlet is suspended. Publish the TXT record again and run the check to become active (Standard tier)."
        : "Verify the domain to become active and enter the Standard tier (network feed and Atom feeds).";
    case "standard": {
      const decided = d.acceptedCount + d.rejectedCount;
      const needs = [
        decided < d.minimumSample.elevated ? `${d.minimumSample.elevated} capsules decided by vote (now ${decided})` : "",
        d.acceptanceRate < 75 ? `an acceptance rate of 75% or more (now ${acceptanceWords(d)})` : "",
        d.cleanRecord ? "" : "a clean record (no capsule labelled misleading or fraudulent)",
      ].filter(Boolean);
      return `Elevated (higher feed position, JSON Feed and WebSub push) needs ${needs.join(" and ") || "no more than it has; it updates with the next decided capsule"}.`;
    }
    case "elevated": {
      const decided = d.acceptedCount + d.rejectedCount;
      const needs = [
        decided < d.minimumSample.premium ? `${d.minimumSample.premium} capsules decided by vote (now ${decided})` : "",
        d.acceptanceRate < 90 ? `an acceptance rate of 90% or more (now ${acceptanceWords(d)})` : "",
        d.monthsActive < 12 ? `12 months active (now ${d.monthsActive})` : "",
      ].filter(Boolean);
      return `Premium (all channels, priority for partner streams) needs ${needs.join(" and ") || "a clean record kept"}.`;
    }
    case "premium":
      return "This is the highest tier: all channels and priority for partner streams. It is kept with a clean record and an acceptance rate of 90% or more.";
  }
}

/** `reportBelow`: the page shows the distribution report, which says what each tier needs: the panel does not say it again. */
export function TierPanel({ outlet, reportBelow = false }: { outlet: TOutlet; reportBelow?: boolean }) {
  const d = outlet.distribution;
  return (
    <Card title="Distribution tier">
      <p className="font-serif text-2xl font-semibold text-ink" data-testid="outlet-tier">
        {tierLabel[d.tier]}
      </p>
      <dl className="mt-3 grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
        <div>
          <dt className="text-xs uppercase tracking-wide text-stone-500">Acceptance</dt>
          <dd className={d.acceptedCount + d.rejectedCount === 0 ? "text-stone-600" : "font-mono"}>{acceptanceWords(d)}</dd>
        </div>
        <div>
          <dt className="text-xs uppercase tracking-wide text-stone-500">Decided</dt>
          <dd className="font-mono">
            {d.acceptedCount} accepted / {d.rejectedCount} rejected
          </dd>
        </div>
        <div>
          <dt className="text-xs uppercase tracking-wide text-stone-500">Record</dt>
          <dd>{d.cleanRecord ? "Clean" : "Has misleading or fraudulent labels"}</dd>
        </div>
        <div>
          <dt className="text-xs uppercase tracking-wide text-stone-500">Months active</dt>
          <dd className="font-mono">{d.monthsActive}</dd>
        </div>
      </dl>
      {reportBelow ? (
        <p className="mt-3 text-sm text-stone-600" data-testid="tier-see-report">
          What each tier needs, and what would move this outlet up, is under Distribution below.
        </p>
      ) : (
        <p className="mt-3 rounded bg-stone-50 p-3 text-sm text-stone-700">{nextStep(d, outlet.status)}</p>
      )}
    </Card>
  );
}
