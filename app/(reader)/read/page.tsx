import { redirect } from "next/navigation";

// "/read" is the parent of every article's address; the articles are listed on the front page.
export default function ReadIndexPage(): never {
  redirect("/");
}
