import type { ReactNode } from "react";
import { MainArea } from "./main-area";
import { ReaderHeader } from "./reader-header";

// Header and <main> of the reading pages and of the 404 page (which renders outside any group).
export function ReaderFrame({ children }: { children: ReactNode }) {
  return (
    <>
      <ReaderHeader />
      <MainArea>{children}</MainArea>
    </>
  );
}
