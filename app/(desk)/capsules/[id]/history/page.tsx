import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { isCapsulePageId } from "@/features/page-subjects";
import { HistoryView } from "@/components/capsules/history-view";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ id: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { id } = await params;
  return { title: isCapsulePageId(id) ? `History of capsule #${id}` : "Page not found" };
}

export default async function CapsuleHistoryPage({ params }: Props) {
  const { id } = await params;
  if (!isCapsulePageId(id)) notFound();
  return <HistoryView id={id} />;
}
