import type { Metadata } from "next";
import { NewDraftPage } from "@/components/capsules/draft-pages";

export const metadata: Metadata = { title: "New capsule" };

type Props = { searchParams: Promise<{ outlet?: string | string[] }> };

export default async function NewCapsulePage({ searchParams }: Props) {
  const { outlet } = await searchParams;
  return <NewDraftPage outlet={typeof outlet === "string" ? outlet : undefined} />;
}
