// Outlet names that look alike are refused on a stack (409 OUTLET_NAME_TAKEN, docs/DECISIONS.md, "An outlet's name
// may not look like another's"), so a spec run twice on one stack gives its outlets names of this run. The suffix is
// digits only: no two digits look alike, so no two runs' names do.
const RUN = String(Date.now()).slice(-8);

/** `name` with this run's suffix (once: a name that has it already is returned as it is). */
export function outletNameOfRun(name: string): string {
  return name.endsWith(` ${RUN}`) ? name : `${name} ${RUN}`;
}
