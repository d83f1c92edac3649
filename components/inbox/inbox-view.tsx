"use client";

import Link from "next/link";
import { useState } from "react";
import { useInbox, useMarkInboxRead } from "@/components/inbox/use-inbox";
import { useSession } from "@/components/wallet/use-session";
import { Card } from "@/components/ui/card";
import { ErrorNotice } from "@/components/ui/error-notice";
import { Loading } from "@/components/ui/skeleton";
import { formatTime } from "@/components/ui/capsule-format";
import { BondShortfall } from "@/components/bonds/bond-shortfall";
import { VotesWaiting } from "./votes-waiting";

// /inbox — what happened to the wallet's capsules and roles, newest first, updated live.
export function InboxView() {
  const { status } = useSession();
  const [page, setPage] = useState(1);
  const inbox = useInbox(page);
  const mark = useMarkInboxRead();
  if (status !== "signed-in") {
    return (
      <div className="space-y-3">
        <h1 className="font-serif text-3xl font-bold tracking-tight">Inbox</h1>
        <p className="text-stone-600">Connect your wallet from the page header and sign in to see what happened to your capsules and roles.</p>
      </div>
    );
  }
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="font-serif text-3xl font-bold tracking-tight">Inbox</h1>
        {inbox.data && inbox.data.unreadCount > 0 ? (
          <button type="button" disabled={mark.isPending} onClick={() => mark.mutate(undefined)} className="rounded-md border border-stone-300 bg-white px-3 py-1.5 text-sm font-semibold hover:bg-stone-50 disabled:opacity-50">
            {mark.isPending ? "Marking…" : `Mark all ${inbox.data.unreadCount} read`}
          </button>
        ) : null}
      </div>
      <BondShortfall />
      <VotesWaiting />
      {inbox.isError ? <ErrorNotice title="The inbox could not be loaded" error={inbox.error} onRetry={() => void inbox.refetch()} /> : null}
      {!inbox.data && !inbox.isError ? <Loading label="Loading your inbox" bars={["block h-40 w-full"]} /> : null}
      {inbox.data ? (
        <Card>
          {inbox.data.items.length === 0 ? (
            <p className="text-sm text-stone-600" data-testid="inbox-empty">
              Nothing yet. Votes on your capsules, disputes, replies due, verdicts, label changes, slashes, licences sold and licences that turned void appear here.
            </p>
          ) : (
            <ul className="divide-y divide-stone-100" data-testid="inbox-items" aria-live="polite">
              {inbox.data.items.map((item) => (
                <li key={item.id} className="py-3" data-testid="inbox-item" data-kind={item.kind} data-unread={item.unread ? "true" : "false"}>
                  <p className={`text-sm [overflow-wrap:anywhere] ${item.unread ? "font-semibold text-ink" : "text-stone-700"}`}>
                    {item.unread ? <span className="sr-only">Unread: </span> : null}
                    {item.message}
                  </p>
                  <p className="mt-0.5 text-xs text-stone-500">
                    {formatTime(item.at)}
                    {item.caseId ? (
                      <>
                        {" · "}
                        <Link href={`/court/${item.caseId}`} className="text-accent underline">
                          case #{item.caseId}
                        </Link>
                      </>
                    ) : null}
                    {item.kind === "inbox.jury_summoned" ? (
                      <>
                        {" · "}
                        <Link href="/court/juror" className="text-accent underline" data-testid="inbox-juror-link">
                          what you must do as a juror
                        </Link>
                      </>
                    ) : null}
                    {item.kind === "inbox.role_offered" && item.offerStatus === "pending" ? (
                      <>
                        {" · "}
                        <Link href="/newsroom" className="text-accent underline" data-testid="inbox-newsroom-link">
                          answer on the newsroom page
                        </Link>
                      </>
                    ) : null}
                    {item.kind === "inbox.ownership_offered" && item.offerStatus === "pending" && item.outletSlug ? (
                      <>
                        {" · "}
                        <Link href={`/outlets/${item.outletSlug}`} className="text-accent underline" data-testid="inbox-ownership-link">
                          answer on the outlet&rsquo;s page
                        </Link>
                      </>
                    ) : null}
                    {item.kind === "inbox.role_revoked" && item.outletSlug ? (
                      <>
                        {" · "}
                        <Link href={`/outlets/${item.outletSlug}`} className="text-accent underline" data-testid="inbox-outlet-link">
                          the outlet
                        </Link>
                      </>
                    ) : null}
                    {(item.kind === "inbox.licence_void" || item.kind === "inbox.licence_sale_void") && item.capsuleId ? (
                      <>
                        {" · "}
                        <Link href={`/rights?capsule=${item.capsuleId}`} className="text-accent underline" data-testid="inbox-rights-link">
                          the licence on the rights page
                        </Link>
                      </>
                    ) : null}
                    {item.capsuleId ? (
                      <>
                        {" · "}
                        <Link href={`/capsules/${item.capsuleId}`} className="text-accent underline">
                          capsule #{item.capsuleId}
                        </Link>
                      </>
                    ) : null}
                  </p>
                </li>
              ))}
            </ul>
          )}
          {inbox.data.page > 1 || inbox.data.hasMore ? (
            <div className="mt-3 flex justify-between text-sm">
              <button type="button" disabled={page <= 1} onClick={() => setPage(page - 1)} className="text-accent underline disabled:text-stone-400">
                Newer
              </button>
              <button type="button" disabled={!inbox.data.hasMore} onClick={() => setPage(page + 1)} className="text-accent underline disabled:text-stone-400">
                Older
              </button>
            </div>
          ) : null}
        </Card>
      ) : null}
    </div>
  );
}
