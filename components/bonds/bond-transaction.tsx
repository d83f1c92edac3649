"use client";

import { useEffect, useState } from "react";
import { useWaitForTransactionReceipt, useWriteContract } from "wagmi";
import type { Hex } from "viem";
import { describeWalletError } from "@/lib/wallet/wallet-error";

type WriteContract = ReturnType<typeof useWriteContract>["mutateAsync"];

export type TxState = "idle" | "signature" | "pending" | "confirmed" | "failed";

/** RoleRegistry's custom errors in words (the wallet's own text would show raw amounts). */
export function describeBondError(error: unknown, doing: string): string {
  const text = describeWalletError(error, doing);
  if (text.includes("InsufficientUnlockedBond")) return `Could not ${doing}: that is more than your unlocked bond. Only the unlocked part can be withdrawn.`;
  if (text.includes("ZeroAmount")) return `Could not ${doing}: the amount must be more than 0 CAP.`;
  if (/insufficient funds|exceeds the balance/i.test(text)) return `Could not ${doing}: your wallet does not hold enough CAP for the amount and the transaction fee.`;
  return text.replace(/\b\d{10,}\b/g, "(amount)");
}

/**
 * One wallet transaction followed to its receipt: the wallet's confirmation, the pending
 * transaction, then success (onConfirmed) or a clear error.
 */
export function useBondTransaction(onConfirmed: () => void | Promise<void>) {
  const { mutateAsync: writeContract } = useWriteContract();
  const [state, setState] = useState<TxState>("idle");
  const [hash, setHash] = useState<Hex | undefined>();
  const [error, setError] = useState<string | undefined>();
  const [doing, setDoing] = useState("send the transaction");
  const receipt = useWaitForTransactionReceipt({ hash, pollingInterval: 1_000, query: { enabled: Boolean(hash) } });

  useEffect(() => {
    if (state !== "pending") return;
    if (receipt.data) {
      if (receipt.data.status === "success") {
        setState("confirmed");
        void onConfirmed();
      } else {
        setState("failed");
        setError(`The transaction was reverted on chain, so Capsule could not ${doing}. Nothing was moved.`);
      }
    } else if (receipt.isError) {
      setState("failed");
      setError(describeBondError(receipt.error, doing));
    }
  }, [state, receipt.data, receipt.isError, receipt.error, doing, onConfirmed]);

  async function send(what: string, write: (writeContract: WriteContract) => Promise<Hex>) {
    setDoing(what);
    setError(undefined);
    setHash(undefined);
    setState("signature");
    try {
      const tx = await write(writeContract);
      setHash(tx);
      setState("pending");
    } catch (cause) {
      setState("failed");
      setError(describeBondError(cause, what));
    }
  }

  return { state, hash, error, busy: state === "signature" || state === "pending", send, reset: () => setState("idle") };
}
