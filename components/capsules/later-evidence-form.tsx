"use client";

import { useRef, useState, type FormEvent } from "react";
import type { TCapsuleResponse } from "@/features/capsules/capsules.schema";
import { useAddEvidence } from "@/components/capsules/use-capsules";
import { useSession } from "@/components/wallet/use-session";
import { guessEvidenceType } from "@/components/ui/file-hash";
import { primaryButton, smallButton, TextField } from "@/components/ui/field";
import { StatusLine } from "@/components/ui/form-message";
import { storeInVault, VAULT_FILE_MAX_BYTES, vaultRefusal } from "@/components/ui/vault-upload";


type Stored = { uri: string; contentHash: string; mimeType: string; fileName: string };

// Evidence after finalization (issue 31, item 12): the author or a contributor adds a file to a
// published article. It is stored in the vault and listed apart from what the editors voted on.
export function LaterEvidenceForm({ read }: { read: TCapsuleResponse }) {
  const { wallet, session, status } = useSession();
  const add = useAddEvidence(read.capsuleId);
  const fileInput = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<Stored>();
  const [label, setLabel] = useState("");
  const [busy, setBusy] = useState<string>();
  const [message, setMessage] = useState<{ kind: "error" | "done"; text: string }>();
  const [tried, setTried] = useState(false);

  const me = wallet?.toLowerCase();
  const mayAdd = Boolean(me && (read.capsule.submitter.toLowerCase() === me || read.contributors.some((c) => c.active && c.wallet.toLowerCase() === me)));
  if (read.capsule.status !== "finalized" || status !== "signed-in" || !mayAdd) return null;

  async function pick(picked: File) {
    setMessage(undefined);
    if (picked.size > VAULT_FILE_MAX_BYTES) {
      setMessage({ kind: "error", text: `${picked.name} is larger than 10 MB.` });
      return;
    }
    setBusy(`Storing ${picked.name} in the vault…`);
    try {
      const stored = await storeInVault(session, picked, { capsuleId: read.capsuleId });
      setFile({ uri: stored.uri, contentHash: `0x${stored.objectId}`, mimeType: stored.mimeType, fileName: picked.name });
      if (!label.trim()) setLabel(picked.name);
    } catch (error) {
      const reason = vaultRefusal(error);
      setMessage({ kind: "error", text: `${picked.name} was not stored: ${reason}` });
    } finally {
      setBusy(undefined);
      if (fileInput.current) fileInput.current.value = "";
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setTried(true);
    if (!file || !label.trim()) return;
    add.mutate(
      { uri: file.uri, contentHash: file.contentHash, mimeType: file.mimeType, evidenceType: guessEvidenceType(file.mimeType), isPrimary: false, label: label.trim() },
      {
        onSuccess: () => {
          setMessage({ kind: "done", text: `Added “${label.trim()}”. Readers see it under “Added after publication”.` });
          setFile(undefined);
          setLabel("");
          setTried(false);
        },
        onError: (error) => setMessage({ kind: "error", text: `The evidence was not added: ${error instanceof Error ? error.message : "the request failed"}` }),
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-labelledby="later-evidence-title" className="mt-4 space-y-3 border-t border-stone-100 pt-4" data-testid="later-evidence-form">
      <h3 id="later-evidence-title" className="text-sm font-semibold text-stone-800">
        Add evidence after publication
      </h3>
      <p className="text-xs text-stone-500">The editors voted on the evidence above. A file added now is stored in the vault and shown to readers apart, as added after publication.</p>
      <div className="flex flex-wrap items-center gap-2">
        <label className={`${smallButton} cursor-pointer focus-within:outline focus-within:outline-2 focus-within:outline-accent`}>
          {file ? "Choose another file…" : "Choose a file…"}
          <input
            ref={fileInput}
            type="file"
            className="sr-only"
            aria-label="Evidence file to add"
            disabled={Boolean(busy) || add.isPending}
            onChange={(event) => {
              const picked = event.target.files?.[0];
              if (picked) void pick(picked);
            }}
          />
        </label>
        {file ? (
          <span className="min-w-0 break-all text-sm text-stone-700" data-testid="later-evidence-file">
            {file.fileName}
          </span>
        ) : null}
        <StatusLine as="span" text={busy} />
      </div>
      {tried && !file ? <p className="text-xs font-medium text-red-700">Choose the file first.</p> : null}
      <TextField id="later-evidence-label" label="Description" value={label} maxLength={300} error={tried && !label.trim() ? "Say in a few words what the file is." : undefined} onChange={(e) => setLabel(e.target.value)} />
      <button type="submit" className={`${primaryButton} min-h-11`} disabled={Boolean(busy) || add.isPending}>
        {add.isPending ? "Adding…" : "Add this evidence"}
      </button>
      {message ? (
        <p role={message.kind === "error" ? "alert" : "status"} className={`text-sm ${message.kind === "error" ? "text-red-800" : "text-emerald-800"}`}>
          {message.text}
        </p>
      ) : null}
    </form>
  );
}
