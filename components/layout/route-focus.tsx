"use client";

import { usePathname } from "next/navigation";
import { useEffect, useRef } from "react";
import { focusMainHeading } from "@/components/ui/main-focus";

// After a client-side navigation (not the first load, where the browser starts at the top and the
// skip link is the first stop), focus goes to the new page's main heading.
export function RouteFocus() {
  const pathname = usePathname();
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    return focusMainHeading();
  }, [pathname]);
  return null;
}
