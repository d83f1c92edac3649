"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useReadContracts } from "wagmi";
import { getAddress, type Address } from "viem";
import { juryCourtAbi } from "@/lib/chain/abi";
import { CAPSULE_CHAIN_ID } from "@/lib/chain/chain";
import { call } from "@/lib/api/client";
import { signedPost } from "@/lib/api/browser-session";
import { courtAdvance } from "@/features/court/advance.endpoint";
import { courtCommit } from "@/features/court/commit.endpoint";
import { courtEvidence } from "@/features/court/evidence.endpoint";
import { courtReveal } from "@/features/court/reveal.endpoint";
import type { TRevealBody } from "@/features/court/jury.schema";
import { courtKeys } from "./use-court";
import { useSession } from "@/components/wallet/use-session";
import { useContractsSummary } from "@/components/network/use-system";

// The jury court's actions on a case (issue 28): each answers the case, which replaces the cached one.

type JuryActionAnswer = { case: { caseId: string }; operatorTx: { status: "mined" | "sent" } | null };

function useJuryAction<B>(caseId: string, run: (session: ReturnType<typeof useSession>["session"], body: B) => Promise<JuryActionAnswer>) {
  const { session } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: B) => run(session, body),
    onSuccess: (answer) => {
      queryClient.setQueryData(courtKeys.detail(caseId), answer);
      void queryClient.invalidateQueries({ queryKey: courtKeys.lists() });
    },
  });
}

export const useAddEvidence = (caseId: string) =>
  useJuryAction<{ uri: string }>(caseId, (session, body) => signedPost(session, courtEvidence, { params: { id: caseId }, body }));
export const useCommitFindings = (caseId: string) =>
  useJuryAction<{ commitment: string; signature: string }>(caseId, (session, body) => signedPost(session, courtCommit, { params: { id: caseId }, body }));
export const useRevealFindings = (caseId: string) =>
  useJuryAction<TRevealBody>(caseId, (session, body) => signedPost(session, courtReveal, { params: { id: caseId }, body }));
export const useAdvanceCase = (caseId: string) =>
  useJuryAction<Record<string, never>>(caseId, (session) => signedPost(session, courtAdvance, { params: { id: caseId } }));

/** The JuryCourt address the bridge deployed (from the contracts summary). */
export function useJuryCourtAddress(): Address | undefined {
  const summary = useContractsSummary();
  const address = summary.data?.contracts.juryCourt?.address;
  return address ? getAddress(address) : undefined;
}

export type JuryFee = { court: Address; jurors: bigint; feePerJuror: bigint; total: bigint };

/** What opening a jury case costs now, read from JuryCourt: first-round jurors × fee per juror (its `config`). */
export function useJuryFee() {
  const court = useJuryCourtAddress();
  const reads = useReadContracts({
    contracts: court
      ? [
          { address: court, abi: juryCourtAbi, functionName: "FIRST_ROUND_JURORS", chainId: CAPSULE_CHAIN_ID },
          { address: court, abi: juryCourtAbi, functionName: "config", chainId: CAPSULE_CHAIN_ID },
        ]
      : [],
    allowFailure: false,
    query: { enabled: Boolean(court) },
  });
  const [jurors, config] = (reads.data ?? []) as [bigint | undefined, readonly [bigint, bigint, bigint, bigint, bigint, bigint] | undefined];
  const data: JuryFee | undefined = court && jurors !== undefined && config ? { court, jurors, feePerJuror: config[5], total: jurors * config[5] } : undefined;
  return { data, isError: reads.isError, error: reads.error, refetch: reads.refetch };
}
