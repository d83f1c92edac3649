import type { Metadata } from "next";
import { HistoryView } from "@/components/capsules/history-view";

type Props = { params: Promise<{ id: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return { title: `History of capsule #${(await params).id}` };
}

export default async function CapsuleHistoryPage({ params }: Props) {
  const { id } = await params;
  return <HistoryView id={id} />;
}
