import type { Metadata } from "next";
import { CapsuleView } from "@/components/capsules/capsule-view";
import { CapsuleCourtRecord } from "@/components/court/capsule-court-record";

type Props = { params: Promise<{ id: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return { title: `Capsule #${(await params).id}` };
}

export default async function CapsulePage({ params }: Props) {
  const { id } = await params;
  return <CapsuleView id={id} courtRecord={<CapsuleCourtRecord id={id} />} />;
}
