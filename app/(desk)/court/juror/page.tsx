import type { Metadata } from "next";
import { JurorPage } from "@/components/court/juror-page";

export const metadata: Metadata = { title: "My jury duty" };

// /court/juror — the signed-in wallet's jury cases and what it must do next in each (issue 28 item 7).
export default function CourtJurorPage() {
  return <JurorPage />;
}
