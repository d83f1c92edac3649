import type { Ranking } from "@/features/distribution/feed-rank";

const factorName: Record<Ranking["reasons"][number]["factor"], string> = {
  recency: "Recency",
  tier: "Outlet tier",
  integrity: "Integrity",
  label: "Label",
  penalty: "Penalty",
};

// "Why is this here?": the multipliers of the feed score (features/distribution/feed-rank.ts) behind an
// article's position on the front page. A native <details>, so it needs no JavaScript.
export function WhyHere({ ranking, position }: { ranking: Ranking; position: number }) {
  return (
    <details className="mt-2 text-sm text-stone-600" data-testid="why-here">
      <summary className="inline-flex min-h-11 cursor-pointer items-center text-accent underline">Why is this here?</summary>
      <p className="mt-1">
        Position {position}, score <span className="font-mono" data-testid="why-here-score">{ranking.score.toFixed(3)}</span>: recency × outlet tier × integrity
        {ranking.reasons.length > 3 ? " × the reductions below" : ""}.
      </p>
      <ul className="mt-1 space-y-0.5">
        {ranking.reasons.map((reason) => (
          <li key={reason.factor} data-factor={reason.factor}>
            <span className="font-medium text-ink">{factorName[reason.factor]}</span> ×<span className="font-mono">{reason.weight}</span> — {reason.text}
          </li>
        ))}
      </ul>
      <p className="mt-1">
        Newer articles, Elevated and Premium outlets and higher integrity scores rank higher; contested articles and outlets under a court penalty rank lower.{" "}
        <a href="/distribution" className="text-accent underline">
          How tiers work
        </a>
      </p>
    </details>
  );
}
