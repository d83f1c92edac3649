"use client";

import Link from "next/link";
import { useEffect, useState } from "react";
import { relationshipTypes } from "@/features/capsules/capsules.schema";
import { isDecimalId } from "@/lib/schemas/whole-number";
import { useAddSupporting, useSupporting } from "@/components/capsules/use-capsules";
import { disabledLook, smallButton } from "@/components/ui/field";
import { relationLabel } from "@/components/ui/relation-labels";


// Related capsules with a relationship type; stored once the draft exists (POST /api/capsules/:id/supporting).
export function SupportingEditor({ capsuleId, locked = false }: { capsuleId: string | undefined; locked?: boolean }) {
  const list = useSupporting(capsuleId);
  const add = useAddSupporting(capsuleId);
  const { reset } = add;
  // an error belongs to the attempt that caused it: gone once the field changes or the draft is submitted
  useEffect(() => {
    if (locked) reset();
  }, [locked, reset]);
  const [other, setOther] = useState("");
  const [relation, setRelation] = useState<(typeof relationshipTypes)[number]>("supports");
  const invalid = other !== "" && !isDecimalId(other);
  return (
    <fieldset className="space-y-3" data-testid="supporting-editor">
      <legend className="text-sm font-semibold text-stone-800">Related capsules</legend>
      {!capsuleId ? (
        <p className="text-sm text-stone-600">Related capsules can be added once the draft is saved (give it a title and a body).</p>
      ) : (
        <>
          {list.data && list.data.items.length > 0 ? (
            <ul className="space-y-1 text-sm">
              {list.data.items.map((rel) => (
                <li key={`${rel.supportingCapsuleId}-${rel.relationshipType}`}>
                  {relationLabel[rel.relationshipType]}{" "}
                  <Link href={`/capsules/${rel.supportingCapsuleId}`} className="text-accent underline">
                    capsule #{rel.supportingCapsuleId}
                  </Link>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-stone-600">None yet. Link capsules this one supports, extends, cites, responds to or contradicts.</p>
          )}
          <div className="flex flex-wrap items-end gap-2">
            <div>
              <label htmlFor="supporting-id" className="block text-sm font-medium text-stone-800">
                Capsule id
              </label>
              <input
                id="supporting-id"
                inputMode="numeric"
                value={other}
                aria-invalid={invalid || undefined}
                aria-describedby={invalid ? "supporting-id-error" : undefined}
                onChange={(e) => {
                  setOther(e.target.value.trim());
                  if (add.isError) reset();
                }}
                className={`mt-1 w-32 rounded-md border border-stone-300 bg-white px-3 py-2 text-sm ${disabledLook}`}
              />
            </div>
            <div>
              <label htmlFor="supporting-relation" className="block text-sm font-medium text-stone-800">
                Relationship
              </label>
              <select id="supporting-relation" value={relation} onChange={(e) => setRelation(e.target.value as typeof relation)} className={`mt-1 rounded-md border border-stone-300 bg-white px-3 py-2 text-sm ${disabledLook}`}>
                {relationshipTypes.map((type) => (
                  <option key={type} value={type}>
                    {relationLabel[type]}
                  </option>
                ))}
              </select>
            </div>
            <button
              type="button"
              className={smallButton}
              disabled={!other || invalid || add.isPending}
              onClick={() => add.mutate({ supportingCapsuleId: other, relationshipType: relation }, { onSuccess: () => setOther("") })}
            >
              {add.isPending ? "Adding…" : "Add relation"}
            </button>
          </div>
          {invalid ? (
            <p id="supporting-id-error" className="text-xs font-medium text-red-700">
              A capsule id is a positive whole number
            </p>
          ) : null}
          {add.isError ? (
            <p role="alert" className="text-sm text-red-700" data-testid="supporting-error">
              {add.error.message}
            </p>
          ) : null}
        </>
      )}
    </fieldset>
  );
}
