"use client";

import Link from "next/link";
import { useInbox } from "@/components/inbox/use-inbox";

// The header's inbox link with the unread count (pushed, not polled); shown once signed in.
export function InboxLink() {
  const inbox = useInbox();
  if (!inbox.data) return null;
  const unread = inbox.data.unreadCount;
  return (
    <Link href="/inbox" className="inline-flex min-h-11 items-center rounded px-2 text-sm text-stone-700 hover:bg-stone-100 hover:text-ink" data-testid="inbox-link" aria-label={unread > 0 ? `Inbox, ${unread} unread` : "Inbox"}>
      Inbox
      {unread > 0 ? (
        <span className="ml-1 rounded-full bg-red-600 px-1.5 py-0.5 text-xs font-semibold text-white" data-testid="inbox-unread">
          {unread}
        </span>
      ) : null}
    </Link>
  );
}
