"use client";

import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore, type FormEvent } from "react";
import { CAPSULE_CHAIN_ID } from "@/lib/chain/chain";
import { readFinalization, type Commitment, type FinalizationFacts, type RegistryRecord } from "@/features/reader/read-finalization";
import { rpcLabelNode } from "@/features/reader/read-label";
import { sha256Hex } from "@/components/ui/file-hash";
import { formatTime } from "@/components/ui/capsule-format";
import { CopyButton } from "@/components/ui/copy-button";
import { ManifestChecks, unservedManifestLine, type ManifestProofProps } from "./manifest-checks";
import { LabelCheckLine, titleOf, useLabelCheck } from "./label-check-line";
import { LatestCheckLine, latestFailed, useLatestCheck } from "./latest-check-line";
import type { TLabelProof } from "@/features/reader/label-basis";
import { FoldedSummary } from "@/components/ui/folded-summary";

// 0x1234…abcd, as addresses are shown elsewhere on the page; a mismatch names both in full, since two wallets may share
// the short form. (Not lib/wallet's helper: its checksum would add viem's hashing to the reader's small script.)
const shortWallet = (wallet: string) => (wallet.length > 12 ? `${wallet.slice(0, 6)}…${wallet.slice(-4)}` : wallet);

// A client island of the reading page, which mounts no query or wallet providers: plain state and
// effects, and the registry's address from the server (the deployment record), not from an API call.
type Props = {
  capsuleId: string;
  txHash: string | null;
  finalizedAt: string;
  articleId: string;
  contentHash: string;
  body: string;
  registry: string | undefined;
  /** What this page says of the article's outlet, submitter and the version it corrects (null: an original), checked against the registry. */
  outletSlug: string;
  submitter: string;
  parentCapsuleId: string | null;
  /** The voted manifest and its evidence proofs (null for capsules submitted before manifests). */
  manifest?: ManifestProofProps | null;
  /** The integrity label the page shows, and the chain facts it follows from (null: not available). */
  shownLabel: string;
  label?: TLabelProof | null;
  /** The version this page says readers see now (this one, or the correction or retraction that replaced it), checked against the chain. */
  currentId: string;
};

const RPC_STORAGE_KEY = "capsule.verifyRpcUrl";

/** The RPC endpoint the reader checks against: their own (remembered in this browser) or this site's /rpc. */
function useVerifyRpc() {
  const [custom, setCustom] = useState<string>("");
  useEffect(() => {
    setCustom(window.localStorage.getItem(RPC_STORAGE_KEY) ?? "");
  }, []);
  const choose = (url: string) => {
    setCustom(url);
    if (url) window.localStorage.setItem(RPC_STORAGE_KEY, url);
    else window.localStorage.removeItem(RPC_STORAGE_KEY);
  };
  return { custom, choose };
}

// A node that failed is not remembered for the next article: this page keeps showing its error (and
// can try it again), later pages check against this site's /rpc.
function forgetIfFailed(url: string): void {
  if (window.localStorage.getItem(RPC_STORAGE_KEY) === url) window.localStorage.removeItem(RPC_STORAGE_KEY);
}

type ProofState = { data?: FinalizationFacts; error?: string; key?: string };

/** The finalization facts as read from `rpcUrl`; a newer choice of node, or a new attempt, discards an older answer. */
function useFinalizationProof(capsuleId: string, txHash: string | null, registry: string | undefined, rpcUrl: string | undefined, attempt: number) {
  const key = txHash && registry && rpcUrl ? `${rpcUrl} ${txHash} ${attempt}` : undefined;
  const [state, setState] = useState<ProofState>({});
  useEffect(() => {
    if (!txHash || !registry || !rpcUrl) return;
    let current = true;
    const asked = `${rpcUrl} ${txHash} ${attempt}`;
    readFinalization(rpcUrl, { txHash, registry, capsuleId }).then(
      (data) => current && setState({ data, key: asked }),
      (error: unknown) => current && setState({ error: error instanceof Error ? error.message.split("\n")[0] : "the node did not answer", key: asked }),
    );
    return () => {
      current = false;
    };
  }, [capsuleId, txHash, registry, rpcUrl, attempt]);
  // an answer for another node (or none yet) reads as "reading…"
  const fresh = key !== undefined && state.key === key ? state : {};
  return { data: fresh.data, isError: fresh.error !== undefined || (Boolean(txHash) && !registry), error: fresh.error ?? (registry ? undefined : "the contract address is not known yet") };
}

/** How long the reader waits for the node before the page says the check could not be done yet. */
export const NODE_PATIENCE_SECONDS = 15;

/**
 * True once the checks of `attempt` against `rpcUrl` have waited NODE_PATIENCE_SECONDS without finishing: a slow or
 * stuck node. The requests stay open (an answer arriving later still completes the check); a new attempt starts anew.
 */
function useOverdue(waiting: boolean, rpcUrl: string | undefined, attempt: number): boolean {
  const asked = `${rpcUrl} ${attempt}`;
  const [overdue, setOverdue] = useState<string>();
  useEffect(() => {
    if (!waiting) return;
    const timer = setTimeout(() => setOverdue(asked), NODE_PATIENCE_SECONDS * 1000);
    return () => clearTimeout(timer);
  }, [waiting, asked]);
  return waiting && overdue === asked;
}

/** SHA-256 of the text as this browser received it. */
function useBodyHash(body: string): string | undefined {
  const [hash, setHash] = useState<{ body: string; hash: string }>();
  useEffect(() => {
    let current = true;
    sha256Hex(new TextEncoder().encode(body).buffer as ArrayBuffer).then(
      (h) => current && setHash({ body, hash: h }),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [body]);
  return hash?.body === body ? hash.hash : undefined;
}

/** The page's outlet, submitter and revised version are those the registry holds. */
const recordMatches = (record: RegistryRecord, props: Pick<Props, "outletSlug" | "submitter" | "parentCapsuleId">) =>
  record.outletSlug === props.outletSlug && record.submitter.toLowerCase() === props.submitter.toLowerCase() && record.parentCapsuleId.toString() === (props.parentCapsuleId ?? "0");

const revises = (parent: string) => (parent === "0" ? "an original, correcting no earlier version" : `a new version of capsule #${parent}`);

// The gateway offers no eth_getBlockByNumber (seed's method list), so the block time shown is the
// bridge's finalizedAt, which the indexer took from that block.
// Whether this render runs in the browser: false in the server's markup, which is what a reader without JavaScript
// keeps (islands are rendered anew in the browser, not hydrated, so the two may differ).
const subscribeNever = () => () => {};
const inBrowser = () => true;
const onServer = () => false;

// Where the finalization is recorded: the transaction, checked in the reader's browser against the
// chain's receipt, and the body re-hashed against the content hash the editors voted on.
export function FinalizationRecord(props: Props) {
  const scripted = useSyncExternalStore(subscribeNever, inBrowser, onServer);
  const { custom, choose } = useVerifyRpc();
  const [origin, setOrigin] = useState<string>();
  useEffect(() => setOrigin(window.location.origin), []);
  const rpcUrl = custom || (origin ? `${origin}/rpc` : undefined);
  const rpcLabel = custom ? custom : "this site’s /rpc";
  // "Try again" after a node that did not answer (or failed to) asks it everything anew
  const [attempt, setAttempt] = useState(0);
  const summaryRef = useRef<HTMLParagraphElement>(null);
  const proof = useFinalizationProof(props.capsuleId, props.txHash, props.registry, rpcUrl, attempt);
  const bodyHash = { data: useBodyHash(props.body) };
  const customFailed = Boolean(custom) && proof.error !== undefined && proof.isError;
  useEffect(() => {
    if (customFailed) forgetIfFailed(custom);
  }, [customFailed, custom]);
  const bodyMatches = bodyHash.data?.toLowerCase() === props.contentHash.toLowerCase();
  const storedMatches = Boolean(proof.data && bodyHash.data && proof.data.storedHash.toLowerCase() === bodyHash.data.toLowerCase());
  const recordOk = proof.data ? recordMatches(proof.data.record, props) : true;
  const label = props.label ?? null;
  const finalizedBlock = proof.data?.blockNumber;
  // the label check and the latest-version walk start once the node has given the finalization block; a new attempt
  // runs them again on the same node (they keep nothing between runs)
  const node = useMemo(() => (rpcUrl && finalizedBlock !== undefined ? rpcLabelNode(rpcUrl) : undefined), [rpcUrl, finalizedBlock]);
  const labelState = useLabelCheck({ label, shownLabel: props.shownLabel, capsuleId: props.capsuleId, registry: props.registry, rpcUrl, node, attempt });
  const labelFailed = labelState.error !== undefined || labelState.check?.outcome === "failed";
  const labelDone = !label || labelState.check !== undefined;
  const latestState = useLatestCheck({ capsuleId: props.capsuleId, currentId: props.currentId, registry: props.registry, rpcUrl, node, attempt });
  // the manifest and evidence lines count in the summary too: a ✖ among them never sits under a ✓ sentence
  const commitment = proof.data?.commitment;
  const [manifestOutcome, setManifestOutcome] = useState<{ of: Commitment; failed: boolean }>();
  const onManifestOutcome = useCallback((failed: boolean) => {
    if (commitment) setManifestOutcome({ of: commitment, failed });
  }, [commitment]);
  const unservedLine = commitment && !props.manifest ? unservedManifestLine(commitment, rpcLabel) : null;
  const manifestFailed = unservedLine !== null || (manifestOutcome?.of === commitment && manifestOutcome?.failed === true);
  const manifestDone = !commitment || !props.manifest || manifestOutcome?.of === commitment;
  const verdict: "checking" | "ok" | "failed" =
    proof.isError || (proof.data && !(proof.data.success && proof.data.recorded)) || !recordOk || (bodyHash.data && !bodyMatches) || (proof.data && bodyHash.data && !storedMatches) || labelFailed || latestFailed(latestState) || manifestFailed
      ? "failed"
      : proof.data && bodyHash.data && labelDone && latestState.check && manifestDone
        ? "ok"
        : "checking";
  // a node that has not answered in time: said in words, with a way to ask again, and never a ✓ it did not earn
  const overdue = useOverdue(verdict === "checking" && Boolean(props.txHash) && Boolean(props.registry), rpcUrl, attempt);
  const nodeFailed = proof.error !== undefined || labelState.error !== undefined || latestState.error !== undefined;
  const tryAgain = () => {
    setAttempt((n) => n + 1);
    // the button goes away with the message it belongs to: the focus moves to the sentence that says what happens now
    summaryRef.current?.focus();
  };
  const labelTitle = titleOf(props.shownLabel);
  // the label joins the sentence when the chain gave it; a label set with no chain event (or no record of it) says so
  const okSentence =
    labelState.check?.outcome === "checked"
      ? `✓ Checked: this is the text the editors approved, the Capsule chain records their decision, and its record gives the label “${labelTitle}”.`
      : `✓ Checked: this is the text the editors approved, and the Capsule chain records their decision. The label “${labelTitle}” could not be checked on chain.`;
  return (
    <section aria-labelledby="chain-heading" className="space-y-3 border-t border-stone-200 pt-6 text-sm" data-testid="finalization">
      <h2 id="chain-heading" className="text-lg font-semibold">
        On-chain record
      </h2>
      {props.txHash ? (
        <>
          {/* the checks below in one sentence, for readers who do not read hashes */}
          <p
            ref={summaryRef}
            tabIndex={-1}
            className={`text-base ${verdict === "ok" ? "text-emerald-800" : verdict === "failed" ? "text-red-800" : overdue ? "text-amber-900" : "text-stone-600"}`}
            data-testid="finalization-summary"
            data-verdict={!scripted ? "no-script" : overdue ? "overdue" : verdict}
            aria-live="polite"
          >
            {!scripted
              ? NO_SCRIPT_SENTENCE
              : verdict === "ok"
              ? `${okSentence} Your browser did this check itself; the lines below say how.`
              : verdict === "failed"
                ? "✖ This page could not be checked against the chain record. The lines below say which check failed."
                : overdue
                  ? `Not checked yet: ${rpcLabel} has not answered in ${NODE_PATIENCE_SECONDS} seconds, so this page cannot say yet whether this is the text the editors approved or whether its label holds. Nothing here is confirmed until the node answers.`
                  : "Checking that this is the text the editors approved and the label it carries…"}
          </p>
          {overdue || nodeFailed ? (
            <p>
              <button type="button" onClick={tryAgain} className="inline-flex min-h-11 items-center rounded-md border border-stone-300 px-3 py-1.5 text-sm font-semibold hover:bg-stone-100" data-testid="finalization-retry">
                Try the check again
              </button>
            </p>
          ) : null}
          <dl className="grid gap-x-4 gap-y-2 sm:grid-cols-[11rem_1fr]">
            <dt className="text-stone-500">Finalization transaction</dt>
            <dd className="flex min-w-0 items-start gap-2">
              <span className="min-w-0 break-all font-mono text-xs" data-testid="finalize-tx">
                {props.txHash}
              </span>
              {scripted ? <CopyButton value={props.txHash} label="Copy the transaction hash" /> : null}
            </dd>
            <dt className="text-stone-500">Block</dt>
            <dd className="font-mono text-xs">
              <span data-testid="finalize-block">{!scripted ? "not read (the check needs JavaScript)" : proof.data ? proof.data.blockNumber.toString() : proof.isError ? "not available right now" : overdue ? "no answer yet" : "reading…"}</span>
              {proof.data ? <span className="ml-2 font-sans text-stone-500">block time {formatTime(props.finalizedAt)}</span> : null}
            </dd>
            <dt className="text-stone-500">Article number</dt>
            <dd className="font-mono text-xs">{props.articleId}</dd>
            <dt className="text-stone-500">Content hash</dt>
            <dd className="break-all font-mono text-xs">{props.contentHash}</dd>
          </dl>
          <ul className="space-y-1 [overflow-wrap:anywhere]" aria-live="polite" data-testid="finalization-checks">
            {proof.data ? (
              <li className={proof.data.success && proof.data.recorded ? "text-emerald-800" : "text-red-800"} data-testid="finalization-check">
                {proof.data.success && proof.data.recorded
                  ? `✓ Your browser read this transaction from ${rpcLabel}: it finalized capsule #${props.capsuleId}.`
                  : `✖ This transaction does not record the finalization of capsule #${props.capsuleId} (asked ${rpcLabel}).`}
              </li>
            ) : null}
            {proof.data && bodyHash.data ? (
              <li className={proof.data.storedHash.toLowerCase() === bodyHash.data.toLowerCase() ? "text-emerald-800" : "text-red-800"} data-testid="stored-hash-check">
                {proof.data.storedHash.toLowerCase() === bodyHash.data.toLowerCase()
                  ? `✓ At that block the registry stores the content hash of the text above (read from ${rpcLabel}).`
                  : `✖ The registry stores ${proof.data.storedHash}, not the hash of the text above (read from ${rpcLabel}).`}
              </li>
            ) : null}
            {proof.data ? (
              <li className={`break-words ${recordOk ? "text-emerald-800" : "text-red-800"}`} data-testid="record-check">
                {recordOk
                  ? `✓ The registry has it from outlet “${props.outletSlug}”, submitted by ${shortWallet(props.submitter)}, as ${revises(props.parentCapsuleId ?? "0")}, as this page says.`
                  : `✖ The registry has it from outlet “${proof.data.record.outletSlug}”, submitted by ${proof.data.record.submitter}, as ${revises(proof.data.record.parentCapsuleId.toString())}; this page says outlet “${props.outletSlug}”, ${props.submitter}, ${revises(props.parentCapsuleId ?? "0")}.`}
              </li>
            ) : null}
            {commitment && props.manifest ? <ManifestChecks manifest={props.manifest} commitment={commitment} rpcLabel={rpcLabel} onOutcome={onManifestOutcome} /> : null}
            {unservedLine ? (
              <li className="break-words text-red-800" data-testid="manifest-check">
                {unservedLine}
              </li>
            ) : null}
            {proof.data ? <LabelCheckLine label={label} state={labelState} rpcLabel={rpcLabel} overdue={overdue} /> : null}
            {proof.data ? <LatestCheckLine state={latestState} currentId={props.currentId} capsuleId={props.capsuleId} rpcLabel={rpcLabel} overdue={overdue} /> : null}
            {overdue && !proof.data && !proof.isError ? (
              <li className="break-words text-amber-900" data-testid="finalization-check-overdue">
                – The finalization transaction is not read yet: {rpcLabel} has not answered.
              </li>
            ) : null}
            {proof.isError ? (
              <li className="text-red-800" data-testid="finalization-check-error">
                ✖ Could not read the record from {rpcLabel}: {proof.error}.
                {customFailed ? " This browser will check the next articles against this site’s /rpc again." : ""}
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
      {/* a field for readers who run their own node: folded away from the others, open while one is in use; the check
          it starts runs in the browser, so a page without JavaScript does not offer it */}
      {scripted ? (
        <details className="text-sm" open={custom ? true : undefined} data-testid="rpc-details">
          <FoldedSummary className="text-stone-600">Check with your own node (technical)</FoldedSummary>
          <RpcChooser custom={custom} onChoose={choose} />
        </details>
      ) : null}
      <details className="text-xs text-stone-500">
        <FoldedSummary>How anyone can check this record (technical)</FoldedSummary>
        <p>
          The Capsule chain (id {CAPSULE_CHAIN_ID}) has no public block explorer. Anyone can check this record by asking this site’s JSON-RPC endpoint (/rpc) for
          eth_getTransactionReceipt with the hash above: the receipt names the block and carries the CapsuleFinalized event.
        </p>
      </details>
    </section>
  );
}

/**
 * What the record says where JavaScript does not run: the check is the browser's, so nothing here was checked, and
 * the page says so instead of "Checking…" for ever; the way to check without it is `npm run verify`, under "Check this
 * article yourself (technical)".
 */
export const NO_SCRIPT_SENTENCE =
  "Not checked: your browser checks this record against the chain with JavaScript, which is off here, so nothing in this section has been checked. To check it without JavaScript, see “Check this article yourself (technical)” below.";

/** The reader's own node: a field remembered in this browser; empty = this site's /rpc. */
function RpcChooser({ custom, onChoose }: { custom: string; onChoose: (url: string) => void }) {
  const [draft, setDraft] = useState(custom);
  const [error, setError] = useState<string>();
  useEffect(() => setDraft(custom), [custom]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = draft.trim();
    if (value && !/^https?:\/\/[^\s]+$/.test(value)) {
      setError("Enter an http(s) address, e.g. https://rpc.example.org");
      return;
    }
    setError(undefined);
    onChoose(value);
  };
  return (
    <form onSubmit={submit} className="space-y-1" aria-label="Check against another node" data-testid="rpc-chooser">
      <label htmlFor="verify-rpc" className="block text-stone-600">
        Check against this JSON-RPC endpoint <span className="text-xs text-stone-500">(default: this site’s /rpc; for anyone who runs their own node or trusts another)</span>
      </label>
      <div className="flex flex-wrap gap-2">
        <input id="verify-rpc" type="url" inputMode="url" value={draft} placeholder="this site’s /rpc" onChange={(e) => setDraft(e.target.value)} className="min-w-0 flex-1 rounded-md border border-stone-300 px-2 py-1.5 font-mono text-xs" aria-describedby={error ? "verify-rpc-error" : undefined} />
        <button type="submit" className="rounded-md bg-ink px-3 py-1.5 text-sm font-semibold text-white hover:bg-stone-800">
          Check
        </button>
        {custom ? (
          <button type="button" onClick={() => onChoose("")} className="rounded-md border border-stone-300 px-3 py-1.5 text-sm hover:bg-stone-100">
            Use this site’s /rpc
          </button>
        ) : null}
      </div>
      {error ? <p id="verify-rpc-error" className="text-xs text-red-700">{error}</p> : null}
      <p className="text-xs text-stone-500" data-testid="rpc-in-use">Checking against: {custom || "this site’s /rpc"}</p>
    </form>
  );
}
