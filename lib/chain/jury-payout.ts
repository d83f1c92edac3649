// What JuryCourt.withdrawContribution pays a contributor for one round's appeal, computed as the contract does
// (the page shows it before the wallet is asked).

/**
 * `given`: the contributor's [challenger side, outlet side]; `appeal`: appealOf's [challengerPaid, outletPaid,
 * rewardPool, created]. All of it back when the appeal opened no round; else the prevailing side's funders share
 * the reward pool in proportion to what they gave (rounded down, as in Solidity).
 */
export function contributionPayout(given: readonly [bigint, bigint], appeal: readonly [bigint, bigint, bigint, boolean], winner: "challenger" | "outlet" | null): bigint {
  const [challengerPaid, outletPaid, rewardPool, created] = appeal;
  if (!created) return given[0] + given[1];
  if (!winner) return 0n;
  const mine = winner === "challenger" ? given[0] : given[1];
  const total = winner === "challenger" ? challengerPaid : outletPaid;
  return total === 0n ? 0n : (mine * rewardPool) / total;
}

