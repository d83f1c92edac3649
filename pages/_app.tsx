import type { AppProps } from "next/app";
import "../app/globals.css";
import { SkipLink } from "@/components/layout/skip-link";

// The frame of the pages/ routes, as app/layout.tsx frames the App Router's.
export default function App({ Component, pageProps }: AppProps) {
  return (
    <>
      <SkipLink />
      <Component {...pageProps} />
    </>
  );
}
