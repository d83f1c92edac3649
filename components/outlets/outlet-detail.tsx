"use client";

import { FullAddress } from "@/components/ui/full-address";
import { DomainName } from "./domain-name";
import Link from "next/link";
import { useState, type ReactNode } from "react";
import { useOutlet, useOutletUsers } from "@/components/outlets/use-outlets";
import { useSession } from "@/components/wallet/use-session";
import { ApiError } from "@/lib/api/api-client";
import { Card } from "@/components/ui/card";
import { ErrorNotice } from "@/components/ui/error-notice";
import { Skeleton } from "@/components/ui/skeleton";
import { MembersPanel } from "./members-panel";
import { OutletStatusBadge } from "./outlet-status-badge";
import { TierPanel } from "./tier-panel";
import { OutletDistributionSection } from "@/components/distribution/outlet-distribution-section";
import { VerificationPanel } from "./verification-panel";
import { BondNotice } from "@/components/bonds/bond-notice";
import { isAuthorRole, ROLE } from "@/lib/roles/role-catalog";
import { useOutletRoles } from "@/components/roles/use-roles";
import { BackLink } from "@/components/ui/back-link";
import { failedWithNothing, RefreshFailed } from "@/components/ui/refresh-failed";


export function OutletDetail({ slug, articles }: { slug: string; articles?: ReactNode }) {
  const outlet = useOutlet(slug);
  const users = useOutletUsers(slug);
  const { wallet, status } = useSession();
  const myRoles = useOutletRoles(wallet, slug);
  // where the verification card stands is decided by the status the page opened with: a check answered on this page
  // (pending → active, or active → suspended) would otherwise move the card, with the focus on its answer, elsewhere
  const [openedStatus, setOpenedStatus] = useState<string | undefined>(undefined);
  const loadedStatus = outlet.data?.outlet.status;
  if (openedStatus === undefined && loadedStatus !== undefined) setOpenedStatus(loadedStatus);

  if (failedWithNothing(outlet)) {
    if (outlet.error instanceof ApiError && outlet.error.status === 404) {
      return (
        <div className="space-y-3">
          <h1 className="font-serif text-3xl font-bold tracking-tight">Outlet not found</h1>
          <p className="text-stone-600">
            No outlet is registered as “{slug}”. <Link href="/outlets" className="text-accent underline">See all outlets</Link> or register it there.
          </p>
        </div>
      );
    }
    return <ErrorNotice title="The outlet could not be loaded" error={outlet.error} onRetry={() => void outlet.refetch()} />;
  }
  const data = outlet.data?.outlet;
  if (!data) {
    return (
      <div className="space-y-6" role="status" aria-busy="true" aria-label="Loading outlet">
        <Skeleton className="block h-10 w-72" />
        <Skeleton className="block h-40 w-full" />
        <Skeleton className="block h-56 w-full" />
      </div>
    );
  }

  const me = wallet?.toLowerCase();
  const isOwner = me === data.outletWallet.toLowerCase();
  const isEditor = Boolean(users.data?.items.some((m) => m.wallet.toLowerCase() === me && m.roles.some((r) => r.roleId === ROLE.EDITOR)));
  const canManage = status === "signed-in" && (isOwner || isEditor);
  // a Journalist, Reporter or Editor here may draft here (the drafting page's own rule): the way in, with this outlet chosen
  const mayDraft = Boolean(myRoles.data?.roles.some((role) => isAuthorRole(role.roleId)));

  // While the outlet is not active (its domain not verified yet, or no longer found), why comes first: its owner's next
  // step, and what a reader needs to weigh its name and articles. An active outlet's articles come first.
  const active = data.status === "active";
  const verificationFirst = (openedStatus ?? data.status) !== "active";
  const verification = <VerificationPanel outlet={data} canManage={canManage} />;

  return (
    <div className="space-y-6">
      <RefreshFailed what="The outlet" read={outlet} />
      <div>
        <BackLink href="/outlets">Outlets</BackLink>
        <div className="mt-2 flex flex-wrap items-center gap-3">
          <h1 className="font-serif text-3xl font-bold tracking-tight">{data.name}</h1>
          <OutletStatusBadge status={data.status} />
          {mayDraft ? (
            <div className="sm:ml-auto" data-testid="outlet-new-capsule">
              <Link href={`/capsules/new?outlet=${encodeURIComponent(slug)}`} className="inline-flex min-h-11 items-center rounded-md bg-ink px-4 py-2 text-sm font-semibold text-white hover:bg-stone-800">
                New capsule
              </Link>
            </div>
          ) : null}
        </div>
        {data.description ? <p dir="auto" className="mt-2 max-w-2xl text-stone-600">{data.description}</p> : null}
      </div>
      <BondNotice slug={slug} />
      {verificationFirst ? verification : null}
      {articles}
      <Card title="Outlet">
        <dl className="grid gap-4 text-sm sm:grid-cols-2">
          <div>
            <dt className="text-xs uppercase tracking-wide text-stone-500">Slug</dt>
            <dd className="font-mono">{data.outletSlug}</dd>
          </div>
          <div>
            <dt className="text-xs uppercase tracking-wide text-stone-500">Domain</dt>
            <dd className="font-mono [overflow-wrap:anywhere]" data-testid="outlet-domain">
              <DomainName domain={data.domain} />
            </dd>
          </div>
          <div className="sm:col-span-2">
            <dt className="text-xs uppercase tracking-wide text-stone-500">Owner wallet</dt>
            <dd data-testid="outlet-owner">
              <FullAddress address={data.outletWallet} label="owner wallet" />
              {isOwner ? <span className="ml-2 font-sans text-xs text-stone-500">(you)</span> : null}
            </dd>
          </div>
          {data.outletMetadataURI ? (
            <div className="sm:col-span-2">
              <dt className="text-xs uppercase tracking-wide text-stone-500">Metadata</dt>
              <dd className="break-all font-mono">{data.outletMetadataURI}</dd>
            </div>
          ) : null}
        </dl>
      </Card>
      {verificationFirst ? (
        <TierPanel outlet={data} reportBelow={active} />
      ) : (
        <div className="grid gap-6 lg:grid-cols-2">
          {verification}
          <TierPanel outlet={data} reportBelow={active} />
        </div>
      )}
      {active ? <OutletDistributionSection slug={slug} /> : null}
      <MembersPanel slug={slug} canManage={canManage} amOwner={status === "signed-in" && isOwner} me={wallet} />
    </div>
  );
}
