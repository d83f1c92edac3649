"use client";

import { useQuery } from "@tanstack/react-query";
import { createPublicClient, http, parseEventLogs, type Hex } from "viem";
import { articleRegistryAbi } from "@/lib/chain/abi";
import { capsuleChain, CAPSULE_CHAIN_ID } from "@/lib/chain/chain";
import { sha256Hex } from "@/components/capsules/file-hash";
import { formatTime } from "@/components/capsules/capsule-format";
import { CopyButton } from "@/components/outlets/copy-button";
import { useContractsSummary } from "@/hooks/use-system";

type Props = { capsuleId: string; txHash: string | null; finalizedAt: string; articleId: string; contentHash: string; body: string };

/** Reads the finalization receipt from the chain (this site's /rpc) and checks it records this capsule. */
function useFinalizationProof(capsuleId: string, txHash: string | null) {
  const registry = useContractsSummary().data?.contracts.articleRegistry?.address;
  return useQuery({
    queryKey: ["finalization-proof", txHash, registry],
    enabled: Boolean(txHash && registry),
    staleTime: Infinity,
    queryFn: async () => {
      const rpc = `${window.location.origin}/rpc`;
      const client = createPublicClient({ chain: capsuleChain(rpc), transport: http(rpc) });
      const receipt = await client.getTransactionReceipt({ hash: txHash as Hex });
      const finalized = parseEventLogs({ abi: articleRegistryAbi, eventName: "CapsuleFinalized", logs: receipt.logs }).find(
        (log) => log.address.toLowerCase() === registry?.toLowerCase() && log.args.capsuleId === BigInt(capsuleId),
      );
      return { blockNumber: receipt.blockNumber, success: receipt.status === "success", recorded: Boolean(finalized) };
    },
  });
}

// The gateway offers no eth_getBlockByNumber (seed's method list), so the block time shown is the
// bridge's finalizedAt, which the indexer took from that block.
// Where the finalization is recorded: the transaction, checked in the reader's browser against the
// chain's receipt, and the body re-hashed against the content hash the editors voted on.
export function FinalizationRecord(props: Props) {
  const proof = useFinalizationProof(props.capsuleId, props.txHash);
  const bodyHash = useQuery({ queryKey: ["body-sha256", props.body], queryFn: () => sha256Hex(new TextEncoder().encode(props.body).buffer as ArrayBuffer), staleTime: Infinity });
  const bodyMatches = bodyHash.data?.toLowerCase() === props.contentHash.toLowerCase();
  return (
    <section aria-labelledby="chain-heading" className="space-y-3 border-t border-stone-200 pt-6 text-sm" data-testid="finalization">
      <h2 id="chain-heading" className="text-lg font-semibold">
        On-chain record
      </h2>
      {props.txHash ? (
        <>
          <dl className="grid gap-x-4 gap-y-2 sm:grid-cols-[11rem_1fr]">
            <dt className="text-stone-500">Finalization transaction</dt>
            <dd className="flex min-w-0 items-start gap-2">
              <span className="min-w-0 break-all font-mono text-xs" data-testid="finalize-tx">
                {props.txHash}
              </span>
              <CopyButton value={props.txHash} label="Copy the transaction hash" />
            </dd>
            <dt className="text-stone-500">Block</dt>
            <dd className="font-mono text-xs">
              <span data-testid="finalize-block">{proof.data ? proof.data.blockNumber.toString() : proof.isError ? "not available right now" : "reading…"}</span>
              {proof.data ? <span className="ml-2 font-sans text-stone-500">block time {formatTime(props.finalizedAt)}</span> : null}
            </dd>
            <dt className="text-stone-500">Article number</dt>
            <dd className="font-mono text-xs">{props.articleId}</dd>
            <dt className="text-stone-500">Content hash</dt>
            <dd className="break-all font-mono text-xs">{props.contentHash}</dd>
          </dl>
          <ul className="space-y-1" aria-live="polite" data-testid="finalization-checks">
            {proof.data ? (
              <li className={proof.data.success && proof.data.recorded ? "text-emerald-800" : "text-red-800"} data-testid="finalization-check">
                {proof.data.success && proof.data.recorded
                  ? `✓ Your browser read this transaction from the chain: it finalized capsule #${props.capsuleId}.`
                  : `✖ This transaction does not record the finalization of capsule #${props.capsuleId}.`}
              </li>
            ) : null}
            {bodyHash.data ? (
              <li className={bodyMatches ? "text-emerald-800" : "text-red-800"} data-testid="body-hash-check">
                {bodyMatches ? "✓ The text above hashes (SHA-256) to the content hash the editors voted on." : "✖ The text above does not hash to the recorded content hash."}
              </li>
            ) : null}
          </ul>
        </>
      ) : (
        <p className="text-stone-600">The finalization transaction is not recorded yet.</p>
      )}
      <p className="text-xs text-stone-500">
        The Capsule chain (id {CAPSULE_CHAIN_ID}) has no public block explorer. Anyone can check this record by asking this site’s JSON-RPC endpoint (/rpc) for
        eth_getTransactionReceipt with the hash above: the receipt names the block and carries the CapsuleFinalized event.
      </p>
    </section>
  );
}
