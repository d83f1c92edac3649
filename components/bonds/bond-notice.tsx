"use client";

import Link from "next/link";
import { formatEther } from "viem";
import { bondRequired } from "@/lib/roles/role-catalog";
import { useOutletRoles } from "@/components/roles/use-roles";
import { useSession } from "@/components/wallet/use-session";

// On an outlet page: the connected wallet holds a role here that its bond does not back yet
// (the owner's Editor role right after registration, or a bond slashed below the requirement).
export function BondNotice({ slug }: { slug: string }) {
  const { wallet } = useSession();
  const roles = useOutletRoles(wallet, slug);
  if (!roles.data) return null;
  const bonded = BigInt(roles.data.bond.bonded);
  const lacking = roles.data.roles.filter((role) => !role.bonded || bonded < bondRequired(role.roleId));
  if (lacking.length === 0) return null;
  return (
    <div role="status" className="rounded-md border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950" data-testid="bond-notice">
      <p>
        <strong>{lacking.map((r) => r.name).join(", ")}</strong> at this outlet {lacking.length === 1 ? "is" : "are"} not bonded yet
        {lacking.map((r) => bondRequired(r.roleId)).some((req) => req > bonded) ? ` (your bond is ${formatEther(bonded)} CAP)` : ""}.{" "}
        <Link href="/bonds" className="font-semibold underline">
          Deposit and activate on the Bonds page
        </Link>
      </p>
    </div>
  );
}
