"use client";

import { contributionTypes } from "@/features/capsules/capsules.schema";
import { TOTAL_SHARE_BPS } from "@/features/capsules/contributors";
import { AUTHOR_ROLES, ROLE, roleDefinition } from "@/lib/roles/role-catalog";
import { newKey, shareTotal, type ContributorDraft, type DraftErrors } from "@/features/capsules/draft-form";
import { smallButton, TextField } from "@/components/ui/field";

const authorRoles = AUTHOR_ROLES.map((roleId) => ({ roleId, name: roleDefinition(roleId)?.name ?? `Role ${roleId}` }));

// Contributors and their revenue shares in basis points, with a live sum that must reach 10000.
export function ContributorsEditor(props: { items: ContributorDraft[]; onChange: (items: ContributorDraft[]) => void; errors: DraftErrors; author?: string }) {
  const total = shareTotal(props.items);
  const update = (key: string, patch: Partial<ContributorDraft>) => props.onChange(props.items.map((item) => (item.key === key ? { ...item, ...patch } : item)));
  const complete = total === TOTAL_SHARE_BPS;
  return (
    <fieldset className="space-y-3" data-testid="contributors-editor">
      <legend className="text-sm font-semibold text-stone-800">Contributors</legend>
      <ul className="space-y-3">
        {props.items.map((item, index) => {
          const err = (field: string) => props.errors[`contributors.${index}.${field}`];
          return (
            <li key={item.key} className="grid gap-3 rounded-md border border-stone-200 bg-stone-50 p-3 sm:grid-cols-6" data-testid="contributor-item">
              <TextField
                id={`contributor-${index}-name`}
                className="sm:col-span-2"
                label="Display name"
                value={item.displayName}
                error={err("displayName")}
                placeholder={item.wallet.toLowerCase() === props.author?.toLowerCase() ? "Your name as readers see it" : undefined}
                onChange={(e) => update(item.key, { displayName: e.target.value })}
              />
              <TextField id={`contributor-${index}-wallet`} className="sm:col-span-4" label="Wallet" value={item.wallet} error={err("wallet")} placeholder="0x…" onChange={(e) => update(item.key, { wallet: e.target.value.trim() })} />
              <div className="sm:col-span-2">
                <label htmlFor={`contributor-${index}-type`} className="block text-sm font-medium text-stone-800">
                  Contribution
                </label>
                <select
                  id={`contributor-${index}-type`}
                  value={item.contributionType}
                  onChange={(e) => update(item.key, { contributionType: e.target.value as ContributorDraft["contributionType"] })}
                  className="mt-1 w-full rounded-md border border-stone-300 bg-white px-3 py-2 text-sm capitalize"
                >
                  {contributionTypes.map((type) => (
                    <option key={type} value={type}>
                      {type}
                    </option>
                  ))}
                </select>
              </div>
              <div className="sm:col-span-2">
                <label htmlFor={`contributor-${index}-role`} className="block text-sm font-medium text-stone-800">
                  Role
                </label>
                <select
                  id={`contributor-${index}-role`}
                  value={item.role}
                  onChange={(e) => update(item.key, { role: Number(e.target.value) })}
                  className="mt-1 w-full rounded-md border border-stone-300 bg-white px-3 py-2 text-sm"
                >
                  {authorRoles.map((role) => (
                    <option key={role.roleId} value={role.roleId}>
                      {role.name}
                    </option>
                  ))}
                </select>
              </div>
              <TextField
                id={`contributor-${index}-share`}
                className="sm:col-span-2"
                label="Share (basis points: 100 = 1 %)"
                type="number"
                inputMode="numeric"
                min={0}
                max={10000}
                step={1}
                value={Number.isFinite(item.shareBps) ? item.shareBps : ""}
                error={err("shareBps")}
                hint={`${(item.shareBps / 100).toFixed(2)} %`}
                onChange={(e) => update(item.key, { shareBps: e.target.value === "" ? Number.NaN : Math.trunc(Number(e.target.value)) })}
              />
              <TextField
                id={`contributor-${index}-attribution`}
                className="sm:col-span-5"
                label="Attribution profile (optional)"
                value={item.attributionURI}
                error={err("attributionURI")}
                placeholder="https://…"
                onChange={(e) => update(item.key, { attributionURI: e.target.value })}
              />
              <div className="flex items-end sm:col-span-1">
                <button type="button" className={smallButton} onClick={() => props.onChange(props.items.filter((other) => other.key !== item.key))}>
                  Remove <span className="sr-only">contributor {item.displayName || index + 1}</span>
                </button>
              </div>
            </li>
          );
        })}
      </ul>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <button
          type="button"
          className={smallButton}
          onClick={() => props.onChange([...props.items, { key: newKey(), wallet: "", displayName: "", role: ROLE.REPORTER, contributionType: "researcher", shareBps: Math.max(0, TOTAL_SHARE_BPS - total), attributionURI: "" }])}
        >
          Add contributor
        </button>
        <p
          className={`text-sm font-medium ${complete ? "text-emerald-800" : "text-red-700"}`}
          data-testid="share-total"
          aria-live="polite"
        >
          Shares: {total.toLocaleString("en-US")} / 10,000 bps {complete ? "✓" : `— ${total < TOTAL_SHARE_BPS ? `${(TOTAL_SHARE_BPS - total).toLocaleString("en-US")} left to assign` : `${(total - TOTAL_SHARE_BPS).toLocaleString("en-US")} too many`}`}
        </p>
      </div>
      {props.errors.contributors ? <p className="text-xs font-medium text-red-700" id="contributors-error">{props.errors.contributors}</p> : null}
    </fieldset>
  );
}
