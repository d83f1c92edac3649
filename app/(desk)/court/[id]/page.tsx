import type { Metadata } from "next";
import { CaseDetail } from "@/components/court/case-detail";

type Props = { params: Promise<{ id: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return { title: `Court case #${(await params).id}` };
}

export default async function CourtCasePage({ params }: Props) {
  const { id } = await params;
  return <CaseDetail id={id} />;
}
