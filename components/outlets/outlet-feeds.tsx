"use client";

import { useRouter } from "next/navigation";
import { useEffect, useState, useTransition } from "react";
import { useOutlet } from "@/components/outlet-query/outlet-query";

export type OutletFeedLinkProps = { format: string; label: string; path: string };

/**
 * The outlet page's feed links, beside its list of articles. The links (which feeds answer, the JSON Feed from the
 * Elevated tier) are the server's, read with the page; whether the outlet is active follows the outlet's read, the
 * query the rest of the page shows (its badge, its verification card). An outlet that becomes active while its page
 * is open (its owner's domain check here, a check elsewhere) has the server's part of the page read again, so its
 * feeds are offered without a reload; one that stops being active stops offering them at once (they answer 403).
 */
export function OutletFeeds(props: { slug: string; feeds: OutletFeedLinkProps[]; renderedStatus: string }) {
  const outlet = useOutlet(props.slug);
  const router = useRouter();
  const [refreshing, startRefresh] = useTransition();
  const [asked, setAsked] = useState(false);
  const status = outlet.data?.outlet.status ?? props.renderedStatus;
  const active = status === "active";
  const stale = active && props.renderedStatus !== "active";
  useEffect(() => {
    if (!stale) return;
    setAsked(true);
    startRefresh(() => router.refresh());
  }, [stale, router]);

  if (!active) {
    return (
      <p className="text-sm text-stone-600" data-testid="outlet-no-feed">
        No feed until the outlet is active
      </p>
    );
  }
  if (refreshing || (stale && !asked)) {
    return (
      <p role="status" aria-busy="true" className="text-sm text-stone-600" data-testid="outlet-feeds-reading">
        The outlet is active: reading its feeds…
      </p>
    );
  }
  if (props.feeds.length === 0) {
    // the server's part of the page, read again, did not see the outlet active yet
    return (
      <p className="text-sm text-stone-600" data-testid="outlet-no-feed">
        Its feeds show once the page is reloaded
      </p>
    );
  }
  return (
    <span className="flex flex-wrap gap-x-4" data-testid="outlet-feeds">
      {props.feeds.map((feed) => (
        <a key={feed.format} href={feed.path} className="inline-flex min-h-11 items-center text-sm text-accent underline">
          {feed.label}
        </a>
      ))}
    </span>
  );
}
