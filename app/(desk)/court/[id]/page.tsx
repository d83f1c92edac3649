import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { courtCaseExists } from "@/features/page-subjects";
import { CaseDetail } from "@/components/court/case-detail";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ id: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { id } = await params;
  return { title: (await courtCaseExists(id)) ? `Court case #${id}` : "Page not found" };
}

export default async function CourtCasePage({ params }: Props) {
  const { id } = await params;
  if (!(await courtCaseExists(id))) notFound();
  return <CaseDetail id={id} />;
}
