"use client";

import { useState, type FormEvent } from "react";
import { useConfig, useWriteContract } from "wagmi";
import { waitForTransactionReceipt } from "wagmi/actions";
import type { Address, Hex } from "viem";
import type { TListing } from "@/features/rights/rights.schema";
import { licenceEscrowAbi } from "@/lib/chain/abi";
import { ApiError } from "@/lib/api/api-client";
import { CAPSULE_CHAIN_ID } from "@/lib/chain/chain";
import { describeWalletError } from "@/lib/wallet/wallet-error";
import { displayAddress, shortAddress } from "@/lib/wallet/short-address";
import type { useTakeLicence } from "@/components/rights/use-rights";
import { useSession } from "@/components/wallet/use-session";
import { useContractsSummary } from "@/components/network/use-system";
import { formatCap, formatUtcMoment } from "@/components/ui/capsule-format";
import { smallButton } from "@/components/ui/field";

type Phase = "idle" | "wallet" | "mining" | "recording" | "confirming" | "failed";
const payButton = "rounded-md bg-ink px-3 py-1.5 text-sm font-semibold text-white hover:bg-stone-800 disabled:opacity-50";
const TX_HASH = /^0x[0-9a-fA-F]{64}$/;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const steps: Array<{ phase: Phase; doing: string; done: string }> = [
  { phase: "wallet", doing: "Confirm the deposit into the licence escrow in your wallet…", done: "You confirmed the deposit" },
  { phase: "mining", doing: "Deposit sent; waiting for it to be mined…", done: "Deposit mined: the escrow holds your payment" },
  { phase: "recording", doing: "The bridge checks the deposit on the chain, records the licence and releases the payment…", done: "Licence recorded" },
];
const order: Phase[] = ["idle", "wallet", "mining", "recording"];

// Taking a licence: a free listing is taken at once; a priced one is deposited from the wallet into
// LicenceEscrow for the listing, the page waits for the receipt, then the bridge checks the deposit on
// the chain, records the licence and releases the payment (or refunds it: lost race, refused).
export function TakeLicence({ listing, take }: { listing: TListing; take: ReturnType<typeof useTakeLicence> }) {
  const { status } = useSession();
  const config = useConfig();
  const { mutateAsync: writeContract } = useWriteContract();
  const contracts = useContractsSummary();
  const escrow = contracts.data?.contracts.licenceEscrow?.address as Address | undefined;
  const [open, setOpen] = useState(false);
  const [phase, setPhase] = useState<Phase>("idle");
  const [reached, setReached] = useState<Phase>("idle");
  const [hash, setHash] = useState<Hex | undefined>();
  // a payment this page sent and saw mined: if recording fails, it is retried, never paid twice
  const [sentHere, setSentHere] = useState(false);
  // the bridge sent the deposit back (lost race, refused): nothing to record with it any more
  const [refunded, setRefunded] = useState(false);
  // how this attempt pays: through the wallet here, or with the hash of a payment made elsewhere
  const [via, setVia] = useState<"wallet" | "hash">("wallet");
  const [error, setError] = useState<string | undefined>();
  const [paidHash, setPaidHash] = useState("");
  const free = BigInt(listing.price) === 0n;
  const inputId = `paid-${listing.listingId}`;

  if (status !== "signed-in") return <p className="text-xs text-stone-500">Sign in with your wallet to take a licence.</p>;
  if (!open) {
    return (
      <button type="button" className={smallButton} onClick={() => setOpen(true)}>
        Take a licence
      </button>
    );
  }

  const move = (next: Phase) => {
    setPhase(next);
    if (order.includes(next)) setReached(next);
  };

  // The bridge may require more confirmations than one receipt: it says so, and the page asks again.
  async function record(txHash: Hex | undefined) {
    setError(undefined);
    move("recording");
    for (let attempt = 0; ; attempt++) {
      try {
        await take.mutateAsync({ listingId: listing.listingId, ...(txHash ? { paymentTxHash: txHash } : {}) });
        return;
      } catch (cause) {
        const waiting = cause instanceof ApiError && cause.code === "PAYMENT_INVALID" && /confirmations this server requires/.test(cause.message);
        if (waiting && attempt < 40) {
          setPhase("confirming");
          await sleep(3_000);
          continue;
        }
        setPhase("failed");
        setRefunded(cause instanceof ApiError && typeof cause.details.refund === "object" && cause.details.refund !== null);
        setError(cause instanceof ApiError ? cause.message : describeWalletError(cause, "record the licence"));
        return;
      }
    }
  }

  async function payAndRecord() {
    setError(undefined);
    setHash(undefined);
    setSentHere(false);
    setRefunded(false);
    setVia("wallet");
    if (!escrow) {
      setPhase("failed");
      setError("The licence escrow's address could not be loaded; reload the page and try again. Nothing was paid.");
      return;
    }
    let tx: Hex;
    try {
      move("wallet");
      tx = await writeContract({
        address: escrow,
        abi: licenceEscrowAbi,
        functionName: "deposit",
        args: [BigInt(listing.listingId), listing.payee as Address],
        value: BigInt(listing.price),
        chainId: CAPSULE_CHAIN_ID,
      });
      setHash(tx);
      move("mining");
      const receipt = await waitForTransactionReceipt(config, { hash: tx, chainId: CAPSULE_CHAIN_ID, pollingInterval: 1_000 });
      if (receipt.status !== "success") {
        setPhase("failed");
        setError("The deposit was reverted on chain, so nothing was paid. Try again.");
        return;
      }
      setSentHere(true);
    } catch (cause) {
      setPhase("failed");
      setError(describeWalletError(cause, "deposit the payment"));
      return;
    }
    await record(tx);
  }

  const onPaid = (event: FormEvent) => {
    event.preventDefault();
    const value = paidHash.trim();
    if (!TX_HASH.test(value)) {
      setError("A transaction hash is 0x followed by 64 hex digits.");
      return;
    }
    setHash(value as Hex);
    setSentHere(false);
    setRefunded(false);
    setVia("hash");
    void record(value as Hex);
  };

  const busy = phase === "wallet" || phase === "mining" || phase === "recording" || phase === "confirming";
  const paid = sentHere && hash !== undefined && !refunded;
  return (
    <div className="space-y-3 rounded-md border border-stone-200 p-3" data-testid="take-licence">
      {free ? (
        <p className="text-sm text-stone-700">This licence is free: it is recorded for your wallet at once.</p>
      ) : (
        <p className="text-sm text-stone-700">
          The licence costs <strong data-testid="licence-amount">{formatCap(listing.price)}</strong>, deposited from your wallet into the licence
          escrow. When the bridge has checked the deposit on the chain and recorded the licence, the escrow releases it to{" "}
          <span className="font-mono" title={displayAddress(listing.payee)}>
            {shortAddress(listing.payee)}
          </span>{" "}
          (the listing’s payee) and the article’s contributors by their shares. If the licence is refused
          {listing.licenceType === "exclusive" ? ", or another buyer’s licence of this exclusive listing is recorded first" : ""}, the escrow
          refunds your deposit automatically.
        </p>
      )}
      {listing.expiresAt ? (
        <p className="text-sm text-stone-700" data-testid="licence-offer-ends">
          This offer ends {formatUtcMoment(listing.expiresAt)}.
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {free ? (
          <button type="button" className={payButton} disabled={busy} onClick={() => void record(undefined)}>
            {busy ? "Recording the licence…" : "Take the free licence"}
          </button>
        ) : paid && phase === "failed" && hash ? (
          <button type="button" className={payButton} onClick={() => void record(hash)}>
            Record the licence again (no new deposit)
          </button>
        ) : (
          <button type="button" className={payButton} disabled={busy || !escrow} onClick={() => void payAndRecord()}>
            {busy ? "Paying…" : `Deposit ${formatCap(listing.price)} and take the licence`}
          </button>
        )}
        <button type="button" className={smallButton} disabled={busy} onClick={() => setOpen(false)}>
          Cancel
        </button>
      </div>
      {!free && phase !== "idle" ? (
        <ol className="space-y-1 text-sm" aria-label="Licence progress" data-testid="licence-progress">
          {steps.filter((s) => via === "wallet" || s.phase === "recording").map(({ phase: p, doing, done: doneText }) => {
            const done = order.indexOf(reached) > order.indexOf(p);
            const current = reached === p && !done;
            const stopped = current && phase === "failed";
            const text = stopped ? `Stopped: ${doing.replace(/…$/, "")}` : done ? doneText : p === "recording" && phase === "confirming" ? "Waiting for more confirmations of the payment…" : doing;
            return (
              <li key={p} className={stopped ? "font-semibold text-red-800" : done ? "text-emerald-800" : current ? "font-semibold text-ink" : "text-stone-400"} aria-current={current ? "step" : undefined}>
                <span aria-hidden="true">{stopped ? "✖" : done ? "✓" : current ? "…" : "○"}</span> {text}
                {p === "mining" && hash ? (
                  <span className="ml-2 block break-all font-mono text-xs text-stone-600" data-testid="licence-payment-tx">
                    {hash}
                  </span>
                ) : null}
              </li>
            );
          })}
        </ol>
      ) : null}
      {error ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-2 text-sm text-red-900 [overflow-wrap:anywhere]" data-testid="licence-error">
          {error}
          {paid ? ` Your deposit ${hash} is held by the escrow: do not pay again; record the licence with it.` : ""}
        </p>
      ) : null}
      {!free ? (
        <details className="text-sm">
          <summary className="cursor-pointer text-stone-600">Already deposited from this wallet? Record the licence with the deposit’s transaction hash</summary>
          <form onSubmit={onPaid} className="mt-2 flex flex-wrap items-end gap-2" aria-label={`Record a paid licence on listing ${listing.listingId}`} noValidate>
            <label htmlFor={inputId} className="block w-full text-xs font-medium text-stone-700">
              Deposit transaction hash
            </label>
            <input
              id={inputId}
              value={paidHash}
              onChange={(event) => setPaidHash(event.target.value)}
              placeholder="0x…"
              className="min-w-0 flex-1 rounded-md border border-stone-300 bg-white px-3 py-1.5 font-mono text-xs text-ink"
            />
            <button type="submit" className={smallButton} disabled={busy}>
              Record licence
            </button>
          </form>
        </details>
      ) : null}
    </div>
  );
}
