"use client";

import { useState } from "react";
import { usePublicClient, useReadContracts, useWriteContract } from "wagmi";
import type { Address } from "viem";
import { juryCourtAbi } from "@/lib/chain/abi";
import { CAPSULE_CHAIN_ID } from "@/lib/chain/chain";
import type { TCourtCase } from "@/features/court/court.schema";
import { contributionPayout } from "@/lib/chain/jury-payout";
import { describeAppealError } from "@/features/court/jury-court-error";
import { useJuryCourtAddress } from "@/components/court/use-jury";
import { useSession } from "@/components/wallet/use-session";
import { Card } from "@/components/ui/card";
import { formatCap } from "@/components/ui/capsule-format";
import { primaryButton } from "@/components/ui/field";
import { AlertLine, StatusLine } from "@/components/ui/form-message";

// Once a jury case is final, what the signed-in wallet can take back from JuryCourt (issue 28 item 5):
// each round's appeal contribution (withdrawContribution: all of it when that appeal opened no round,
// else the prevailing side's share of what was raised beyond the round's cost), and its balance there
// (withdraw: juror fees, refunds, what was sent above a side's need). Read from the chain, not the bridge.

const MAX_ROUNDS = 3;

export function AppealRefunds({ item }: { item: TCourtCase }) {
  const { wallet, status } = useSession();
  const court = useJuryCourtAddress();
  const publicClient = usePublicClient({ chainId: CAPSULE_CHAIN_ID });
  const { mutateAsync: writeContract } = useWriteContract();
  const [busy, setBusy] = useState<string | undefined>();
  const [error, setError] = useState<string | undefined>();
  const [done, setDone] = useState<string | undefined>();
  const enabled = Boolean(court && wallet && item.juryCaseId && item.period === "final");
  const caseId = item.juryCaseId ? BigInt(item.juryCaseId) : 0n;
  const me = (wallet ?? "0x0000000000000000000000000000000000000000") as Address;
  const rounds = Array.from({ length: MAX_ROUNDS - 1 }, (_, r) => r);
  const contribution = (r: number) => ({ address: court!, abi: juryCourtAbi, functionName: "contributionOf", args: [caseId, BigInt(r), me], chainId: CAPSULE_CHAIN_ID }) as const;
  const appeal = (r: number) => ({ address: court!, abi: juryCourtAbi, functionName: "appealOf", args: [caseId, BigInt(r)], chainId: CAPSULE_CHAIN_ID }) as const;
  // an appeal follows round 1 or round 2 (the third round is the last)
  const reads = useReadContracts({
    contracts: court
      ? [{ address: court, abi: juryCourtAbi, functionName: "balanceOf", args: [me], chainId: CAPSULE_CHAIN_ID } as const, contribution(0), appeal(0), contribution(1), appeal(1)]
      : [],
    allowFailure: false,
    query: { enabled },
  });
  if (!enabled || status !== "signed-in" || !reads.data || !court) return null;
  const [balance, ...rest] = reads.data as unknown as [bigint, ...unknown[]];
  const payouts = rounds
    .map((r) => {
      const given = rest[2 * r] as readonly [bigint, bigint];
      const appeal = rest[2 * r + 1] as readonly [bigint, bigint, bigint, boolean];
      return { round: r, amount: contributionPayout(given, appeal, item.winner) };
    })
    .filter((p) => p.amount > 0n);
  if (balance === 0n && payouts.length === 0 && !done) return null;

  async function send(label: string, request: { functionName: "withdraw"; args?: undefined } | { functionName: "withdrawContribution"; args: readonly [bigint, number, Address] }) {
    if (!publicClient || !court || !wallet) return;
    setError(undefined);
    setDone(undefined);
    const full = { address: court, abi: juryCourtAbi, ...request } as const;
    try {
      setBusy("Checking with the jury court…");
      await publicClient.simulateContract({ ...full, account: wallet as Address });
      setBusy("Confirm in your wallet…");
      const hash = await writeContract({ ...full, chainId: CAPSULE_CHAIN_ID });
      setBusy("Waiting for the transaction…");
      const receipt = await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 1_000 });
      if (receipt.status !== "success") throw new Error("The transaction was mined but reverted; nothing was paid.");
      setDone(`${label}: paid to your wallet.`);
      await reads.refetch();
    } catch (cause) {
      setError(describeAppealError(cause, "withdraw"));
    } finally {
      setBusy(undefined);
    }
  }

  return (
    <Card title="Your money at the jury court">
      <div className="space-y-3 text-sm" data-testid="appeal-refunds">
        {payouts.map((p) => (
          <div key={p.round} className="space-y-1">
            <p>
              Your contribution to the appeal after round {p.round + 1}: {formatCap(p.amount)} to take back.
            </p>
            <button
              type="button"
              className={`${primaryButton} min-h-11`}
              disabled={Boolean(busy)}
              onClick={() => void send(`${formatCap(p.amount)} from round ${p.round + 1}’s appeal`, { functionName: "withdrawContribution", args: [caseId, p.round, wallet as Address] })}
            >
              Withdraw {formatCap(p.amount)}
            </button>
          </div>
        ))}
        {balance > 0n ? (
          <div className="space-y-1">
            <p>Your balance at the jury court (juror fees, refunds, amounts sent above a side’s need): {formatCap(balance)}.</p>
            <button type="button" className={`${primaryButton} min-h-11`} disabled={Boolean(busy)} onClick={() => void send(formatCap(balance), { functionName: "withdraw" })}>
              Withdraw my balance of {formatCap(balance)}
            </button>
          </div>
        ) : null}
        <StatusLine text={busy} className="" />
        <StatusLine text={done} className="text-green-800" testId="appeal-refund-done" />
        <AlertLine text={error} className="text-red-700" />
      </div>
    </Card>
  );
}
