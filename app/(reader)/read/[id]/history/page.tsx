import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { db } from "@/lib/db/client";
import { isDecimalId } from "@/lib/schemas/whole-number";
import { readerHistory } from "@/features/reader/reader-history";
import { ReaderHistoryView } from "@/components/reader/reader-history-view";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ id: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { id } = await params;
  const history = isDecimalId(id) ? await readerHistory(db(), Number(id)) : undefined;
  return { title: history ? `Versions of “${history.title}”` : "Page not found", robots: { index: false } };
}

// /read/:id/history — the readers' revision history: every published version of the article, what
// each correction changed (a word diff of the rendered text), and a correction under vote.
// The desk's /capsules/:id/history (with its "Publish a correction") stays for the newsroom.
export default async function ReaderHistoryPage({ params }: Props) {
  const { id } = await params;
  const history = isDecimalId(id) ? await readerHistory(db(), Number(id)) : undefined;
  if (!history) notFound();
  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <p className="text-sm">
        <Link href={`/read/${id}`} prefetch={false} className="inline-flex min-h-11 items-center text-accent underline">
          ← Back to the article
        </Link>
      </p>
      <ReaderHistoryView history={history} />
    </div>
  );
}
