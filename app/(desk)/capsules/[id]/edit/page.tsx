import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { isCapsulePageId } from "@/features/page-subjects";
import { EditDraftPage } from "@/components/capsules/draft-pages";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ id: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { id } = await params;
  return { title: isCapsulePageId(id) ? `Edit draft #${id}` : "Page not found" };
}

export default async function EditCapsulePage({ params }: Props) {
  const { id } = await params;
  if (!isCapsulePageId(id)) notFound();
  return <EditDraftPage id={id} />;
}
