import type { Metadata } from "next";
import { DisputePage } from "@/components/court/dispute-page";

type Props = { params: Promise<{ id: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return { title: `Dispute capsule #${(await params).id}` };
}

export default async function CapsuleDisputePage({ params }: Props) {
  const { id } = await params;
  return <DisputePage id={id} />;
}
