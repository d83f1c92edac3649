import type { ReactNode } from "react";
import { MainArea } from "@/components/layout/main-area";
import { SiteHeader } from "@/components/layout/site-header";
import { Providers } from "./providers";

// The newsroom desk (everything that signs, votes or reads live data in the browser): wagmi,
// react-query, live updates and the wallet session, with the wallet in the header.
export default function DeskLayout({ children }: { children: ReactNode }) {
  return (
    <Providers>
      <SiteHeader />
      <MainArea>{children}</MainArea>
    </Providers>
  );
}
