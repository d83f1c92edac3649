// The draft form's fields as the writer reads them, for sentences that list fields with a problem.
const fieldNames: Record<string, string> = {
  title: "title",
  subtitle: "standfirst",
  articleSlug: "slug",
  body: "body",
  category: "category",
  tags: "tags",
  sourceUrl: "source URL",
  featureImage: "feature image",
  rightsNotes: "rights notes",
  evidence: "evidence",
  contributors: "contributors",
};

/** "source URL, contributors": the fields named by error paths ("contributors.0.displayName" → contributors), once each, in order. */
export function fieldList(paths: readonly string[]): string {
  const fields = [...new Set(paths.map((path) => path.split(".")[0] ?? path))];
  return fields.map((field) => fieldNames[field] ?? field).join(", ");
}

const NAME_PATH = /^contributors\.(\d+)\.displayName$/;

/**
 * Why Submit waits while fields are marked, said beside the button. A missing display name (most often the author's own
 * row, which starts empty: the desk keeps no name for a wallet) is said as what to do and where, not as "contributors";
 * other marked fields are named as the save indicator names them. `ownRows`: the rows that credit the signed-in wallet.
 */
export function fixBeforeSubmit(paths: readonly string[], ownRows: readonly number[]): string {
  const names = paths.filter((path) => NAME_PATH.test(path));
  const rest = paths.filter((path) => !NAME_PATH.test(path));
  const rows = names.map((path) => Number(NAME_PATH.exec(path)?.[1]));
  const nameWords =
    names.length === 0 ? undefined
    : rows.every((row) => ownRows.includes(row)) ? "your display name under Contributors"
    : names.length === 1 ? "the missing display name under Contributors"
    : "a display name for every contributor under Contributors";
  if (rest.length === 0) return `Enter ${nameWords ?? "the marked fields"} before submitting: it is the name readers see in the byline.`;
  return `Fix the marked fields before submitting: ${fieldList(rest)}${nameWords ? `; and enter ${nameWords}` : ""}.`;
}
