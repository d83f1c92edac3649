import type { Address } from "viem";
import type { z } from "zod";
import type { TJuryFields, ZAppealQuote } from "@/features/court/jury.schema";

export type AppealQuote = z.infer<typeof ZAppealQuote>;

/**
 * The appeal's costs, built from a case's jury fields: GET /api/court/case/:id/appeal answers this, and the
 * case page builds it from the case read it already holds. The page asked that route separately before; a
 * push that moved the case out of its appeal period could then reach the route before the page's case did,
 * and the route answered 409. Built from the case, the figures move with every push of the case and there is
 * no second read to race. None outside the appeal period, or before the JuryCourt address is known.
 */
export function appealQuoteOf(
  item: Pick<TJuryFields, "period" | "appeal" | "juryCaseId" | "round" | "periodEndsAt" | "winner"> & { caseId: string },
  court: Address | undefined,
): AppealQuote | undefined {
  const { appeal, juryCaseId, round, periodEndsAt } = item;
  if (item.period !== "appeal" || !appeal || juryCaseId === null || round === null || periodEndsAt === null || !court) return undefined;
  const sides = (["challenger", "outlet"] as const).map((side, i) => {
    const required = BigInt(appeal[side].required);
    const paid = BigInt(appeal[side].paid);
    return {
      side,
      sideNumber: i + 1,
      winning: item.winner === side,
      required: required.toString(),
      paid: paid.toString(),
      remaining: (required > paid ? required - paid : 0n).toString(),
      fundingEndsAt: appeal[side].fundingEndsAt,
    };
  });
  return {
    ok: true,
    caseId: item.caseId,
    juryCaseId,
    round,
    periodEndsAt,
    nextRoundJurors: appeal.nextRoundJurors,
    nextRoundCost: appeal.nextRoundCost,
    sides,
    transaction: { to: court, functionName: "fundAppeal", caseId: juryCaseId },
  };
}
