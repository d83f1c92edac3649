import type { ReactNode } from "react";
import { ReaderFrame } from "@/components/layout/reader-frame";

// The public reading pages of the App Router (the front page): server-rendered, no wallet or query
// providers; the only client code is the navigation's menu button. The article page, /read/:id, is
// pages/read/[id].tsx, which ships no React runtime at all.
export default function ReaderLayout({ children }: { children: ReactNode }) {
  return <ReaderFrame>{children}</ReaderFrame>;
}
