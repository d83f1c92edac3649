"use client";

import Link from "next/link";
import { useMemo, useState } from "react";
import type { TCapsuleResponse } from "@/features/capsules/capsules.schema";
import { lowestAuthorRole } from "@/lib/roles/role-catalog";
import { draftFromCapsule, planSave, shareTotal, type ContributorDraft, type DraftState } from "@/features/capsules/draft-form";
import { TOTAL_SHARE_BPS } from "@/features/capsules/contributors";
import { useSession } from "@/components/wallet/use-session";
import { MarkdownEditor } from "@/components/markdown/markdown-editor";
import { Card } from "@/components/ui/card";
import { ContributorsEditor } from "./contributors-editor";
import { EvidenceEditor } from "./evidence-editor";
import { FeatureImageEditor } from "./feature-image-editor";
import { ClaimsEditor } from "./claims-editor";
import { disabledLook, TextArea, TextField } from "@/components/ui/field";
import { SaveIndicator } from "./save-indicator";
import { fixBeforeSubmit } from "./draft-field-names";
import { ContentHash } from "./content-hash";
import { SubmitPanel } from "./submit-panel";
import { SupportingEditor } from "./supporting-editor";
import { useAutosave } from "./use-autosave";
import { quoteMatches } from "@/features/capsules/claim-anchor";
import { useCapsule } from "./use-capsules";
import { SavedElsewhereNotice } from "./saved-elsewhere-notice";
import { DraftEndedNotice } from "./draft-ended-notice";
import { SubmissionUnderWayNotice } from "./submission-under-way-notice";
import { formatTime } from "@/components/ui/capsule-format";
import { BackLink } from "@/components/ui/back-link";
import { useLeaveGuard } from "@/components/ui/use-leave-guard";

// The drafting form: every field of the creation payload, validated live with the routes' schemas,
// autosaved (create, then update), and submission once the saved draft is complete.
export function DraftEditor(props: { initial: DraftState; capsuleId?: string; read?: TCapsuleResponse; outlets: Array<{ slug: string; name: string; authorRoles?: number[] }> }) {
  const { wallet, session } = useSession();
  const [state, setState] = useState(props.initial);
  const [locked, setLocked] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const autosave = useAutosave({
    state,
    capsuleId: props.capsuleId,
    wallet,
    session,
    paused: locked,
    revision: props.read?.draftRevision,
    // the slug field shows the one the bridge made from the title, not an empty box
    onCreated: (created) => setState((current) => (current.articleSlug ? current : { ...current, articleSlug: created.capsule.articleSlug })),
    // a newer version saved in another tab or on another device (or the version submitted there), read while this
    // form held no change of its own
    onNewerVersion: setState,
  });
  const capsuleId = autosave.capsuleId;
  // submitted or withdrawn from another tab or device: nothing here is saved or submitted any more
  const ended = submitted ? undefined : autosave.ended;
  // being submitted from another tab or device: editing pauses until that ends (the chain has it, or it lapses)
  const underWay = submitted || ended ? undefined : autosave.underWay;
  const frozen = locked || submitted || Boolean(ended) || Boolean(underWay);
  useLeaveGuard(submitted ? undefined : autosave.leaveWarning);
  const plan = useMemo(() => (wallet ? planSave(state, capsuleId, wallet) : undefined), [state, capsuleId, wallet]);
  const errors = { ...(plan?.errors ?? {}), ...autosave.serverErrors };

  const change = (patch: Partial<DraftState>) => {
    setState((current) => ({ ...current, ...patch }));
    autosave.touch();
  };

  const total = shareTotal(state.contributors);
  const revisionOf = props.read && props.read.capsule.capsuleType !== "original" ? props.read : undefined;
  const problems = Object.keys(errors).length;
  // claims are saved with the draft and quote its body: one whose words left the body blocks submission
  const saved = useCapsule(capsuleId).data;
  const savedClaims = saved?.claims ?? [];
  const closesAt = saved?.capsule.closesAt;
  const adrift = savedClaims.filter((claim) => !quoteMatches(state.body, claim)).map((claim) => claim.ordinal);
  const notReady = !capsuleId
    ? "Write a title and a body first; the draft is saved automatically."
    : underWay
      ? "This draft is being submitted from another tab or device (said above the form)."
    : total !== TOTAL_SHARE_BPS
      ? "Contributor shares must add up to 100 percent before you can submit."
      : problems > 0
        ? fixBeforeSubmit(Object.keys(errors), ownRows(state.contributors, wallet))
        : adrift.length > 0
          ? `${adrift.length === 1 ? `Claim ${adrift[0]} quotes` : `Claims ${adrift.join(", ")} quote`} words no longer in the body: mark ${adrift.length === 1 ? "it" : "them"} again or remove ${adrift.length === 1 ? "it" : "them"} under Claims before submitting.`
          : undefined;

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <BackLink href="/newsroom">Newsroom</BackLink>
          <h1 className="mt-2 font-serif text-3xl font-bold tracking-tight">{submitted || ended?.kind === "submitted" ? `Capsule #${capsuleId} submitted` : ended ? `Draft #${capsuleId} withdrawn` : capsuleId ? `Draft #${capsuleId}` : "New capsule"}</h1>
          {revisionOf ? (
            <p className="mt-1 text-sm text-stone-600" data-testid="revision-note">
              {revisionOf.capsule.capsuleType === "retraction" ? "Retraction" : "Correction"} of{" "}
              <Link className="text-accent underline" href={`/capsules/${revisionOf.capsule.parentCapsuleId}`}>
                capsule #{revisionOf.capsule.parentCapsuleId}
              </Link>
              {revisionOf.revision.revisionReason ? <> — <bdi>{revisionOf.revision.revisionReason}</bdi></> : ""}
            </p>
          ) : null}
        </div>
        <SaveIndicator save={autosave.status} onRetry={() => void autosave.saveNow()} />
      </div>

      {!session ? (
        <p role="status" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900" data-testid="draft-signin-hint">
          Sign in with your wallet from the page header so the draft can be saved.
        </p>
      ) : null}

      {/* saved in another tab, or elsewhere (the bridge refused a save of an older revision): the writer chooses */}
      {ended && capsuleId ? <DraftEndedNotice capsuleId={capsuleId} ended={ended} mine={state} theirs={saved ? draftFromCapsule(saved) : undefined} /> : null}

      <SubmissionUnderWayNotice underWay={underWay} />

      {autosave.elsewhere && capsuleId && !submitted && !ended && !underWay ? (
        <SavedElsewhereNotice
          capsuleId={capsuleId}
          session={session}
          news={autosave.elsewhere}
          mine={state}
          edited={autosave.edited}
          onLoad={(saved, revision) => {
            setState(saved);
            autosave.adopt(revision);
          }}
          onKeep={(revision) => void autosave.keepMine(revision)}
        />
      ) : null}

      {/* the form took a newer version saved in another tab or elsewhere by itself (it held no change of its own): said politely, once */}
      <div role="status" data-testid="draft-refreshed" data-where={autosave.refreshed?.where}>
        {autosave.refreshed && !autosave.elsewhere && !submitted && !ended ? (
          <p className="rounded-md border border-sky-300 bg-sky-50 p-3 text-sm text-sky-950">
            Updated with the version saved {autosave.refreshed.where === "tab" ? "in another tab" : "on another device"} at{" "}
            {autosave.refreshed.at.toLocaleTimeString("en-GB", { hour: "2-digit", minute: "2-digit", timeZoneName: "short" })}.
          </p>
        ) : null}
      </div>

      {submitted && capsuleId ? (
        <p role="status" className="rounded-md border border-emerald-300 bg-emerald-50 p-3 text-sm text-emerald-950" data-testid="draft-submitted-note">
          Submitted for the editors’ vote: the text below is what they vote on and can no longer be changed.{" "}
          {closesAt ? <>Voting is open until {formatTime(closesAt)}. </> : null}
          The vote is on{" "}
          <Link href={`/capsules/${capsuleId}`} className="font-semibold underline">
            the capsule’s page
          </Link>
          .
        </p>
      ) : null}

      <Card>
        <form aria-label={submitted || ended?.kind === "submitted" ? "Submitted capsule" : ended ? "Withdrawn draft" : "Draft"} className="space-y-5" onSubmit={(event) => event.preventDefault()} noValidate>
          {/* locked from the voucher on; once submitted the fields stay disabled and look it (greyed, not white boxes) */}
          <fieldset disabled={frozen} className="min-w-0 space-y-5" data-testid="draft-fields">
            <legend className="sr-only">Article</legend>
            <TextField id="draft-title" label="Title" value={state.title} error={errors.title} onChange={(e) => change({ title: e.target.value })} />
            <TextArea
              id="draft-standfirst"
              label="Standfirst (optional)"
              rows={2}
              value={state.standfirst}
              error={errors.subtitle}
              hint="One or two sentences under the headline. The front page and the feeds show it instead of the article’s opening lines."
              onChange={(e) => change({ standfirst: e.target.value })}
            />
            {capsuleId ? (
              <TextField
                id="draft-slug"
                label="Slug"
                value={state.articleSlug}
                error={errors.articleSlug}
                spellCheck={false}
                autoComplete="off"
                hint="The article’s name in links and feeds at its outlet: lowercase letters, digits and hyphens. Made from the title; it can be changed until the draft is submitted."
                onChange={(e) => change({ articleSlug: e.target.value.trim().toLowerCase() })}
                data-testid="draft-slug"
              />
            ) : null}
            <div className="grid gap-4 sm:grid-cols-2">
              {capsuleId ? (
                <div>
                  <p className="text-sm font-medium text-stone-800">Outlet</p>
                  <p className="mt-2 text-sm" data-testid="draft-outlet">
                    {props.outlets.find((o) => o.slug === state.outletSlug)?.name ?? state.outletSlug}
                  </p>
                </div>
              ) : (
                <div>
                  <label htmlFor="draft-outlet" className="block text-sm font-medium text-stone-800">
                    Outlet
                  </label>
                  <select
                    id="draft-outlet"
                    value={state.outletSlug}
                    onChange={(e) => change({ outletSlug: e.target.value, contributors: authorRowAt(state.contributors, wallet, props.outlets.find((o) => o.slug === e.target.value)?.authorRoles) })}
                    className={`mt-1 w-full rounded-md border border-stone-300 bg-white px-3 py-2 text-sm ${disabledLook}`}
                  >
                    {props.outlets.map((o) => (
                      <option key={o.slug} value={o.slug}>
                        {o.name}
                      </option>
                    ))}
                  </select>
                </div>
              )}
              <TextField id="draft-category" label="Category" value={state.category} error={errors.category} placeholder="politics" onChange={(e) => change({ category: e.target.value })} />
            </div>
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField
                id="draft-tags"
                label="Tags"
                value={state.tags}
                error={errors.tags ?? Object.entries(errors).find(([k]) => k.startsWith("tags."))?.[1]}
                hint="Separate tags with commas"
                onChange={(e) => change({ tags: e.target.value })}
              />
              <TextField
                id="draft-source"
                label="Source URL"
                type="url"
                value={state.sourceUrl}
                error={errors.sourceUrl}
                placeholder="https://…"
                onChange={(e) => change({ sourceUrl: e.target.value })}
              />
            </div>
            <FeatureImageEditor image={state.featureImage} errors={errors} capsuleId={capsuleId} onChange={(featureImage) => change({ featureImage })} />
            <MarkdownEditor id="draft-body" label="Body" value={state.body} error={errors.body} onChange={(body) => change({ body })} />
            <ContentHash body={state.body} />
            <TextArea
              id="draft-rights"
              label="Rights notes"
              rows={3}
              value={state.rightsNotes}
              error={errors.rightsNotes}
              hint="Licence, syndication limits, image credits"
              onChange={(e) => change({ rightsNotes: e.target.value })}
            />
            <EvidenceEditor items={state.evidence} errors={errors} capsuleId={capsuleId} onChange={(evidence) => change({ evidence })} />
            <ClaimsEditor capsuleId={capsuleId} bodyId="draft-body" body={state.body} locked={frozen} beforeSave={autosave.saveForClaims} />
            <ContributorsEditor items={state.contributors} errors={errors} author={wallet} onChange={(contributors) => change({ contributors })} />
            <SupportingEditor capsuleId={capsuleId} locked={frozen} />
          </fieldset>
        </form>
      </Card>

      {capsuleId && !ended ? (
        <Card>
          <SubmitPanel capsuleId={capsuleId} ready={!notReady} notReadyReason={notReady} onShowProblem={problems > 0 ? showFirstProblem : undefined} beforeSubmit={autosave.saveForSubmit} revision={autosave.savedRevision} explainRefusal={autosave.refusedSubmission} onVoucher={autosave.submissionStarted} onLockChange={setLocked} onSubmitted={() => setSubmitted(true)} />
        </Card>
      ) : null}
    </div>
  );
}

/** The submit panel sits below the form: it takes the writer to the first field marked with a problem, wherever that is. */
function showFirstProblem() {
  const field = document.querySelector<HTMLElement>('[data-testid="draft-fields"] [aria-invalid="true"]');
  if (!field) return;
  field.scrollIntoView({ block: "center" });
  field.focus({ preventScroll: true });
}

/** The contributor rows that credit the signed-in wallet. */
const ownRows = (contributors: ContributorDraft[], wallet: string | undefined): number[] =>
  contributors.flatMap((c, index) => (wallet && c.wallet.toLowerCase() === wallet.toLowerCase() ? [index] : []));

/** Another outlet chosen for a fresh draft: the author's own row keeps its role if the wallet holds it there, else the role it holds. */
function authorRowAt(contributors: ContributorDraft[], wallet: string | undefined, held: number[] | undefined): ContributorDraft[] {
  if (!wallet || !held) return contributors;
  return contributors.map((c) => (c.wallet.toLowerCase() === wallet.toLowerCase() && !held.includes(c.role) ? { ...c, role: lowestAuthorRole(held) } : c));
}
