"use client";

import Link from "next/link";
import { formatEther } from "viem";
import { bondRequired } from "@/lib/roles/role-catalog";
import { useBond } from "@/components/bonds/use-bonds";
import { useWalletRoles } from "@/components/roles/use-roles";
import { useSession } from "@/components/wallet/use-session";

const cap = (amount: bigint) => `${formatEther(amount)} CAP`;

/**
 * What the wallet's bond lacks for the roles it holds: the larger of the chain's lock and the
 * requirement of its bonded roles, less the bond (a court penalty takes from the bond, not the lock).
 */
export function bondShortfall(bonded: bigint, locked: bigint, bondedRoleIds: number[]): { needed: bigint; missing: bigint } {
  const needed = bondedRoleIds.reduce((max, id) => (bondRequired(id) > max ? bondRequired(id) : max), locked);
  return { needed, missing: needed > bonded ? needed - bonded : 0n };
}

/** The deposit link: the Bonds page opens with the amount filled in and the form focused. */
export const depositHref = (missing: bigint) => `/bonds?deposit=${encodeURIComponent(formatEther(missing))}`;

// Shown where the next step would be refused (inbox, newsroom, submit panel): the exact top-up and a
// link that does it, before anything is signed.
export function BondShortfall(props: { action?: string }) {
  const { wallet } = useSession();
  const bond = useBond(wallet);
  const roles = useWalletRoles(wallet);
  if (!bond.data || !roles.data) return null;
  const held = roles.data.items.filter((role) => role.bonded);
  if (held.length === 0) return null;
  const { needed, missing } = bondShortfall(bond.data.bonded, bond.data.locked, held.map((role) => role.roleId));
  if (missing === 0n) return null;
  return (
    <div role="status" className="flex flex-wrap items-center gap-3 rounded-md border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950" data-testid="bond-shortfall-warning" data-missing={formatEther(missing)}>
      <p className="min-w-0 flex-1 basis-64">
        <strong>Your bond is {cap(missing)} short.</strong> It holds {cap(bond.data.bonded)}; your roles need {cap(needed)} (a court penalty takes from the bond). Until you top it up,{" "}
        {props.action ?? "submitting, voting and the other actions of your roles"} will be refused.
      </p>
      <Link href={depositHref(missing)} className="inline-flex min-h-11 items-center rounded-md bg-ink px-4 py-2 text-sm font-semibold text-white hover:bg-stone-800">
        Deposit {cap(missing)}
      </Link>
    </div>
  );
}
