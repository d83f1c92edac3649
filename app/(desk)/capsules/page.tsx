import { redirect } from "next/navigation";

// "/capsules" is the parent of every capsule's desk page; its list is the newsroom (drafts, open votes, finalized).
export default function CapsulesIndexPage(): never {
  redirect("/newsroom");
}
