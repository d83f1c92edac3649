import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { isCapsulePageId } from "@/features/page-subjects";
import { CapsuleView } from "@/components/capsules/capsule-view";
import { CapsuleCourtRecord } from "@/components/court/capsule-court-record";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ id: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { id } = await params;
  return { title: isCapsulePageId(id) ? `Capsule #${id}` : "Page not found" };
}

export default async function CapsulePage({ params }: Props) {
  const { id } = await params;
  if (!isCapsulePageId(id)) notFound();
  return <CapsuleView id={id} courtRecord={<CapsuleCourtRecord id={id} />} />;
}
