"use client";

import { displayAddress } from "@/lib/wallet/short-address";
import Link from "next/link";
import { useMemo, useRef, useState } from "react";
import type { TCapsuleResponse } from "@/features/capsules/capsules.schema";
import { ApiError } from "@/lib/api/api-client";
import { useCapsule } from "@/components/capsules/use-capsules";
import { useWalletRoles } from "@/components/roles/use-roles";
import { useSession } from "@/components/wallet/use-session";
import { Card } from "@/components/ui/card";
import { failedWithNothing, RefreshFailed } from "@/components/ui/refresh-failed";
import { ErrorNotice } from "@/components/ui/error-notice";
import { Loading } from "@/components/ui/skeleton";
import { draftEndedOf } from "./draft-freshness";
import { DraftEditor } from "./draft-editor";
import { missingCapsuleText } from "./capsule-read-states";
import { draftFromCapsule, emptyDraft } from "@/features/capsules/draft-form";
import { isAuthorRole } from "@/lib/roles/role-catalog";

/** The page's placeholder while the draft or the wallet's outlets are read: a heading, a field and the body. */
const DraftLoading = ({ label }: { label: string }) => <Loading label={label} bars={["block h-10 w-64", "block h-12 w-full", "block h-72 w-full"]} gap="space-y-4" />;

function Message({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="space-y-4">
      <h1 className="font-serif text-3xl font-bold tracking-tight">{title}</h1>
      <Card>
        <div className="text-stone-700">{children}</div>
      </Card>
    </div>
  );
}

/** /capsules/new — a fresh draft at one of the wallet's outlets (an author role there). */
export function NewDraftPage({ outlet }: { outlet?: string }) {
  const { wallet, status } = useSession();
  const roles = useWalletRoles(wallet);
  // each outlet where the wallet holds an author role, with the author roles it holds there (its own row's role)
  const outlets = useMemo(() => {
    const bySlug = new Map<string, { slug: string; name: string; authorRoles: number[] }>();
    for (const r of roles.data?.items ?? []) {
      if (!isAuthorRole(r.roleId)) continue;
      const outlet = bySlug.get(r.outletSlug) ?? { slug: r.outletSlug, name: r.outletName, authorRoles: [] };
      outlet.authorRoles.push(r.roleId);
      bySlug.set(r.outletSlug, outlet);
    }
    return [...bySlug.values()];
  }, [roles.data]);
  if (!wallet) {
    return <Message title="New capsule">{status === "connecting" ? "Connecting to your wallet…" : "Connect your wallet from the page header and sign in to start a draft."}</Message>;
  }
  if (failedWithNothing(roles)) return <ErrorNotice title="Your roles could not be loaded" error={roles.error} onRetry={() => void roles.refetch()} />;
  if (roles.isPending) return <DraftLoading label="Loading your outlets" />;
  if (outlets.length === 0) {
    return (
      <Message title="New capsule">
        Only a Journalist, Reporter or Editor of an outlet can draft a capsule, and this wallet holds none of those roles. Ask the outlet’s owner to grant you one, or{" "}
        <Link href="/outlets" className="text-accent underline">register an outlet</Link>.
      </Message>
    );
  }
  const start = outlets.find((o) => o.slug === outlet) ?? outlets[0];
  return <DraftEditor key={wallet} initial={emptyDraft(start?.slug ?? "", wallet, start?.authorRoles ?? [])} outlets={outlets} />;
}

/** /capsules/:id/edit — the draft's editor; anything not a draft points to its page. */
export function EditDraftPage({ id }: { id: string }) {
  const { wallet, status, session, settled } = useSession();
  // A draft is private: before sign-in its read would be a 404 (logged by the browser), so the page asks to sign in
  const capsule = useCapsule(id, { signedInOnly: true });
  // The read is keyed by the session: when the session ends mid-edit (expired, signed out in another tab) the page
  // reads again anonymously, and a private draft is then a 404. The editor opened with the signed read stays, with
  // the text being written (also while the new session's read is on its way); it asks to sign in again and saves
  // once that is done.
  const opened = useRef<TCapsuleResponse | undefined>(undefined);
  if (capsule.data) opened.current = capsule.data;
  const kept = !capsule.data && opened.current && wallet ? opened.current : undefined;
  if (!kept && !session) {
    if (!settled || status === "connecting" || status === "signing-in") return <DraftLoading label="Connecting to your wallet" />;
    return (
      <Message title={`Draft #${id}`}>
        <p data-testid="edit-sign-in">
          Drafts are private to the journalist who started them. {wallet ? "Sign in" : "Connect your wallet and sign in"} (in the page header) to open this draft.
        </p>
      </Message>
    );
  }
  // a failed refresh must not take the editor (and the text being written) off the page
  if (!kept && failedWithNothing(capsule)) {
    if (capsule.error instanceof ApiError && (capsule.error.status === 404 || capsule.error.status === 400)) {
      return (
        <Message title="Draft not found">
          {missingCapsuleText(id, status === "signed-in")} <Link href="/newsroom" className="text-accent underline">Back to the newsroom</Link>.
        </Message>
      );
    }
    return <ErrorNotice title="The draft could not be loaded" error={capsule.error} onRetry={() => void capsule.refetch()} />;
  }
  const read = capsule.data ?? kept;
  if (!read) return <DraftLoading label="Loading the draft" />;
  return (
    <>
      <RefreshFailed what="The draft" read={capsule} keeps="What you write stays in the editor, and the editor says whether it was saved." className="mb-4" />
      <DraftGate id={id} wallet={wallet} read={read} />
    </>
  );
}

/**
 * Decides from the read the page opened with: the capsule stops being a draft while its own editor
 * submits it, and the editor must stay on screen to follow the transaction.
 */
function DraftGate({ id, wallet, read: latest }: { id: string; wallet: string | undefined; read: TCapsuleResponse }) {
  const [read] = useState(latest);
  if (read.capsule.status !== "draft") {
    return (
      <Message title={read.capsule.title}>
        {draftEndedOf(read.capsule)?.kind === "withdrawn" ? "This draft was withdrawn" : "This capsule was submitted"} and can no longer be edited.{" "}
        <Link href={`/capsules/${id}`} className="text-accent underline">See its vote and status</Link>.
      </Message>
    );
  }
  if (wallet && wallet.toLowerCase() !== read.capsule.submitter.toLowerCase()) {
    return (
      <Message title={read.capsule.title || `Draft #${id}`}>
        Only the journalist who started this draft ({displayAddress(read.capsule.submitter)}) can edit it.
      </Message>
    );
  }
  return <DraftEditor key={id} initial={draftFromCapsule(read)} capsuleId={id} read={read} outlets={[{ slug: read.capsule.outletSlug, name: read.outlet.outletName }]} />;
}
