"use client";

import { useEffect, useState } from "react";
import { useConfig, useWriteContract } from "wagmi";
import { simulateContract, waitForTransactionReceipt } from "wagmi/actions";
import { parseEventLogs, type Address } from "viem";
import { burnPoolAbi } from "@/lib/chain/abi";
import { CAPSULE_CHAIN_ID } from "@/lib/chain/chain";
import { describeWalletError } from "@/lib/wallet/wallet-error";
import { burnSchedule, describeWait } from "@/features/burn/burn-due";
import { chainNow } from "@/features/capsules/countdown";
import type { TBurnStatus } from "@/components/burn/use-burn";
import { useSession } from "@/components/wallet/use-session";
import { formatCap, formatTime } from "@/components/ui/capsule-format";
import { primaryButton } from "@/components/ui/field";
import { BurnProgress, NotDuePanel, type BurnPhase } from "@/components/burn/burn-progress";

/** BurnPool's refusal in words; the wallet's own text otherwise. */
export function describeBurnError(error: unknown, nextBurnDate: string): string {
  const text = describeWalletError(error, "trigger the burn");
  if (/BurnNotDue/.test(text)) return `The burn is not due yet: the burn pool contract accepts it from ${formatTime(nextBurnDate)}. Nothing was burned.`;
  if (/insufficient funds|exceeds the balance/i.test(text)) return "Your wallet does not hold enough CAP for the transaction fee. Nothing was burned.";
  return text;
}

/**
 * Whether the scheduled burn may be triggered now (chain time has reached the next burn date), and the
 * button that does it: BurnPool.burn(), a public call signed by the visitor's wallet (the bridge never burns).
 */
export function BurnTrigger({ status, observedAtMs, onBurned }: { status: TBurnStatus; observedAtMs: number; onBurned: () => Promise<unknown> }) {
  const session = useSession();
  const config = useConfig();
  const { mutateAsync: writeContract } = useWriteContract();
  const [phase, setPhase] = useState<BurnPhase>({ step: "idle" });
  const [nowMs, setNowMs] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNowMs(Date.now()), 5_000);
    return () => clearInterval(timer);
  }, []);

  const nextBurnAt = Number(status.nextBurnDate);
  const now = chainNow(status.chainTime ? Number(status.chainTime) : undefined, observedAtMs, nowMs);
  const schedule = status.due ? ({ due: true, overdueSeconds: 0 } as const) : burnSchedule(nextBurnAt, now);
  const connected = Boolean(session.wallet) && (session.status === "connected" || session.status === "signing-in" || session.status === "signed-in");
  const busy = phase.step === "checking" || phase.step === "wallet" || phase.step === "mining";

  async function burn() {
    const pool = status.burnPool as Address;
    try {
      setPhase({ step: "checking" });
      // a burn someone else sent a moment ago, or a clock that ran ahead, is refused here in words, before the wallet asks
      await simulateContract(config, { address: pool, abi: burnPoolAbi, functionName: "burn", account: session.wallet, chainId: CAPSULE_CHAIN_ID });
      setPhase({ step: "wallet" });
      const hash = await writeContract({ address: pool, abi: burnPoolAbi, functionName: "burn", chainId: CAPSULE_CHAIN_ID });
      setPhase({ step: "mining", hash });
      const receipt = await waitForTransactionReceipt(config, { hash, chainId: CAPSULE_CHAIN_ID, pollingInterval: 1_000 });
      if (receipt.status !== "success") {
        setPhase({ step: "failed", message: "The burn transaction was reverted on chain. Nothing was burned; reload the page to see whether someone else burned the pool first." });
        return;
      }
      const burned = parseEventLogs({ abi: burnPoolAbi, eventName: "Burned", logs: receipt.logs })[0];
      setPhase({ step: "done", hash, amount: burned?.args.amount ?? 0n, nextAt: burned?.args.nextBurnAt ?? 0n });
      await onBurned();
    } catch (cause) {
      setPhase({ step: "failed", message: describeBurnError(cause, status.nextBurnDate) });
    }
  }

  if (phase.step === "done") {
    return (
      <section className="rounded-lg border border-emerald-200 bg-emerald-50 p-5 text-sm text-emerald-950" aria-label="Burn" data-testid="burn-due" data-due="false">
        <p role="status" className="font-semibold" data-testid="burn-done">
          Burned {formatCap(phase.amount)}: the pool’s whole balance went to the burn address. The next burn is due on {formatTime(String(phase.nextAt))}.
        </p>
        <p className="mt-1 break-all font-mono text-xs" data-testid="burn-tx">
          Transaction {phase.hash}
        </p>
      </section>
    );
  }

  if (!schedule.due) return <NotDuePanel nextBurnAt={nextBurnAt} inSeconds={schedule.inSeconds} phase={phase} />;

  return (
    <section className="space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-5 text-sm text-amber-950" aria-label="Burn" data-testid="burn-due" data-due="true">
      <p className="font-semibold" data-testid="burn-due-text">
        A burn is due now. The next burn date ({formatTime(nextBurnAt)}) has passed, so anyone may trigger the burn: the pool’s {formatCap(status.poolSize)} go to the burn
        address and the next burn is scheduled {status.burnIntervalSeconds ? `${describeWait(Number(status.burnIntervalSeconds))} later` : "one interval later"}.
      </p>
      {connected ? (
        <button type="button" className={`${primaryButton} min-h-11`} disabled={busy} onClick={() => void burn()}>
          {busy ? "Burning…" : `Burn the pool now (${formatCap(status.poolSize)})`}
        </button>
      ) : (
        <p data-testid="burn-connect">Connect a wallet (page header) to trigger the burn. Your wallet pays only the transaction fee; the contract sends nothing to you.</p>
      )}
      <BurnProgress phase={phase} />
    </section>
  );
}
