import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { db } from "@/lib/db/client";
import { authorRecord } from "@/features/reader/author-record";
import { AuthorView, authorName } from "@/components/reader/author-view";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ wallet: string }> };

const WALLET = /^0x[0-9a-fA-F]{40}$/;

async function load(wallet: string) {
  return WALLET.test(wallet) ? authorRecord(db(), wallet) : undefined;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const author = await load((await params).wallet);
  return { title: author ? authorName(author) : "Page not found" };
}

// /authors/:wallet — a contributor's published articles, their labels and corrections record.
export default async function AuthorPage({ params }: Props) {
  const author = await load((await params).wallet);
  if (!author) notFound();
  return <AuthorView author={author} />;
}
