import type { ReactNode } from "react";
import { ReaderFrame } from "@/components/layout/reader-frame";

// The public reading pages: server-rendered, no wallet or query providers; the only client code is
// the navigation's menu button and the verification islands of the article page.
export default function ReaderLayout({ children }: { children: ReactNode }) {
  return <ReaderFrame>{children}</ReaderFrame>;
}
