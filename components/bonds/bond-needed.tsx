"use client";

import Link from "next/link";
import { formatEther } from "viem";
import { ApiError } from "@/lib/api/api-client";

const WEI = /^\d+$/;
/** What a wallet with no bond is asked to deposit when the bridge names no requirement (any bond opens a case). */
const ANY_BOND_CAP = "10";

/** The top-up an INSUFFICIENT_BOND answer asks for, in CAP (undefined for any other error). */
export function bondTopUp(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || error.code !== "INSUFFICIENT_BOND") return undefined;
  const required = error.details.bondRequired;
  const bonded = error.details.bonded;
  if (typeof required === "string" && WEI.test(required)) {
    const missing = BigInt(required) - (typeof bonded === "string" && WEI.test(bonded) ? BigInt(bonded) : 0n);
    if (missing > 0n) return formatEther(missing);
  }
  return ANY_BOND_CAP;
}

// A refusal for want of bond, in words, with the link that does the top-up (the Bonds page opens
// with the amount filled in); what the person typed in the form stays kept meanwhile.
export function BondNeeded(props: { error: unknown; who?: "you" | "them" }) {
  const topUp = bondTopUp(props.error);
  if (!topUp) return null;
  const them = props.who === "them";
  return (
    <p role="alert" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950" data-testid="bond-needed">
      {them ? `That wallet's bond is too small for this role: it needs ${topUp} CAP more. ` : `Your bond is too small for this: it needs ${topUp} CAP more. `}
      {them ? (
        <>
          Its owner deposits on the{" "}
          <Link href="/bonds" className="font-semibold underline">
            Bonds page
          </Link>
          , then you grant the role again.
        </>
      ) : (
        <>
          <Link href={`/bonds?deposit=${encodeURIComponent(topUp)}`} className="font-semibold underline">
            Deposit {topUp} CAP on the Bonds page
          </Link>{" "}
          and come back: what you typed here is kept.
        </>
      )}
    </p>
  );
}
