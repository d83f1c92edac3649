"use client";

import Link from "next/link";
import { useCallback, useEffect, useState, type FormEvent } from "react";
import { formatEther } from "viem";
import { parseCapAmount } from "@/components/ui/cap-amount";
import { roleRegistryAbi } from "@/lib/chain/abi";
import { CAPSULE_CHAIN_ID } from "@/lib/chain/chain";
import { bondRequired, lockFor, ROLE } from "@/lib/roles/role-catalog";
import type { TRoleAssignment } from "@/features/roles/roles.schema";
import { describeWalletError } from "@/lib/wallet/wallet-error";
import { useBond, useWalletBalance, type BondReading } from "@/components/bonds/use-bonds";
import { useWalletRoles } from "@/components/roles/use-roles";
import { useChangeRole } from "@/components/roles/use-roles";
import { useSession } from "@/components/wallet/use-session";
import { useOutlet } from "@/components/outlet-query/outlet-query";
import { Card } from "@/components/ui/card";
import { ErrorNotice } from "@/components/ui/error-notice";
import { Loading, Skeleton } from "@/components/ui/skeleton";
import { formatCap } from "@/components/ui/capsule-format";
import { useFocusOnMessage } from "@/components/ui/focus-on-message";
import { walletCap } from "./bond-format";
import { primaryButton, smallButton, TextField } from "@/components/ui/field";
import { useBondTransaction, type TxState } from "./bond-transaction";
import { LockRule } from "./lock-rule";

const cap = (amount: bigint) => formatCap(amount);

/** Wei, or the sentence to show (a decimal comma counts as a point: components/ui/cap-amount.ts). */
function parseAmount(text: string): bigint | string {
  const parsed = parseCapAmount(text, { example: "250 or 12.5" });
  return parsed.error ?? parsed.wei;
}

/** What a role still needs: nothing, more bond on chain, or activation by the bridge. */
function roleNeed(role: TRoleAssignment, bond: BondReading) {
  const required = bondRequired(role.roleId);
  const missing = bond.bonded >= required ? 0n : required - bond.bonded;
  return { required, missing, ready: role.bonded && missing === 0n, activatable: !role.bonded && missing === 0n };
}

// /bonds — the connected wallet's bond in RoleRegistry, its roles and what each needs, deposit,
// withdraw, and the activation of a role recorded unbonded (the outlet owner's Editor role).
export function BondPanel() {
  const { wallet, status } = useSession();
  const bond = useBond(wallet);
  const balance = useWalletBalance(wallet);
  const roles = useWalletRoles(wallet);
  const { refetch: refetchBond } = bond;
  const { refetch: refetchBalance } = balance;
  // a deposit or withdrawal moves CAP between the wallet and the bond: both are read again
  const afterTransaction = useCallback(async () => {
    await Promise.all([refetchBond(), refetchBalance()]);
  }, [refetchBond, refetchBalance]);
  const [depositAmount, setDepositAmount] = useState("");
  // what an activation changed, kept here: the activated role may come back as a new assignment (a new row)
  const [activated, setActivated] = useState<{ role: string; text: string } | undefined>();
  // "Deposit n CAP" (a role row, the shortfall line, or a link from another page: /bonds?deposit=n)
  // fills the form and takes the person to it, focused, instead of leaving it below the fold
  const [depositAsked, setDepositAsked] = useState(0);
  // what the asked amount is for, said at the form beside the filled amount: the click visibly did something there
  const [depositFor, setDepositFor] = useState<string | undefined>();
  const askDeposit = useCallback((amount: string, forWhat?: string) => {
    setDepositAmount(amount);
    setDepositFor(forWhat);
    setDepositAsked((n) => n + 1);
  }, []);
  // the amount typed (or emptied after the deposit): no longer what a button filled in
  const typeDeposit = useCallback((value: string) => {
    setDepositAmount(value);
    setDepositFor(undefined);
  }, []);
  useEffect(() => {
    const asked = new URLSearchParams(window.location.search).get("deposit");
    if (asked && parseCapAmount(asked).error === undefined) askDeposit(asked);
  }, [askDeposit]);

  if (!wallet) {
    return (
      <div className="space-y-3">
        <h1 className="font-serif text-3xl font-bold tracking-tight">Bonds</h1>
        <p className="text-stone-600">Connect your wallet from the page header to see your bond in the role registry, what your roles require, and to deposit or withdraw.</p>
      </div>
    );
  }
  const items = roles.data?.items ?? [];
  const lock = lockFor(items.filter((r) => r.bonded).map((r) => r.roleId));
  return (
    <div className="space-y-6">
      <div>
        <h1 className="font-serif text-3xl font-bold tracking-tight">Bonds</h1>
        <p className="mt-2 max-w-2xl text-stone-600">
          Roles at an outlet are backed by a bond: CAP you deposit, held on chain while you hold the roles. A bond can be slashed by the integrity court; the unlocked part can be withdrawn at any time.
        </p>
      </div>
      {bond.isError ? <ErrorNotice title="Your bond could not be read from the chain" error={bond.error} onRetry={() => void bond.refetch()} /> : null}
      {bond.data && bond.data.bonded < bond.data.locked ? (
        <div role="status" className="flex flex-wrap items-center gap-3 rounded-md border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950" data-testid="bond-shortfall">
          <p>
            Your bond of {cap(bond.data.bonded)} is {cap(bond.data.locked - bond.data.bonded)} short of the {cap(bond.data.locked)} your roles lock (a court penalty takes from
            the bond). Until you top it up, actions that need those roles are refused.
          </p>
          <button type="button" className={smallButton} onClick={() => askDeposit(formatEther((bond.data?.locked ?? 0n) - (bond.data?.bonded ?? 0n)), "the shortfall of your bond")}>
            Deposit {cap(bond.data.locked - bond.data.bonded)}
          </button>
        </div>
      ) : null}
      <Card title="Your bond">
        {!bond.data && bond.isError ? (
          <p className="text-sm text-stone-700" data-testid="bond-unread">Your bond is not shown until it can be read: use Try again above.</p>
        ) : !bond.data ? (
          <div className="space-y-2" role="status" aria-busy="true" aria-label="Loading your bond">
            <Skeleton className="block h-6 w-full" />
            <Skeleton className="block h-6 w-2/3" />
          </div>
        ) : (
          <>
            <dl className="grid gap-4 text-sm sm:grid-cols-2 lg:grid-cols-4" data-testid="bond-summary">
              <div>
                <dt className="text-xs uppercase tracking-wide text-stone-500">In your wallet</dt>
                <dd className="text-lg font-semibold tabular-nums [overflow-wrap:anywhere]">
                  <WalletBalance balance={balance} />
                </dd>
              </div>
              <div>
                <dt className="text-xs uppercase tracking-wide text-stone-500">Bonded</dt>
                <dd className="text-lg font-semibold tabular-nums [overflow-wrap:anywhere]" data-testid="bond-bonded">{cap(bond.data.bonded)}</dd>
              </div>
              <div>
                <dt className="text-xs uppercase tracking-wide text-stone-500">Locked</dt>
                <dd className="text-lg font-semibold tabular-nums [overflow-wrap:anywhere]" data-testid="bond-locked">{cap(bond.data.locked)}</dd>
              </div>
              <div>
                <dt className="text-xs uppercase tracking-wide text-stone-500">Unlocked</dt>
                <dd className="text-lg font-semibold tabular-nums [overflow-wrap:anywhere]" data-testid="bond-unlocked">{cap(bond.data.unlocked)}</dd>
              </div>
            </dl>
            <LockRule withoutRoles={roles.data !== undefined && items.length === 0 && bond.data.locked === 0n} lock={lock} />
          </>
        )}
      </Card>
      <Card title="Your roles">
        {roles.isError ? <ErrorNotice title="Your roles could not be loaded" error={roles.error} onRetry={() => void roles.refetch()} /> : null}
        {!roles.data || !bond.data ? (
          roles.isError ? null : !bond.data && bond.isError ? (
            <p className="text-sm text-stone-700">Your roles are shown with your bond, once it can be read.</p>
          ) : (
            <Loading label="Loading your roles" />
          )
        ) : items.length === 0 ? (
          <p className="text-sm text-stone-600" data-testid="no-roles">
            This wallet holds no role yet. An outlet&apos;s owner or Editor grants roles; the wallet must hold the role&apos;s bond first.
          </p>
        ) : (
          <ul className="divide-y divide-stone-100" data-testid="bond-roles">
            {items.map((role) => (
              <RoleRow
                key={role.assignmentId}
                role={role}
                bond={bond.data as BondReading}
                signedIn={status === "signed-in"}
                onDeposit={(amount) => askDeposit(formatEther(amount), `the ${role.name} role at ${role.outletName}`)}
                onActivated={bond.refetch}
                activated={activated?.role === `${role.outletSlug}:${role.roleId}` ? activated.text : undefined}
                onActivatedSay={(text) => setActivated({ role: `${role.outletSlug}:${role.roleId}`, text })}
              />
            ))}
          </ul>
        )}
      </Card>
      {bond.data ? (
        <div className="grid gap-6 lg:grid-cols-2">
          <DepositForm bond={bond.data} balance={balance} amount={depositAmount} setAmount={typeDeposit} filledFor={depositFor} onConfirmed={afterTransaction} focusSignal={depositAsked} doneWith={activated?.text} />
          <WithdrawForm bond={bond.data} onConfirmed={afterTransaction} />
        </div>
      ) : null}
    </div>
  );
}

function RoleRow(props: {
  role: TRoleAssignment;
  bond: BondReading;
  signedIn: boolean;
  onDeposit: (amount: bigint) => void;
  onActivated: () => Promise<void>;
  activated: string | undefined;
  onActivatedSay: (text: string) => void;
}) {
  const { role, bond } = props;
  const need = roleNeed(role, bond);
  const grant = useChangeRole(role.outletSlug, "grant");
  // the bridge activates a role only at an active outlet: a new outlet's owner who deposited before verifying the
  // domain is sent to the outlet's page first, not offered an Activate that is refused (the outlet page's own read)
  const outlet = useOutlet(role.outletSlug, { enabled: need.activatable });
  const outletPending = outlet.data?.outlet.status === "pending";
  const [error, setError] = useState<string | undefined>();
  // the Activate button goes away with the activation, and the focus with it: what changed, and where to go on, is said
  // where the focus lands
  const activated = props.activated;
  const activatedBox = useFocusOnMessage<HTMLParagraphElement>(activated);
  const activate = async () => {
    setError(undefined);
    try {
      await grant.mutateAsync({ wallet: role.wallet, roleId: role.roleId });
      await props.onActivated();
      props.onActivatedSay(`Activated: your bond of ${cap(need.required)} is locked for this role${role.roleId === ROLE.EDITOR ? ", and you vote on the outlet's capsules from now on" : ""}.`);
    } catch (cause) {
      setError(describeWalletError(cause, "activate the role"));
    }
  };
  return (
    <li className="space-y-2 py-3" data-testid="bond-role" data-role={role.name} data-outlet={role.outletSlug} data-bonded={need.ready ? "true" : "false"}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="min-w-0 [overflow-wrap:anywhere]">
          <span className="font-semibold">{role.name}</span> at{" "}
          <Link href={`/outlets/${role.outletSlug}`} className="text-accent underline">
            {role.outletName}
          </Link>
        </p>
        <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${need.ready ? "bg-emerald-100 text-emerald-900" : "bg-amber-100 text-amber-950"}`} data-testid="bond-role-status">
          {need.ready ? "Bonded" : "Not bonded"}
        </span>
      </div>
      <p className="text-sm text-stone-600">Requires a bond of {cap(need.required)}.</p>
      {need.missing > 0n ? (
        <div className="flex flex-wrap items-center gap-3" data-testid="bond-role-missing">
          <p className="text-sm text-amber-950">
            {role.bonded ? "Your bond fell below this role's requirement" : "This role is not active yet"}: deposit {cap(need.missing)} more{role.bonded ? "." : ", then activate it."}
          </p>
          <button type="button" className={smallButton} onClick={() => props.onDeposit(need.missing)}>
            Deposit {cap(need.missing)}
          </button>
        </div>
      ) : null}
      {need.activatable && outletPending ? (
        <p className="text-sm text-stone-700" data-testid="bond-role-outlet-pending">
          Your bond now covers this role. {role.outletName} is not active yet: verify its domain on{" "}
          <Link href={`/outlets/${role.outletSlug}`} className="text-accent underline">
            the outlet’s page
          </Link>{" "}
          first, then activate the role here.
        </p>
      ) : need.activatable ? (
        <div className="flex flex-wrap items-center gap-3">
          <p className="text-sm text-stone-700">Your bond now covers this role. Activating it asks the bridge to lock the bond{role.roleId === 3 ? " and let you vote on the outlet's capsules" : ""}.</p>
          <button type="button" className={primaryButton} disabled={!props.signedIn || grant.isPending} onClick={() => void activate()}>
            {grant.isPending ? "Activating…" : "Activate"}
          </button>
          {!props.signedIn ? <p className="text-sm text-stone-600">Sign in with your wallet to activate it.</p> : null}
        </div>
      ) : null}
      {activated ? (
        <p ref={activatedBox} tabIndex={-1} role="status" className="text-sm text-emerald-800 [overflow-wrap:anywhere]" data-testid="bond-role-activated">
          {activated}{" "}
          <Link href={`/outlets/${role.outletSlug}`} className="text-accent underline">
            Back to {role.outletName}
          </Link>
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="text-sm text-red-800 [overflow-wrap:anywhere]">
          {error}
        </p>
      ) : null}
    </li>
  );
}

const stateText: Record<TxState, string> = {
  idle: "",
  signature: "Confirm the transaction in your wallet…",
  pending: "Transaction sent; waiting for it to be mined…",
  confirmed: "Confirmed on chain.",
  failed: "",
};

function TxStatus(props: { state: TxState; hash?: string; error?: string; testId: string }) {
  const errorBox = useFocusOnMessage<HTMLParagraphElement>(props.error);
  // the form's button is disabled while the transaction runs, which drops the focus: its confirmation takes it
  const confirmedBox = useFocusOnMessage<HTMLParagraphElement>(props.state === "confirmed" ? props.hash ?? "confirmed" : undefined);
  return (
    <>
      {props.state !== "idle" && props.state !== "failed" ? (
        <p ref={confirmedBox} tabIndex={-1} role="status" className={`text-sm ${props.state === "confirmed" ? "text-emerald-800" : "text-stone-700"}`} data-testid={`${props.testId}-status`} data-state={props.state}>
          {stateText[props.state]}
          {props.hash ? <span className="mt-1 block break-all font-mono text-xs text-stone-500">{props.hash}</span> : null}
        </p>
      ) : null}
      {props.error ? (
        <p ref={errorBox} tabIndex={-1} role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900 [overflow-wrap:anywhere]" data-testid={`${props.testId}-error`}>
          {props.error}
        </p>
      ) : null}
    </>
  );
}

type BalanceReading = ReturnType<typeof useWalletBalance>;

/** The wallet's CAP: a placeholder while it is read, the amount, or a short failure with a retry. */
function WalletBalance({ balance, inline = false }: { balance: BalanceReading; inline?: boolean }) {
  if (balance.value !== undefined) {
    return (
      <span data-testid={inline ? undefined : "wallet-balance"} title={cap(balance.value)}>
        {walletCap(balance.value)}
      </span>
    );
  }
  if (balance.isError) {
    return (
      <span className="text-sm font-normal text-red-800" data-testid={inline ? undefined : "wallet-balance-error"}>
        could not be read{" "}
        <button type="button" className="inline-flex min-h-11 items-center underline" onClick={() => void balance.refetch()}>
          Read again
        </button>
      </span>
    );
  }
  return (
    <span role="status" aria-busy="true" aria-label="Reading your wallet's balance">
      <Skeleton className={`inline-block h-6 ${inline ? "w-16 align-middle" : "w-32"}`} />
    </span>
  );
}

function DepositForm(props: {
  bond: BondReading;
  balance: BalanceReading;
  amount: string;
  setAmount: (value: string) => void;
  onConfirmed: () => Promise<void>;
  focusSignal: number;
  /** What a "Deposit n CAP" button filled the amount for (a role, the shortfall), said under the field until it is edited. */
  filledFor: string | undefined;
  /** What an activation said: the deposit it used is done with, so its "Confirmed on chain." gives way to the role's activated state. */
  doneWith: string | undefined;
}) {
  const { onConfirmed, setAmount, focusSignal, doneWith } = props;
  useEffect(() => {
    if (focusSignal === 0) return;
    const input = document.getElementById("deposit-amount");
    input?.scrollIntoView({ block: "center" });
    input?.focus({ preventScroll: true });
  }, [focusSignal]);
  const tx = useBondTransaction(
    useCallback(async () => {
      setAmount("");
      await onConfirmed();
    }, [onConfirmed, setAmount]),
  );
  const { reset, state: txState } = tx;
  useEffect(() => {
    if (doneWith !== undefined && txState === "confirmed") reset();
    // only an activation (a new doneWith) clears the confirmation, not the confirmation's own arrival
  }, [doneWith]);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const amount = parseAmount(props.amount);
    if (typeof amount === "string") return setFieldError(amount);
    if (props.balance.value !== undefined && amount > props.balance.value) return setFieldError(`Your wallet holds ${walletCap(props.balance.value)}: deposit at most that, less the transaction fee.`);
    setFieldError(undefined);
    void tx.send("deposit the bond", (write) => write({ address: props.bond.registry, abi: roleRegistryAbi, functionName: "deposit", value: amount, chainId: CAPSULE_CHAIN_ID }));
  };
  return (
    <Card title="Deposit">
      <form onSubmit={submit} noValidate className="space-y-3" aria-label="Deposit into your bond">
        <TextField id="deposit-amount" label="Amount (CAP)" inputMode="decimal" autoComplete="off" value={props.amount} error={fieldError} onChange={(e) => props.setAmount(e.target.value)} hint="Sent from your wallet and added to your bond." />
        {props.filledFor && props.amount && !tx.busy && tx.state !== "confirmed" ? (
          <p className="text-sm font-medium text-stone-900 [overflow-wrap:anywhere]" data-testid="deposit-filled-for">
            Filled in: {props.amount} CAP for {props.filledFor}. Press Deposit to send it from your wallet.
          </p>
        ) : null}
        <p className="text-sm text-stone-700" data-testid="deposit-balances">
          In your wallet: <span className="font-semibold tabular-nums"><WalletBalance balance={props.balance} inline /></span>. Bonded now: <span className="font-semibold tabular-nums">{cap(props.bond.bonded)}</span>.
        </p>
        <button type="submit" className={primaryButton} disabled={tx.busy}>
          {tx.busy ? "Depositing…" : "Deposit"}
        </button>
        <TxStatus state={tx.state} hash={tx.hash} error={tx.error} testId="deposit" />
      </form>
    </Card>
  );
}

function WithdrawForm(props: { bond: BondReading; onConfirmed: () => Promise<void> }) {
  const { onConfirmed } = props;
  const [amountText, setAmountText] = useState("");
  const tx = useBondTransaction(
    useCallback(async () => {
      setAmountText("");
      await onConfirmed();
    }, [onConfirmed]),
  );
  const [fieldError, setFieldError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const amount = parseAmount(amountText);
    if (typeof amount === "string") return setFieldError(amount);
    if (amount > props.bond.unlocked) return setFieldError(`You can withdraw at most ${cap(props.bond.unlocked)}, the unlocked part of your bond.`);
    setFieldError(undefined);
    void tx.send("withdraw from the bond", (write) => write({ address: props.bond.registry, abi: roleRegistryAbi, functionName: "withdraw", args: [amount], chainId: CAPSULE_CHAIN_ID }));
  };
  return (
    <Card title="Withdraw">
      <form onSubmit={submit} noValidate className="space-y-3" aria-label="Withdraw from your bond">
        <TextField id="withdraw-amount" label="Amount (CAP)" inputMode="decimal" autoComplete="off" value={amountText} error={fieldError} onChange={(e) => setAmountText(e.target.value)} hint={`Up to ${cap(props.bond.unlocked)} (unlocked). The locked ${cap(props.bond.locked)} stays while your roles need it.`} />
        <button type="submit" className={primaryButton} disabled={tx.busy || props.bond.unlocked === 0n}>
          {tx.busy ? "Withdrawing…" : "Withdraw"}
        </button>
        <TxStatus state={tx.state} hash={tx.hash} error={tx.error} testId="withdraw" />
      </form>
    </Card>
  );
}
