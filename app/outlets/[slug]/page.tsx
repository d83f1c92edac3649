import type { Metadata } from "next";
import { OutletDetail } from "@/components/outlets/outlet-detail";

type Props = { params: Promise<{ slug: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return { title: `Outlet ${(await params).slug}` };
}

export default async function OutletPage({ params }: Props) {
  const { slug } = await params;
  return <OutletDetail slug={slug} />;
}
