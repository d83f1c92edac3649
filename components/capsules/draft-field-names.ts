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
