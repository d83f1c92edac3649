"use client";

import { useId, useState } from "react";
import type { z } from "zod";
import type { ZCanonicalEnvResponse, ZEnvKeysResponse } from "@/features/system/system.schema";
import { useActionKeys, useCanonicalEnv, useEnvKeys } from "@/components/network/use-system";
import { Card } from "@/components/ui/card";
import { ErrorNotice } from "@/components/ui/error-notice";
import { DeploymentPanel } from "./deployment-panel";
import { PanelLoading } from "./panel-loading";
import { cardOf } from "./operator-places";
import { failedWithNothing, RefreshFailed } from "@/components/ui/refresh-failed";
import { settingsMatching, type SettingFilter } from "./setting-filter";

// /operator — everything /api/meta serves: the deployment, the effective configuration (secrets
// redacted by the bridge) and the signed actions with who may use them.
export function OperatorPanels() {
  return (
    <div className="space-y-6">
      <DeploymentPanel />
      <ConfigurationPanel />
      <ActionsPanel />
    </div>
  );
}

function ConfigurationPanel() {
  const env = useCanonicalEnv();
  const keys = useEnvKeys();
  // a failed refresh (coming back online with the server away) keeps the settings, and the words typed to find one,
  // under a notice; only a first read that failed puts the error in their place
  const failed = failedWithNothing(env) ? env : failedWithNothing(keys) ? keys : undefined;
  const failedRead = env.isError ? env : keys.isError ? keys : undefined;
  // "Try again" reads both: the two are one list
  const stale = failedRead && { ...failedRead, refetch: () => Promise.all([env.refetch(), keys.refetch()]) };
  return (
    <Card {...cardOf("Effective configuration")}>
      {stale && !failed ? <RefreshFailed what="The configuration" read={stale} className="mb-3" /> : null}
      {failed ? (
        <ErrorNotice title="Configuration is unavailable" error={failed.error} onRetry={() => void failed.refetch()} />
      ) : !env.data || !keys.data ? (
        <PanelLoading label="Loading the configuration" />
      ) : (
        <>
          <p className="mb-2 text-xs text-stone-500">
            {keys.data.items.length} settings; {keys.data.items.filter((key) => key.set).length} set in this server’s environment, the rest on
            their defaults. {env.data.redacted.length} secret value(s) redacted.
          </p>
          <SettingList keys={keys.data.items} values={env.data.env} />
        </>
      )}
    </Card>
  );
}

type EnvKeys = z.output<typeof ZEnvKeysResponse>["items"];
type EnvValues = z.output<typeof ZCanonicalEnvResponse>["env"];

function SettingList({ keys, values }: { keys: EnvKeys; values: EnvValues }) {
  const [filter, setFilter] = useState<SettingFilter>({ query: "", onlySet: false });
  const id = useId();
  const shown = settingsMatching(keys, filter);
  return (
    <>
      <div className="mb-2 flex flex-wrap items-end gap-x-4 gap-y-2">
        <div className="w-full max-w-sm">
          <label htmlFor={`${id}-find`} className="block text-sm font-medium text-stone-800">
            Find a setting
          </label>
          <input
            id={`${id}-find`}
            type="search"
            value={filter.query}
            onChange={(event) => setFilter({ ...filter, query: event.target.value })}
            placeholder="e.g. timeout, CAPSULE_PORT"
            className="mt-1 w-full rounded-md border border-stone-300 bg-white px-3 py-2 text-sm text-ink"
            aria-describedby={`${id}-count`}
          />
        </div>
        <label className="flex items-center gap-2 py-2 text-sm text-stone-800">
          <input type="checkbox" checked={filter.onlySet} onChange={(event) => setFilter({ ...filter, onlySet: event.target.checked })} />
          Only those set in this server’s environment
        </label>
      </div>
      <p id={`${id}-count`} className="mb-2 text-xs text-stone-500" role="status" data-testid="settings-shown">
        {shown.length === keys.length ? `Showing all ${keys.length} settings.` : `Showing ${shown.length} of ${keys.length} settings.`}
      </p>
      {shown.length === 0 ? (
        <p className="py-2 text-sm text-stone-600">No setting matches. Try fewer words, or clear the box.</p>
      ) : (
        <dl className="divide-y divide-stone-100 text-sm">
          {shown.map((key) => (
            <div key={key.name} className="grid grid-cols-1 gap-1 py-2 md:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] md:gap-4">
              <dt>
                <span className="block text-sm text-stone-800">{key.description}</span>
                <code className="font-mono text-xs text-stone-500">{key.name}</code>
              </dt>
              <dd className="break-all font-mono text-xs">
                {values[key.name] != null ? <code>{values[key.name]}</code> : <span className="text-stone-500">not set</span>}
                {key.secret ? <span className="ml-2 rounded bg-stone-100 px-1.5 py-0.5 text-[10px] uppercase text-stone-600">secret</span> : null}
                {key.set || values[key.name] == null ? null : <span className="ml-2 rounded bg-stone-50 px-1.5 py-0.5 text-[10px] uppercase text-stone-500">default</span>}
              </dd>
            </div>
          ))}
        </dl>
      )}
    </>
  );
}

function ActionsPanel() {
  const actions = useActionKeys();
  return (
    <Card {...cardOf("Signed actions")}>
      <RefreshFailed what="The action list" read={actions} className="mb-3" />
      {failedWithNothing(actions) ? (
        <ErrorNotice title="Action list is unavailable" error={actions.error} onRetry={() => void actions.refetch()} />
      ) : !actions.data ? (
        <PanelLoading label="Loading the signed actions" />
      ) : (
        <ul className="divide-y divide-stone-100 text-sm">
          {actions.data.items.map((action) => (
            <li key={action.name} className="py-2">
              <span className="font-mono text-xs font-semibold">{action.name}</span>
              <span className="ml-2 break-all font-mono text-xs text-stone-500">
                {action.method} {action.path}
              </span>
              <span className="block text-xs text-stone-600">{action.roles}</span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
