import type { Metadata } from "next";
import { EditDraftPage } from "@/components/capsules/draft-pages";

type Props = { params: Promise<{ id: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return { title: `Edit draft #${(await params).id}` };
}

export default async function EditCapsulePage({ params }: Props) {
  const { id } = await params;
  return <EditDraftPage id={id} />;
}
