"use client";

import Link from "next/link";
import { useMemo, useState } from "react";
import { useQueries } from "@tanstack/react-query";
import type { TCapsuleListItem } from "@/features/capsules/capsules.schema";
import { capsuleListQuery, useCapsuleList, type CapsuleStatusFilter } from "@/components/capsules/use-capsules";
import { useWalletRoles } from "@/components/roles/use-roles";
import { useChainClock } from "@/components/network/use-chain-clock";
import { useSession } from "@/components/wallet/use-session";
import { Card } from "@/components/ui/card";
import { ErrorNotice } from "@/components/ui/error-notice";
import { Loading, Skeleton } from "@/components/ui/skeleton";
import { CapsuleRow } from "./capsule-row";
import { NEEDS_YOUR_VOTE, viewerVoteWords } from "@/components/capsules/viewer-vote-words";
import { BondShortfall } from "@/components/bonds/bond-shortfall";
import { RoleOffersCard } from "./role-offers-card";
import { failedWithNothing, RefreshFailed } from "@/components/ui/refresh-failed";
import { COURT_OUTLET_SLUG, isAuthorRole, ROLE } from "@/lib/roles/role-catalog";
import { NoRoleNotice } from "./no-role-notice";

const ALL = "__all";
const statusFilters: Array<{ value: CapsuleStatusFilter; label: string }> = [
  { value: "all", label: "All" },
  { value: "draft", label: "Drafts" },
  { value: "pending", label: "Voting" },
  { value: "finalized", label: "Finalized" },
  { value: "rejected", label: "Rejected" },
  { value: "superseded", label: "Superseded" },
];
const PAGE_SIZE = 10;

/** One status across several outlets, newest first (the bridge filters one outlet per request). */
function useSection(slugs: string[], status: "draft" | "pending" | "finalized") {
  const { session } = useSession();
  const results = useQueries({
    queries: slugs.map((slug) => capsuleListQuery({ outlet: slug, status, page: 1, limit: 20 }, session)),
  });
  const when = (c: TCapsuleListItem) => Number(status === "finalized" ? c.finalizedAt : status === "pending" ? c.closesAt : c.updatedAt);
  // newest first; open votes by the window that closes first
  const items = results
    .flatMap((result) => result.data?.items ?? [])
    .sort((a, b) => (status === "pending" ? when(a) - when(b) : when(b) - when(a)) || Number(b.id) - Number(a.id));
  return { items, loading: results.some((r) => r.isPending), error: results.find((r) => r.error)?.error, refetch: () => results.forEach((r) => void r.refetch()) };
}

function Section(props: {
  title: string;
  testId: string;
  items: TCapsuleListItem[];
  loading: boolean;
  error: unknown;
  empty: React.ReactNode;
  now: number;
  onRetry: () => void;
  outletNames: ReadonlyMap<string, string>;
  /** Outlets where the wallet is an Editor: its rows there say how it voted, or that its vote is needed. */
  editorAt?: ReadonlySet<string>;
  /** A line above the rows (Open votes: how many still need the Editor's vote). */
  summary?: React.ReactNode;
}) {
  return (
    <Card title={props.title}>
      <div data-testid={props.testId}>
        {props.summary && !props.loading && !props.error ? props.summary : null}
        {props.error ? (
          <ErrorNotice title={`${props.title} could not be loaded`} error={props.error} onRetry={props.onRetry} />
        ) : props.loading ? (
          <div className="space-y-3" role="status" aria-busy="true" aria-label={`Loading ${props.title.toLowerCase()}`}>
            <Skeleton className="block h-6 w-full" />
            <Skeleton className="block h-6 w-4/5" />
          </div>
        ) : props.items.length === 0 ? (
          <p className="text-sm text-stone-600">{props.empty}</p>
        ) : (
          <ul className="divide-y divide-stone-100">
            {props.items.map((capsule) => (
              <CapsuleRow key={capsule.id} capsule={capsule} now={props.now} outletName={props.outletNames.get(capsule.outletSlug)} votesHere={props.editorAt?.has(capsule.outletSlug)} />
            ))}
          </ul>
        )}
      </div>
    </Card>
  );
}

export function NewsroomHome() {
  const { wallet, status: sessionStatus } = useSession();
  const roles = useWalletRoles(wallet);
  const now = useChainClock();
  const [outlet, setOutlet] = useState(ALL);
  const [status, setStatus] = useState<CapsuleStatusFilter>("all");
  const [page, setPage] = useState(1);

  // slug → name of the outlets where the wallet holds a role (the court's seat is not a newsroom)
  const outletNames = useMemo(() => new Map((roles.data?.items ?? []).filter((role) => role.outletSlug !== "capsule-court").map((role) => [role.outletSlug, role.outletName])), [roles.data]);
  const myOutlets = useMemo(() => [...outletNames.keys()], [outletNames]);
  const editorAt = useMemo(() => new Set((roles.data?.items ?? []).filter((role) => role.roleId === ROLE.EDITOR).map((role) => role.outletSlug)), [roles.data]);
  const slugs = outlet === ALL ? myOutlets : [outlet];
  const drafts = useSection(slugs, "draft");
  const open = useSection(slugs, "pending");
  const finalized = useSection(slugs, "finalized");
  const browse = useCapsuleList({ outlet: outlet === ALL ? myOutlets[0] : outlet, status, page, limit: PAGE_SIZE }, slugs.length > 0 && (outlet !== ALL || myOutlets.length === 1));
  const myDrafts = drafts.items.filter((c) => c.submitter.toLowerCase() === wallet?.toLowerCase());
  const recentlyFinalized = finalized.items.slice(0, 10);
  // what the cards above list: on a phone the cards stack, so All capsules marks these rows (docs/DECISIONS.md)
  const listedAbove = new Set([...myDrafts, ...open.items, ...recentlyFinalized].map((c) => c.id));
  const newHref = outlet === ALL ? "/capsules/new" : `/capsules/new?outlet=${encodeURIComponent(outlet)}`;
  // only a Journalist, Reporter or Editor of an outlet may draft (the drafting page's rule): New capsule is offered to
  // such a wallet, and a wallet without one is told what it needs instead of a link to a page that refuses it
  const mayDraft = (roles.data?.items ?? []).some((role) => isAuthorRole(role.roleId) && role.outletSlug !== COURT_OUTLET_SLUG);

  if (!wallet) {
    return (
      <div className="space-y-4">
        <h1 className="font-serif text-3xl font-bold tracking-tight">Newsroom</h1>
        <Card>
          <p className="text-stone-700" data-testid="newsroom-connect">
            {sessionStatus === "connecting" ? "Connecting to your wallet…" : "Connect your wallet from the page header to see the drafts, open votes and finalized capsules of your outlets."}
          </p>
        </Card>
      </div>
    );
  }

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="font-serif text-3xl font-bold tracking-tight">Newsroom</h1>
          <p className="mt-1 text-stone-600">Your drafts, the votes that are open and what was finalized, at the outlets where you hold a role.</p>
        </div>
        {mayDraft ? (
          <Link href={newHref} className="inline-flex min-h-11 items-center rounded-md bg-ink px-4 py-2 text-sm font-semibold text-white hover:bg-stone-800">
            New capsule
          </Link>
        ) : roles.data ? (
          <p className="max-w-sm text-sm text-stone-600" data-testid="newsroom-draft-needs-role">
            To draft a capsule you need the Journalist, Reporter or Editor role at an outlet: its owner grants it.
          </p>
        ) : null}
      </div>

      <BondShortfall />
      <RoleOffersCard />
      {roles.isError ? <ErrorNotice title="Your roles could not be loaded" error={roles.error} onRetry={() => void roles.refetch()} /> : null}
      {roles.isPending ? (
        <Loading label="Loading your roles" bars={["block h-10 w-64"]} />
      ) : roles.isError ? null : myOutlets.length === 0 ? (
        <NoRoleNotice signedIn={sessionStatus === "signed-in"} />
      ) : (
        <>
          <div className="flex flex-wrap items-center gap-3">
            <label htmlFor="newsroom-outlet" className="text-sm font-medium text-stone-700">
              Outlet
            </label>
            <select
              id="newsroom-outlet"
              value={outlet}
              onChange={(event) => {
                setOutlet(event.target.value);
                setPage(1);
              }}
              className="rounded-md border border-stone-300 bg-white px-3 py-1.5 text-sm"
            >
              <option value={ALL}>All my outlets ({myOutlets.length})</option>
              {myOutlets.map((slug) => (
                <option key={slug} value={slug}>
                  {outletNames.get(slug) ?? slug}
                </option>
              ))}
            </select>
          </div>
          <div className="grid gap-6 lg:grid-cols-2">
            <Section
              title="My drafts"
              testId="my-drafts"
              items={myDrafts}
              loading={drafts.loading}
              error={drafts.error}
              onRetry={drafts.refetch}
              now={now}
              outletNames={outletNames}
              empty={
                // drafts are private: until the wallet signs in, the list holds none of them, whatever exists
                sessionStatus !== "signed-in" ? (
                  <span data-testid="drafts-sign-in">Sign in (in the page header) to see your drafts: they are private until you do.</span>
                ) : (
                  <>No drafts. Start one with <Link href={newHref} className="text-accent underline">New capsule</Link>.</>
                )
              }
            />
            <Section
              title="Open votes"
              testId="open-votes"
              items={open.items}
              loading={open.loading}
              error={open.error}
              onRetry={open.refetch}
              now={now}
              outletNames={outletNames}
              empty="No capsule is being voted on. Submitted drafts appear here while their window is open."
              editorAt={editorAt}
              summary={<OpenVotesSummary items={open.items} now={now} editorAt={editorAt} signedIn={sessionStatus === "signed-in"} />}
            />
          </div>
          <Section
            title="Recently finalized"
            testId="recently-finalized"
            items={recentlyFinalized}
            loading={finalized.loading}
            error={finalized.error}
            onRetry={finalized.refetch}
            now={now}
            outletNames={outletNames}
            empty="Nothing finalized yet. A capsule is finalized when its vote is closed with enough approval and participation."
          />
          <Card title="All capsules">
            {outlet === ALL && myOutlets.length > 1 ? (
              <p className="text-sm text-stone-600">Choose one outlet above to browse all of its capsules by status.</p>
            ) : (
              <BrowseList
                status={status}
                onStatus={(value) => {
                  setStatus(value);
                  setPage(1);
                }}
                page={page}
                onPage={setPage}
                query={browse}
                now={now}
                outletNames={outletNames}
                listedAbove={listedAbove}
                editorAt={editorAt}
                signedIn={sessionStatus === "signed-in"}
              />
            )}
          </Card>
        </>
      )}
    </div>
  );
}

/** How many open votes still need the Editor's vote (the list's own viewerVote, read signed); before sign-in, that it will say. */
function OpenVotesSummary({ items, now, editorAt, signedIn }: { items: TCapsuleListItem[]; now: number; editorAt: ReadonlySet<string>; signedIn: boolean }) {
  const mine = items.filter((capsule) => editorAt.has(capsule.outletSlug));
  if (mine.length === 0) return null;
  if (!signedIn) {
    return (
      <p className="mb-2 text-sm text-stone-600" data-testid="open-votes-summary">
        Sign in (in the page header) to see which of these votes still need yours.
      </p>
    );
  }
  const words = mine.map((capsule) => viewerVoteWords(capsule, now, true));
  const needed = words.filter((said) => said === NEEDS_YOUR_VOTE).length;
  const noneMine = words.every((said) => said === "Not eligible to vote");
  return (
    <p className="mb-2 text-sm font-medium text-stone-800" data-testid="open-votes-summary">
      {needed > 0
        ? `${needed === 1 ? "One open vote still needs" : `${needed} open votes still need`} yours.`
        : noneMine
          ? "None of these open votes is yours to cast: they opened before you were a voting Editor here."
          : "You have voted on every open vote you can."}
    </p>
  );
}

function BrowseList(props: {
  /** Drafts are listed only to a signed-in wallet: an empty list before that says so. */
  signedIn: boolean;
  status: CapsuleStatusFilter;
  onStatus: (value: CapsuleStatusFilter) => void;
  page: number;
  onPage: (page: number) => void;
  query: ReturnType<typeof useCapsuleList>;
  now: number;
  outletNames: ReadonlyMap<string, string>;
  /** Ids the cards above list (My drafts, Open votes, Recently finalized): marked as such on a phone. */
  listedAbove: ReadonlySet<string>;
  /** Outlets where the wallet is an Editor: its rows there say how it voted (the same words as Open votes). */
  editorAt: ReadonlySet<string>;
}) {
  const data = props.query.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.limit)) : 1;
  const repeated = data ? data.items.filter((capsule) => props.listedAbove.has(capsule.id)).length : 0;
  return (
    <div className="space-y-3">
      <div role="group" aria-label="Filter by status" className="flex flex-wrap gap-1">
        {statusFilters.map((filter) => (
          <button
            key={filter.value}
            type="button"
            aria-pressed={props.status === filter.value}
            onClick={() => props.onStatus(filter.value)}
            className={`rounded-full border px-3 py-1 text-sm ${props.status === filter.value ? "border-ink bg-ink text-white" : "border-stone-300 bg-white text-stone-700 hover:bg-stone-100"}`}
          >
            {filter.label}
          </button>
        ))}
      </div>
      <RefreshFailed what="The capsules" read={props.query} />
      {failedWithNothing(props.query) ? (
        <ErrorNotice title="Capsules could not be loaded" error={props.query.error} onRetry={() => void props.query.refetch()} />
      ) : !data ? (
        <Loading label="Loading the capsules" bars={["block h-24 w-full"]} />
      ) : data.items.length === 0 ? (
        <p className="text-sm text-stone-600" data-testid="browse-empty">
          {!props.signedIn && (props.status === "all" || props.status === "draft")
            ? "Nothing here that anyone may see. Sign in (in the page header) to see your drafts as well."
            : props.status === "all"
              ? "No capsules at this outlet yet. Start one with New capsule."
              : "No capsules with this status. Try another filter."}
        </p>
      ) : (
        <>
          {repeated > 0 ? (
            <p className="text-sm text-stone-600 lg:hidden" data-testid="browse-listed-above">
              {repeated === data.items.length
                ? "Every capsule on this page is also in the cards above (marked “Listed above”)."
                : `${repeated === 1 ? "One capsule" : `${repeated} capsules`} of this page ${repeated === 1 ? "is" : "are"} also in the cards above (marked “Listed above”).`}
            </p>
          ) : null}
          <ul className="divide-y divide-stone-100" data-testid="browse-rows">
            {data.items.map((capsule) => (
              <CapsuleRow key={capsule.id} capsule={capsule} now={props.now} outletName={props.outletNames.get(capsule.outletSlug)} listedAbove={props.listedAbove.has(capsule.id)} votesHere={props.editorAt.has(capsule.outletSlug)} />
            ))}
          </ul>
        </>
      )}
      {data && data.total > data.limit ? (
        <nav aria-label="Pages" className="flex items-center justify-between text-sm">
          <button type="button" disabled={props.page <= 1} onClick={() => props.onPage(props.page - 1)} className="rounded border border-stone-300 px-3 py-1 disabled:opacity-40">
            Previous
          </button>
          <span>
            Page {props.page} of {pages}
          </span>
          <button type="button" disabled={!data.hasMore} onClick={() => props.onPage(props.page + 1)} className="rounded border border-stone-300 px-3 py-1 disabled:opacity-40">
            Next
          </button>
        </nav>
      ) : null}
    </div>
  );
}
