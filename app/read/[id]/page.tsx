import type { Metadata } from "next";
import { ReaderView } from "@/components/reader/reader-view";

type Props = { params: Promise<{ id: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return { title: `Article #${(await params).id}` };
}

export default async function ReadPage({ params }: Props) {
  const { id } = await params;
  return <ReaderView id={id} />;
}
