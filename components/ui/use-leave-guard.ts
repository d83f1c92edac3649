"use client";

import { useEffect } from "react";

/**
 * While `message` is set (work on the page would be lost), asks before the page is left: the browser's own prompt
 * for a reload, a closed tab or a typed address (beforeunload), and a confirm with `message` for a link on the page,
 * which in this app navigates without unloading the page. Links that open elsewhere (a new tab, a download) pass.
 */
export function useLeaveGuard(message: string | undefined): void {
  useEffect(() => {
    if (!message) return;
    const beforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
      if (!(link instanceof HTMLAnchorElement) || (link.target && link.target !== "_self") || link.hasAttribute("download")) return;
      const to = new URL(link.href, window.location.href);
      if (to.origin !== window.location.origin || (to.pathname === window.location.pathname && to.search === window.location.search)) return;
      if (!window.confirm(message)) {
        event.preventDefault();
        event.stopPropagation();
      }
    };
    window.addEventListener("beforeunload", beforeUnload);
    document.addEventListener("click", onClick, true);
    return () => {
      window.removeEventListener("beforeunload", beforeUnload);
      document.removeEventListener("click", onClick, true);
    };
  }, [message]);
}
