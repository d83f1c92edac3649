import { tierStyle, type Tier } from "./tier-format";

export function TierBadge({ tier, testId }: { tier: Tier; testId?: string }) {
  const style = tierStyle[tier];
  return (
    <span className={`inline-block rounded-md px-2.5 py-1 text-sm font-semibold ring-1 ${style.className}`} data-testid={testId} data-tier={tier}>
      {style.label}
    </span>
  );
}
