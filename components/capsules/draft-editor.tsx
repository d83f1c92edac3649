"use client";

import Link from "next/link";
import { useCallback, useEffect, useRef, useState } from "react";
import type { TCapsuleResponse } from "@/lib/schemas/capsules";
import { useCreateCapsule, useUpdateCapsule } from "@/hooks/use-capsules";
import { useSession } from "@/hooks/use-session";
import { MarkdownEditor } from "@/components/markdown/markdown-editor";
import { Card } from "@/components/ui/card";
import { ContributorsEditor } from "./contributors-editor";
import { createPayload, shareTotal, updatePayload, validateDraft, type DraftErrors, type DraftState } from "./draft-state";
import { EvidenceEditor } from "./evidence-editor";
import { TextArea, TextField } from "./field";
import { SubmitPanel } from "./submit-panel";
import { SupportingEditor } from "./supporting-editor";

type SaveState = { kind: "idle" } | { kind: "saving" } | { kind: "saved"; at: Date } | { kind: "error"; message: string };
const AUTOSAVE_MS = 900;

const fieldNames: Record<string, string> = {
  title: "title",
  body: "body",
  category: "category",
  tags: "tags",
  sourceUrl: "source URL",
  rightsNotes: "rights notes",
  evidence: "evidence",
  contributors: "contributors",
  outletSlug: "outlet",
};

function firstProblem(errors: DraftErrors): string {
  const [path, message] = Object.entries(errors)[0] ?? ["form", "the draft is incomplete"];
  const field = fieldNames[path.split(".")[0] ?? ""] ?? path;
  return `${field} — ${message.charAt(0).toLowerCase()}${message.slice(1)}`;
}

// The drafting form: autosaves (debounced create, then update), validates with the routes' schemas,
// and offers submission once the draft is saved and complete.
export function DraftEditor(props: { initial: DraftState; capsuleId?: string; read?: TCapsuleResponse; outlets: string[] }) {
  const { wallet, session } = useSession();
  const create = useCreateCapsule();
  const update = useUpdateCapsule();
  const [state, setState] = useState(props.initial);
  const [capsuleId, setCapsuleId] = useState(props.capsuleId);
  const [version, setVersion] = useState(0);
  const [save, setSave] = useState<SaveState>(props.capsuleId ? { kind: "saved", at: new Date() } : { kind: "idle" });
  const [errors, setErrors] = useState<DraftErrors>({});
  const saving = useRef<Promise<boolean> | undefined>(undefined);
  const savedVersion = useRef(0);
  const latest = useRef({ state, capsuleId, version });
  latest.current = { state, capsuleId, version };

  const change = (patch: Partial<DraftState>) => {
    setState((current) => ({ ...current, ...patch }));
    setVersion((v) => v + 1);
  };

  const saveNow = useCallback(async (): Promise<boolean> => {
    if (saving.current) await saving.current;
    const { state: snapshot, capsuleId: id, version: at } = latest.current;
    if (id && at === savedVersion.current) return true;
    if (!wallet || !session) {
      setSave({ kind: "error", message: "sign in with your wallet to save this draft" });
      return false;
    }
    const check = validateDraft(snapshot, id, wallet);
    setErrors(check.errors);
    if (!check.ok) {
      setSave({ kind: "error", message: firstProblem(check.errors) });
      return false;
    }
    setSave({ kind: "saving" });
    const run = (async () => {
      try {
        if (!id) {
          const created = await create.mutateAsync(createPayload(snapshot, wallet));
          setCapsuleId(created.capsuleId);
          latest.current.capsuleId = created.capsuleId;
          window.history.replaceState(null, "", `/capsules/${created.capsuleId}/edit`);
        } else {
          await update.mutateAsync(updatePayload(snapshot, id));
        }
        savedVersion.current = at;
        setSave(latest.current.version === at ? { kind: "saved", at: new Date() } : { kind: "saving" });
        return true;
      } catch (error) {
        setSave({ kind: "error", message: error instanceof Error ? error.message : "the server did not answer" });
        return false;
      }
    })();
    saving.current = run;
    const ok = await run;
    saving.current = undefined;
    return ok;
  }, [wallet, session, create, update]);

  useEffect(() => {
    if (version === 0) return;
    const timer = setTimeout(() => void saveNow(), AUTOSAVE_MS);
    return () => clearTimeout(timer);
  }, [version, saveNow]);

  const total = shareTotal(state.contributors);
  const isCorrection = props.read && props.read.capsule.capsuleType !== "original";
  const notReady = !capsuleId
    ? "Write a title and a body first; the draft is saved automatically."
    : total !== 10_000
      ? "Contributor shares must add up to 10,000 basis points before you can submit."
      : save.kind === "error"
        ? "Fix the problem above before submitting."
        : undefined;

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <p className="text-sm">
            <Link href="/newsroom" className="text-stone-500 hover:text-ink">
              ← Newsroom
            </Link>
          </p>
          <h1 className="mt-2 font-serif text-3xl font-bold tracking-tight">{capsuleId ? `Draft #${capsuleId}` : "New capsule"}</h1>
          {isCorrection && props.read ? (
            <p className="mt-1 text-sm text-stone-600" data-testid="revision-note">
              {props.read.capsule.capsuleType === "retraction" ? "Retraction" : "Correction"} of{" "}
              <Link className="text-accent underline" href={`/capsules/${props.read.capsule.parentCapsuleId}`}>
                capsule #{props.read.capsule.parentCapsuleId}
              </Link>
              {props.read.revision.revisionReason ? ` — ${props.read.revision.revisionReason}` : ""}
            </p>
          ) : null}
        </div>
        <SaveIndicator save={save} onRetry={() => void saveNow()} />
      </div>

      {!session ? (
        <p role="status" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900" data-testid="draft-signin-hint">
          Sign in with your wallet (top right) so the draft can be saved.
        </p>
      ) : null}

      <Card>
        <form aria-label="Draft" className="space-y-5" onSubmit={(event) => event.preventDefault()} noValidate>
          <div className="grid gap-4 sm:grid-cols-2">
            {capsuleId ? (
              <div>
                <p className="text-sm font-medium text-stone-800">Outlet</p>
                <p className="mt-2 font-mono text-sm">{state.outletSlug}</p>
              </div>
            ) : (
              <div>
                <label htmlFor="draft-outlet" className="block text-sm font-medium text-stone-800">
                  Outlet
                </label>
                <select
                  id="draft-outlet"
                  value={state.outletSlug}
                  onChange={(e) => change({ outletSlug: e.target.value })}
                  className="mt-1 w-full rounded-md border border-stone-300 bg-white px-3 py-2 text-sm"
                >
                  {props.outlets.map((slug) => (
                    <option key={slug} value={slug}>
                      {slug}
                    </option>
                  ))}
                </select>
              </div>
            )}
            <TextField id="draft-category" label="Category" value={state.category} error={errors.category} placeholder="politics" onChange={(e) => change({ category: e.target.value })} />
          </div>
          <TextField id="draft-title" label="Title" value={state.title} error={errors.title} onChange={(e) => change({ title: e.target.value })} />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              id="draft-tags"
              label="Tags"
              value={state.tags}
              error={errors.tags ?? Object.entries(errors).find(([k]) => k.startsWith("tags."))?.[1]}
              hint="Separate tags with commas"
              onChange={(e) => change({ tags: e.target.value })}
            />
            <TextField id="draft-source" label="Source URL" type="url" value={state.sourceUrl} error={errors.sourceUrl} placeholder="https://…" onChange={(e) => change({ sourceUrl: e.target.value })} />
          </div>
          <MarkdownEditor id="draft-body" label="Body" value={state.body} error={errors.body} onChange={(body) => change({ body })} />
          <TextArea id="draft-rights" label="Rights notes" rows={3} value={state.rightsNotes} error={errors.rightsNotes} hint="Licence, syndication limits, image credits" onChange={(e) => change({ rightsNotes: e.target.value })} />
          <EvidenceEditor items={state.evidence} errors={errors} capsuleId={capsuleId} onChange={(evidence) => change({ evidence })} />
          <ContributorsEditor items={state.contributors} errors={errors} onChange={(contributors) => change({ contributors })} />
          <SupportingEditor capsuleId={capsuleId} />
        </form>
      </Card>

      {capsuleId ? (
        <Card>
          <SubmitPanel capsuleId={capsuleId} ready={!notReady} notReadyReason={notReady} beforeSubmit={saveNow} />
        </Card>
      ) : null}
    </div>
  );
}

function SaveIndicator({ save, onRetry }: { save: SaveState; onRetry: () => void }) {
  const text =
    save.kind === "saving"
      ? "Saving…"
      : save.kind === "saved"
        ? `Saved ${save.at.toLocaleTimeString("en-GB")}`
        : save.kind === "error"
          ? `Not saved: ${save.message}`
          : "Not saved yet";
  const tone = save.kind === "error" ? "border-red-300 bg-red-50 text-red-900" : save.kind === "saved" ? "border-emerald-300 bg-emerald-50 text-emerald-900" : "border-stone-300 bg-white text-stone-700";
  return (
    <div className={`max-w-md rounded-md border px-3 py-1.5 text-sm ${tone}`}>
      <span role="status" aria-live="polite" data-testid="autosave-status" data-state={save.kind}>
        {text}
      </span>
      {save.kind === "error" ? (
        <button type="button" onClick={onRetry} className="ml-2 underline">
          Retry
        </button>
      ) : null}
    </div>
  );
}
