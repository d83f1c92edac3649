// Moving keyboard and screen-reader focus to the page's main heading (the one <h1> inside <main>),
// after client-side navigation and after signing in, so focus is never left on <body>. Pages that
// are still loading get their heading a moment later: wait for it (up to `waitMs`), else focus <main>.

function focusNow(main: HTMLElement): boolean {
  const heading = main.querySelector<HTMLElement>("h1");
  if (!heading) return false;
  if (!heading.hasAttribute("tabindex")) heading.setAttribute("tabindex", "-1");
  heading.focus({ preventScroll: false });
  return true;
}

/** Focuses the main heading now or as soon as it renders; answers a function that stops waiting. */
export function focusMainHeading(waitMs = 5_000): () => void {
  const main = document.getElementById("main");
  if (!main) return () => undefined;
  if (focusNow(main)) return () => undefined;
  const observer = new MutationObserver(() => {
    if (focusNow(main)) stop();
  });
  const timer = window.setTimeout(() => {
    stop();
    main.focus();
  }, waitMs);
  const stop = () => {
    observer.disconnect();
    window.clearTimeout(timer);
  };
  observer.observe(main, { childList: true, subtree: true });
  return stop;
}
