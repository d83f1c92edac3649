"use client";

import { useParams } from "next/navigation";
import { NotFoundMessage } from "./not-found-message";

// The 404 of a page about one subject names the subject from the address (a not-found.tsx gets no
// params; the router still holds them) and leads to the list where the real ones are.

const paramOf = (value: string | string[] | undefined) => (Array.isArray(value) ? value.join("/") : (value ?? ""));

/** /court/:id for a case that does not exist. */
export function MissingCourtCase() {
  const id = paramOf(useParams<{ id: string }>()?.id);
  return (
    <NotFoundMessage title={`No court case ${id}`} back={{ href: "/court", label: "See all court cases" }}>
      There is no court case with this number. It may be mistyped, or the case has not been opened yet.
    </NotFoundMessage>
  );
}

/** /outlets/:slug for a slug no outlet is registered under. */
export function MissingOutlet() {
  const slug = paramOf(useParams<{ slug: string }>()?.slug);
  return (
    <NotFoundMessage title={`No outlet called “${slug}”`} back={{ href: "/outlets", label: "See all outlets" }}>
      No outlet is registered under this name. It may be mistyped; the outlets list has every registered outlet, and a new one can be registered there.
    </NotFoundMessage>
  );
}
