import type { Metadata } from "next";
import { NewsroomHome } from "@/components/newsroom/newsroom-home";

export const metadata: Metadata = { title: "Newsroom" };

export default function NewsroomPage() {
  return <NewsroomHome />;
}
