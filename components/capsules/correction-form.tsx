"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { useFormDraft } from "@/components/ui/use-form-draft";
import { ZAddHistoryBody } from "@/features/capsules/capsules.schema";
import { useStartRevision } from "@/components/capsules/use-capsules";
import { useSession } from "@/components/wallet/use-session";
import { useOutletRoles } from "@/components/roles/use-roles";
import { isAuthorRole } from "@/lib/roles/role-catalog";
import { primaryButton, TextArea } from "@/components/ui/field";
import { ApiError } from "@/lib/api/api-client";
import { useFocusOnMessage } from "@/components/ui/focus-on-message";

/** The open revision's id, which the 409 gives only to a caller who may read that draft. */
const openDraftId = (error: Error): string | undefined => {
  const id = error instanceof ApiError ? error.details.openCapsuleId : undefined;
  return typeof id === "string" && /^\d+$/.test(id) ? id : undefined;
};

// "Publish a correction": starts a correction (or retraction) draft from the current version and opens its editor.
export function CorrectionForm({ currentId, currentStatus, outletSlug }: { currentId: string; currentStatus: string; outletSlug: string | undefined }) {
  const router = useRouter();
  const { status, wallet } = useSession();
  const roles = useOutletRoles(status === "signed-in" ? wallet : undefined, outletSlug);
  const start = useStartRevision(currentId);
  const rejected = currentStatus === "rejected";
  const [kindText, setKindText] = useFormDraft(`revision.${currentId}.kind`, "correction");
  const kind: "correction" | "retraction" = kindText === "retraction" ? "retraction" : "correction";
  const setKind = (value: "correction" | "retraction") => setKindText(value);
  const [reason, setReason, clearReason] = useFormDraft(`revision.${currentId}.reason`);
  const [error, setError] = useState<string | undefined>();
  // the button is disabled while the draft is started: a refusal takes the focus, or it would fall to the page's start
  const refusal = useFocusOnMessage<HTMLParagraphElement>(start.isError ? start.error.message : undefined);
  const noRole = Boolean(roles.data && !roles.data.roles.some((r) => isAuthorRole(r.roleId)));
  const showsForm = status === "signed-in" && !noRole;
  // the capsule page's "Publish a correction" leads here (#correction): the reason is where the writer starts
  const arrived = useRef(false);
  useEffect(() => {
    if (!showsForm || arrived.current || window.location.hash !== "#correction") return;
    arrived.current = true;
    // after the route's own focus move to the heading, which runs in the same commit
    const timer = window.setTimeout(() => document.getElementById("revision-reason")?.focus(), 0);
    return () => window.clearTimeout(timer);
  }, [showsForm]);

  if (status !== "signed-in") {
    return <p className="text-sm text-stone-600">Sign in from the page header as a journalist of the outlet to publish a correction.</p>;
  }
  // the form is for the outlet's newsroom: anyone else learns so before filling it in
  if (noRole) {
    return (
      <p className="text-sm text-stone-600" data-testid="correction-no-role">
        Only a Journalist, Reporter or Editor of this outlet can publish a correction. Your wallet holds no such role here; ask the outlet&apos;s owner or
        an Editor.
      </p>
    );
  }

  function submit(event: React.FormEvent) {
    event.preventDefault();
    const body = { capsuleType: rejected ? ("original" as const) : kind, revisionReason: reason };
    const parsed = ZAddHistoryBody.safeParse(body);
    if (!parsed.success) {
      setError(reason.trim() ? (parsed.error.issues[0]?.message ?? "Check the reason") : "Say in plain words what is being corrected and why");
      // the field and its message, not the button, are where the writer carries on
      document.getElementById("revision-reason")?.focus();
      return;
    }
    setError(undefined);
    start.mutate(parsed.data, {
      onSuccess: (created) => {
        clearReason();
        router.push(`/capsules/${created.capsuleId}/edit`);
      },
    });
  }

  return (
    <form aria-label={rejected ? "Revise the capsule" : "Publish a correction"} onSubmit={submit} className="space-y-3" noValidate>
      {!rejected ? (
        <fieldset>
          <legend className="text-sm font-medium text-stone-800">Kind</legend>
          <div className="mt-1 flex flex-wrap gap-4 text-sm">
            <label className="flex items-center gap-2">
              <input type="radio" name="revision-kind" checked={kind === "correction"} onChange={() => setKind("correction")} /> Correction
            </label>
            <label className="flex items-center gap-2">
              <input type="radio" name="revision-kind" checked={kind === "retraction"} onChange={() => setKind("retraction")} /> Retraction
            </label>
          </div>
        </fieldset>
      ) : null}
      <TextArea id="revision-reason" label="Reason" rows={3} value={reason} error={error} hint="Shown to readers with the new version" onChange={(e) => setReason(e.target.value)} />
      <button type="submit" className={primaryButton} disabled={start.isPending}>
        {start.isPending ? "Starting the draft…" : rejected ? "Revise as a new draft" : kind === "correction" ? "Publish a correction" : "Start a retraction"}
      </button>
      {start.isError ? (
        <p role="alert" ref={refusal} tabIndex={-1} className="text-sm text-red-800" data-testid="correction-error">
          {start.error.message}
          {openDraftId(start.error) ? (
            <>
              {" "}
              <Link href={`/capsules/${openDraftId(start.error)}`} className="underline" data-testid="open-revision-link">
                Open that draft (an Editor may withdraw it there)
              </Link>
            </>
          ) : null}
        </p>
      ) : null}
    </form>
  );
}
