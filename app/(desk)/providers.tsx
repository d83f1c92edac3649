"use client";

import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { WagmiProvider } from "wagmi";
import { makeWagmiConfig } from "@/lib/wagmi/config";
import { SessionProvider } from "@/components/wallet/session-provider";
import { LiveProvider } from "@/components/live/live-provider";

export function Providers({ children }: { children: ReactNode }) {
  const [wagmiConfig] = useState(() => makeWagmiConfig());
  const [queryClient] = useState(
    () => new QueryClient({ defaultOptions: { queries: { staleTime: 5_000, retry: 1, refetchOnWindowFocus: false } } }),
  );
  return (
    <WagmiProvider config={wagmiConfig}>
      <QueryClientProvider client={queryClient}>
        <LiveProvider>
          <SessionProvider>{children}</SessionProvider>
        </LiveProvider>
      </QueryClientProvider>
    </WagmiProvider>
  );
}
