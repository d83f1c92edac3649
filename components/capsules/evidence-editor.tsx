"use client";

import { useRef, useState } from "react";
import { evidenceTypes } from "@/features/capsules/capsules.schema";
import { ApiError } from "@/lib/api/api-client";
import { signedPost } from "@/lib/api/browser-session";
import { vaultFetch } from "@/features/vault/fetch.endpoint";
import { useSession } from "@/components/wallet/use-session";
import { guessEvidenceType, sha256Hex } from "@/components/ui/file-hash";
import { newKey, type DraftErrors, type EvidenceDraft } from "@/features/capsules/draft-form";
import { disabledLook, smallButton, TextField } from "@/components/ui/field";
import { AlertLine, StatusLine } from "@/components/ui/form-message";
import { storeInVault, VAULT_FILE_MAX_BYTES, vaultRefusal } from "@/components/ui/vault-upload";
import { FoldedSummary } from "@/components/ui/folded-summary";

const typeLabel: Record<(typeof evidenceTypes)[number], string> = {
  archived_page: "Archived page",
  transcript: "Transcript",
  document: "Document",
  media: "Media",
  data: "Data",
};

// Evidence: a picked file is hashed here (SHA-256) and stored in the vault; its hash, type, file type
// (the MIME type the API takes) and primary flag are listed and editable. Without the vault, the hash
// stays and an https link is asked for. Fetching a link tells its progress beside its own button.
export function EvidenceEditor(props: { items: EvidenceDraft[]; onChange: (items: EvidenceDraft[]) => void; errors: DraftErrors; capsuleId?: string }) {
  const { session } = useSession();
  const fileInput = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState<string | undefined>();
  // the evidence row whose link is being fetched, and what came of the last fetch: told beside that row's button
  const [fetching, setFetching] = useState<{ key: string; text: string; failed: boolean } | undefined>();
  const [notice, setNotice] = useState<string | undefined>();
  // an answer that arrives after an await is applied to the items as they are then, not as they were at the click
  const latest = useRef(props.items);
  latest.current = props.items;
  const update = (key: string, patch: Partial<EvidenceDraft>) =>
    props.onChange(latest.current.map((item) => (item.key === key ? { ...item, ...patch } : patch.isPrimary ? { ...item, isPrimary: false } : item)));

  async function fetchByLink(item: EvidenceDraft) {
    setNotice(undefined);
    setBusy(`Fetching ${item.uri.trim()}…`);
    setFetching({ key: item.key, text: `Fetching ${item.uri.trim()}…`, failed: false });
    try {
      const body = { url: item.uri.trim(), ...(props.capsuleId ? { capsuleId: props.capsuleId } : {}) };
      const stored = await signedPost(session, vaultFetch, { body });
      update(item.key, {
        uri: stored.object.uri,
        contentHash: stored.fetched.contentHash,
        mimeType: stored.fetched.mimeType,
        fileName: stored.object.filename,
        fetchedFrom: stored.fetched.finalUrl,
        hashedFrom: undefined,
        label: item.label || `Copy of ${stored.fetched.url}`,
      });
      setFetching(undefined);
    } catch (error) {
      const reason = error instanceof ApiError && error.status === 404 ? "this server cannot fetch links" : error instanceof Error ? error.message : "the link could not be fetched";
      setFetching({ key: item.key, text: `The link was not fetched: ${reason}`, failed: true });
    } finally {
      setBusy(undefined);
    }
  }

  async function addFile(file: File) {
    setNotice(undefined);
    if (file.size > VAULT_FILE_MAX_BYTES) {
      setNotice(`${file.name} is larger than 10 MB; publish it elsewhere and add it by link.`);
      return;
    }
    setBusy(`Hashing ${file.name}…`);
    try {
      const bytes = await file.arrayBuffer();
      const contentHash = await sha256Hex(bytes);
      const mimeType = file.type || "application/octet-stream";
      const item: EvidenceDraft = {
        key: newKey(),
        label: file.name,
        evidenceType: guessEvidenceType(mimeType),
        mimeType,
        contentHash,
        uri: "",
        isPrimary: props.items.length === 0,
        fileName: file.name,
      };
      setBusy(`Storing ${file.name} in the vault…`);
      try {
        item.uri = (await storeInVault(session, file, { bytes, capsuleId: props.capsuleId })).uri;
      } catch (error) {
        const reason = vaultRefusal(error);
        setNotice(`${file.name} was hashed but not stored (${reason}). Enter an https address where the file can be fetched.`);
      }
      props.onChange([...props.items, item]);
    } catch (error) {
      setNotice(error instanceof Error ? error.message : "The file could not be read.");
    } finally {
      setBusy(undefined);
      if (fileInput.current) fileInput.current.value = "";
    }
  }

  return (
    <fieldset className="space-y-3" data-testid="evidence-editor">
      <legend className="text-sm font-semibold text-stone-800">Evidence</legend>
      <p className="text-xs text-stone-500">Files are hashed in your browser (SHA-256) before they leave it; readers can re-hash them to check nothing changed.</p>
      {props.errors.evidence ? <p className="text-xs font-medium text-red-700">{props.errors.evidence}</p> : null}
      {props.items.length === 0 ? <p className="text-sm text-stone-600">No evidence yet. Add a file or a link to the documents the article relies on.</p> : null}
      <ul className="space-y-3">
        {props.items.map((item, index) => {
          // a row just added by link says nothing is missing until something is typed in it
          const fresh = !item.label && !item.uri && !item.contentHash;
          const err = (field: string) => (fresh ? undefined : props.errors[`evidence.${index}.${field}`]);
          return (
            <li key={item.key} className="rounded-md border border-stone-200 bg-stone-50 p-3" data-testid="evidence-item">
              <div className="grid gap-3 sm:grid-cols-2">
                <TextField id={`evidence-${index}-label`} label="Description" value={item.label} error={err("label")} onChange={(e) => update(item.key, { label: e.target.value })} />
                <div>
                  <label htmlFor={`evidence-${index}-type`} className="block text-sm font-medium text-stone-800">
                    Type
                  </label>
                  <select
                    id={`evidence-${index}-type`}
                    value={item.evidenceType}
                    onChange={(e) => update(item.key, { evidenceType: e.target.value as EvidenceDraft["evidenceType"] })}
                    className={`mt-1 w-full rounded-md border border-stone-300 bg-white px-3 py-2 text-sm ${disabledLook}`}
                  >
                    {evidenceTypes.map((type) => (
                      <option key={type} value={type}>
                        {typeLabel[type]}
                      </option>
                    ))}
                  </select>
                </div>
                <TextField
                  id={`evidence-${index}-mime`}
                  label="File type"
                  value={item.mimeType}
                  error={err("mimeType")}
                  hint="Filled in from the file, such as application/pdf or text/html"
                  onChange={(e) => update(item.key, { mimeType: e.target.value })}
                />
                <TextField
                  id={`evidence-${index}-uri`}
                  label="Link"
                  value={item.uri}
                  readOnly={Boolean(item.fileName && item.uri)}
                  error={err("uri")}
                  hint={item.fetchedFrom ? `A copy of ${item.fetchedFrom}, stored in this site’s vault` : item.fileName && item.uri ? "Stored in this site’s vault" : undefined}
                  placeholder="https://…"
                  onChange={(e) => {
                    // what a fetch of the old link said does not apply to the new one
                    if (fetching?.key === item.key && fetching.failed) setFetching(undefined);
                    update(item.key, { uri: e.target.value });
                  }}
                />
                {item.fileName ? (
                  <TextField
                    id={`evidence-${index}-hash`}
                    label="SHA-256"
                    className="sm:col-span-2"
                    value={item.contentHash}
                    readOnly
                    error={err("contentHash")}
                    hint={item.fetchedFrom ? `Computed by this site from what ${item.fetchedFrom} answered` : `Computed from ${item.fileName}`}
                    data-testid="evidence-hash"
                  />
                ) : (
                  <LinkHash index={index} item={item} error={item.contentHash === "" && err("contentHash") ? "Not hashed yet: fetch the link, or choose the file you downloaded from it." : err("contentHash")} fetching={Boolean(busy)} fetchNews={fetching?.key === item.key ? fetching : undefined} onFetch={() => void fetchByLink(item)} onHash={(contentHash, hashedFrom, mimeType) => update(item.key, { contentHash, hashedFrom, ...(mimeType ? { mimeType } : {}) })} onType={(contentHash) => update(item.key, { contentHash, hashedFrom: undefined })} />
                )}
              </div>
              <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
                <label className="flex items-center gap-2 text-sm">
                  <input type="radio" name="primary-evidence" checked={item.isPrimary} onChange={() => update(item.key, { isPrimary: true })} />
                  Primary evidence
                </label>
                <button
                  type="button"
                  className={smallButton}
                  onClick={() => {
                    // a notice about the row (a link that was not fetched) goes with it
                    setNotice(undefined);
                    if (fetching?.key === item.key) setFetching(undefined);
                    props.onChange(props.items.filter((other) => other.key !== item.key));
                  }}
                >
                  Remove <span className="sr-only">evidence {item.label}</span>
                </button>
              </div>
            </li>
          );
        })}
      </ul>
      <div className="flex flex-wrap items-center gap-2">
        <label className={`${smallButton} cursor-pointer has-disabled:cursor-not-allowed has-disabled:opacity-50 focus-within:outline focus-within:outline-2 focus-within:outline-accent`}>
          Add a file…
          <input
            ref={fileInput}
            type="file"
            className="sr-only"
            aria-label="Add an evidence file"
            disabled={Boolean(busy)}
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) void addFile(file);
            }}
          />
        </label>
        <button
          type="button"
          className={smallButton}
          onClick={() =>
            props.onChange([...props.items, { key: newKey(), label: "", evidenceType: "document", mimeType: "text/html", contentHash: "", uri: "", isPrimary: props.items.length === 0 }])
          }
        >
          Add by link
        </button>
        {/* a link's fetch is told beside its own button (below), the file's hashing and storing here */}
        <StatusLine as="span" text={fetching && !fetching.failed ? undefined : busy} />
      </div>
      <AlertLine text={notice} className="text-sm text-amber-800" />
    </fieldset>
  );
}

/**
 * The hash of evidence added by link, without typing it: the journalist picks the same file (the copy
 * they downloaded from the link) and this browser hashes it; it is not uploaded. Typing a known
 * SHA-256 stays possible, one click away.
 */
function LinkHash(props: { index: number; item: EvidenceDraft; error?: string; fetching: boolean; fetchNews?: { text: string; failed: boolean }; onFetch: () => void; onHash: (hash: string, fileName: string, mimeType?: string) => void; onType: (hash: string) => void }) {
  const { index, item } = props;
  const [problem, setProblem] = useState<string>();
  const pick = async (file: File) => {
    setProblem(undefined);
    if (file.size > VAULT_FILE_MAX_BYTES) {
      setProblem(`${file.name} is larger than 10 MB.`);
      return;
    }
    try {
      props.onHash(await sha256Hex(await file.arrayBuffer()), file.name, file.type || undefined);
    } catch (error) {
      setProblem(error instanceof Error ? error.message : "The file could not be read.");
    }
  };
  return (
    <div className="space-y-1 sm:col-span-2" data-testid="evidence-link-hash">
      <p className="text-sm font-medium text-stone-800">Fingerprint (SHA-256)</p>
      <p className="break-all font-mono text-xs text-stone-800" data-testid="evidence-hash-value">
        {item.contentHash || "Not computed yet"}
      </p>
      <p className="text-xs text-stone-600">
        {item.hashedFrom
          ? `Computed in your browser from ${item.hashedFrom}.`
          : "Let this site fetch the link once: it keeps a copy in its vault and records the fingerprint. Or choose the file you downloaded from the link; your browser computes its fingerprint and keeps the file."}
      </p>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <button type="button" className={smallButton} disabled={props.fetching || !/^https:\/\/\S+$/i.test(item.uri.trim())} onClick={props.onFetch} aria-describedby={`evidence-${index}-fetch-news`}>
          Fetch the link and compute its fingerprint <span className="sr-only">(evidence {index + 1})</span>
        </button>
        {/* always in the page (empty when there is nothing to tell), so a screen reader hears each change */}
        <span id={`evidence-${index}-fetch-news`} aria-live="polite" className={`min-w-48 flex-1 text-sm [overflow-wrap:anywhere] ${props.fetchNews?.failed ? "text-amber-800" : "text-stone-600"}`} data-testid="evidence-fetch-news">
          {props.fetchNews?.text ?? ""}
        </span>
      </div>
      {!/^https:\/\/\S+$/i.test(item.uri.trim()) ? <p className="text-xs text-stone-600">Enter an https address under Link to fetch it.</p> : null}
      <label className={`${smallButton} cursor-pointer has-disabled:cursor-not-allowed has-disabled:opacity-50 focus-within:outline focus-within:outline-2 focus-within:outline-accent`}>
        {item.hashedFrom ? "Choose another copy…" : "Choose the downloaded file…"}
        <input
          type="file"
          className="sr-only"
          aria-label={`The file at this link, to compute its fingerprint (evidence ${index + 1})`}
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) void pick(file);
            event.target.value = "";
          }}
        />
      </label>
      {problem ? <p className="text-xs text-red-700">{problem}</p> : null}
      {props.error ? (
        <p id={`evidence-${index}-hash-error`} className="text-xs font-medium text-red-700">
          {props.error}
        </p>
      ) : null}
      <details className="text-xs text-stone-600">
        <FoldedSummary>I already have the SHA-256</FoldedSummary>
        <TextField
          id={`evidence-${index}-hash`}
          label="SHA-256"
          value={item.contentHash}
          hint="0x followed by 64 hex digits"
          onChange={(e) => props.onType(e.target.value.trim())}
          data-testid="evidence-hash"
        />
      </details>
    </div>
  );
}
