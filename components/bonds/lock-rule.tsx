import { formatCap } from "@/components/ui/capsule-format";

/**
 * Under the bond's figures: how much of it is locked and why. `withoutRoles`: the wallet holds no role yet and the
 * chain locks nothing of its bond (a first-time journalist); it reads that, not the rule for roles it does not have.
 * While the roles are being read, or when something is locked, the rule is shown.
 */
export function LockRule({ withoutRoles, lock }: { withoutRoles: boolean; lock: bigint }) {
  if (withoutRoles) {
    return (
      <p className="mt-4 text-sm text-stone-600" data-testid="lock-rule">
        You hold no role yet, so nothing is locked: all of your bond can be withdrawn. Once you hold a role, the bond it
        requires stays locked for as long as you hold it.
      </p>
    );
  }
  return (
    <p className="mt-4 text-sm text-stone-600" data-testid="lock-rule">
      The lock rule: while you hold bonded roles, the bridge locks the largest requirement among them (not their sum). Your bonded roles call for {formatCap(lock)} to be locked. Everything above the lock is
      unlocked and can be withdrawn; a role you no longer hold releases its part of the lock when it is revoked, and you can give up a role yourself on its outlet&apos;s page.
    </p>
  );
}
