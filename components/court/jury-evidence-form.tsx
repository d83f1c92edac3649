"use client";

import { Deadline, lastEventTime } from "./deadline";
import { useRef, useState } from "react";
import type { TCourtCase } from "@/features/court/court.schema";
import { ZStoredUri } from "@/lib/schemas/uri";
import { describeWalletError } from "@/lib/wallet/wallet-error";
import { useAddEvidence } from "@/components/court/use-jury";
import { useFormDraftValues } from "@/components/ui/use-form-draft";
import { useOutletRoles } from "@/components/roles/use-roles";
import { useSession } from "@/components/wallet/use-session";
import { sha256Hex } from "@/components/ui/file-hash";
import { FileButton, TextField, primaryButton, smallButton } from "@/components/ui/field";
import { AlertLine, StatusLine } from "@/components/ui/form-message";
import { storeInVault, VAULT_FILE_MAX_BYTES, vaultRefusal } from "@/components/ui/vault-upload";

// The evidence period's form on a jury case page (issue 28 item 1): the challenger or the outlet's side
// (its author, anyone holding a role there) adds a link, a file stored in the vault under its SHA-256, or
// both. Each is one EvidenceSubmitted on chain, relayed by the operator; the contract checks the party.

const same = (a: string | null | undefined, b: string | undefined) => Boolean(a && b && a.toLowerCase() === b.toLowerCase());
const linkRule = "Enter a link starting with https://, http://, ipfs:// or ar://.";

/** Which side the wallet speaks for, as JuryCourt.submitEvidence decides it (the chain checks again). */
export function useEvidenceSide(item: TCourtCase, submitter: string | undefined): "challenger" | "outlet" | "none" | "unknown" {
  const { wallet } = useSession();
  const roles = useOutletRoles(wallet, item.outletSlug);
  if (!wallet) return "none";
  if (same(item.openedBy, wallet)) return "challenger";
  if (same(submitter, wallet)) return "outlet";
  if (roles.isPending) return "unknown";
  return roles.data?.roles.some((r) => r.revokedAt === null) ? "outlet" : "none";
}

export function JuryEvidenceForm({ item, submitter }: { item: TCourtCase; submitter: string | undefined }) {
  const { session, status } = useSession();
  const side = useEvidenceSide(item, submitter);
  const add = useAddEvidence(item.caseId);
  // kept across navigation until the evidence is added (the file stays in the vault; its address is kept)
  const [draft, setDraft, clearDraft] = useFormDraftValues(`jury-evidence.${item.caseId}`, { link: "", fileUri: "", fileHash: "", fileName: "" });
  const [linkError, setLinkError] = useState<string | undefined>();
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState<string | undefined>();
  const [added, setAdded] = useState<string | undefined>();
  const fileInput = useRef<HTMLInputElement>(null);

  if (item.period !== "evidence" || item.status !== "open") return null;
  if (status !== "signed-in") {
    return <p className="text-sm text-stone-600" data-testid="evidence-sign-in">The challenger and the outlet’s author and members: sign in to add evidence until the evidence period ends.</p>;
  }
  if (side === "unknown") return <p className="text-sm text-stone-600">Checking whether you speak for a side of this case…</p>;
  if (side === "none") {
    return <p className="text-sm text-stone-600" data-testid="evidence-not-party">Only the challenger and the outlet’s author and members may add evidence to this case.</p>;
  }

  async function storeFile(file: File | undefined) {
    if (!file) return;
    setError(undefined);
    setAdded(undefined);
    if (file.size > VAULT_FILE_MAX_BYTES) {
      setError(`${file.name} is larger than 10 MB; publish it elsewhere and add it by link.`);
      return;
    }
    try {
      setBusy(`Hashing ${file.name}…`);
      const bytes = await file.arrayBuffer();
      const hash = await sha256Hex(bytes);
      setBusy(`Storing ${file.name} in the vault…`);
      const stored = await storeInVault(session, file, { bytes });
      setDraft({ fileUri: stored.uri, fileHash: hash, fileName: file.name });
    } catch (cause) {
      const reason = vaultRefusal(cause, (error) => describeWalletError(error, "store the file"));
      setError(`${file.name} was not stored: ${reason} You can add it by link instead.`);
    } finally {
      setBusy(undefined);
      if (fileInput.current) fileInput.current.value = "";
    }
  }

  async function submit() {
    setError(undefined);
    setAdded(undefined);
    const link = draft.link.trim();
    if (link && !ZStoredUri.safeParse(link).success) {
      setLinkError(linkRule);
      return;
    }
    setLinkError(undefined);
    const uris = [draft.fileUri, link].filter(Boolean);
    if (uris.length === 0) {
      setError("Add a link or a file first.");
      return;
    }
    try {
      let mined = true;
      for (const [i, uri] of uris.entries()) {
        const answer = await add.mutateAsync({ uri });
        mined &&= answer.operatorTx?.status !== "sent";
        // what is stored for the chain is no longer a draft
        if (uri === draft.fileUri) setDraft({ fileUri: "", fileHash: "", fileName: "" });
        if (i === uris.length - 1) clearDraft();
      }
      const what = uris.length === 1 ? "Your evidence" : "Your evidence (the file and the link)";
      setAdded(mined ? `${what} was added on chain; it is listed above.` : `${what} was sent to the chain; it is listed above once its transaction is mined (reload in a moment).`);
    } catch (cause) {
      setError(describeWalletError(cause, "add the evidence"));
    }
  }

  const pending = add.isPending || Boolean(busy);
  return (
    <form
      aria-label="Add evidence"
      className="mt-4 space-y-3 border-t border-stone-200 pt-4 text-sm"
      data-testid="evidence-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <p className="font-semibold text-ink">Add evidence as {side === "challenger" ? "the challenger" : "the outlet"}</p>
      {item.periodEndsAt ? (
        <p className="text-stone-700" data-testid="evidence-deadline">
          Evidence is taken until <Deadline endsAt={item.periodEndsAt} testId="evidence-countdown" chainTimeSeen={lastEventTime(item)} />; after that the jurors decide on what is
          listed above{side === "outlet" ? ", so this is where the article’s side answers the grounds" : ""}.
        </p>
      ) : null}
      <p className="text-stone-600">A link, a file, or both. A file is hashed in your browser (SHA-256) and stored in this site’s vault under that hash; the jurors can re-hash it to check nothing changed.</p>
      <TextField
        id={`evidence-link-${item.caseId}`}
        label="Link (optional)"
        type="url"
        inputMode="url"
        placeholder="https://…"
        value={draft.link}
        error={linkError}
        disabled={pending}
        onChange={(e) => {
          setLinkError(undefined);
          // "add a link or a file first" is answered by typing one
          if (e.target.value.trim()) setError(undefined);
          setDraft({ link: e.target.value });
        }}
      />
      {draft.fileUri ? (
        <div className="rounded-md border border-stone-200 bg-stone-50 p-3" data-testid="evidence-file">
          <p className="font-medium [overflow-wrap:anywhere]">{draft.fileName || "File"} · stored in the vault</p>
          <p className="break-all font-mono text-xs text-stone-600">SHA-256 {draft.fileHash}</p>
          <button type="button" className={`${smallButton} mt-2`} disabled={pending} onClick={() => setDraft({ fileUri: "", fileHash: "", fileName: "" })}>
            Remove the file
          </button>
        </div>
      ) : (
        <div>
          <p className="font-medium text-stone-800" aria-hidden="true">
            File (optional, up to 10 MB)
          </p>
          <div className="mt-1">
            <FileButton ref={fileInput} aria-label="File (optional, up to 10 MB)" disabled={pending} onChange={(e) => void storeFile(e.target.files?.[0])}>
              Choose a file…
            </FileButton>
          </div>
        </div>
      )}
      <button type="submit" className={`${primaryButton} min-h-11`} disabled={pending}>
        {add.isPending ? "Adding the evidence on chain…" : "Add the evidence"}
      </button>
      {busy ? (
        <p role="status" className="text-stone-700">
          {busy}
        </p>
      ) : null}
      {add.isPending ? (
        <p role="status" className="text-stone-700">
          The operator is sending your evidence to the jury court; this takes a few seconds.
        </p>
      ) : null}
      <StatusLine text={added} className="text-green-800" testId="evidence-added" />
      <AlertLine text={error} className="text-red-700" />
    </form>
  );
}
