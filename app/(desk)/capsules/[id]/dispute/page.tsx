import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { isCapsulePageId } from "@/features/page-subjects";
import { DisputePage } from "@/components/court/dispute-page";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ id: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { id } = await params;
  return { title: isCapsulePageId(id) ? `Dispute capsule #${id}` : "Page not found" };
}

export default async function CapsuleDisputePage({ params }: Props) {
  const { id } = await params;
  if (!isCapsulePageId(id)) notFound();
  return <DisputePage id={id} />;
}
