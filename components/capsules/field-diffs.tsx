import type { TCapsuleResponse } from "@/features/capsules/capsules.schema";
import { changeCount, WordDiffView } from "@/components/reader/word-diff-view";
import { compareFields, type ComparableVersion } from "./compare-fields";

/** The words of a capsule read that "Compare versions" compares besides the body. */
export const comparableVersion = (read: Pick<TCapsuleResponse, "content" | "capsule" | "claims">): ComparableVersion => ({
  title: read.content.title || read.capsule.title,
  subtitle: read.content.subtitle,
  summary: read.content.summary,
  claims: read.claims,
});

// The title, standfirst, summary and claims of two versions, each with its changed words marked (./compare-fields);
// an unchanged field says so in one line.
export function FieldDiffs({ older, newer }: { older: ComparableVersion; newer: ComparableVersion }) {
  return (
    <dl className="space-y-3" data-testid="field-diffs">
      {compareFields(older, newer).map((f) => (
        <div key={f.field} data-testid="field-diff" data-field={f.field} data-changed={f.changed ? "true" : "false"}>
          <dt className="text-sm font-semibold text-stone-800">
            {f.label}: <span className="font-normal text-stone-600">{f.changed ? changeCount(f.added, f.removed) : "unchanged"}</span>
          </dt>
          {f.changed ? (
            <dd className="mt-1 text-sm">
              <WordDiffView changes={f.changes} />
            </dd>
          ) : null}
        </div>
      ))}
    </dl>
  );
}
