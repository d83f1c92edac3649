"use client";

import { useActionKeys, useCanonicalEnv, useEnvKeys } from "@/components/network/use-system";
import { Card } from "@/components/ui/card";
import { ErrorNotice } from "@/components/ui/error-notice";
import { DeploymentPanel } from "./deployment-panel";
import { PanelLoading } from "./panel-loading";
import { failedWithNothing, RefreshFailed } from "@/components/ui/refresh-failed";

// /operator — everything /api/meta serves: the deployment, the effective configuration (secrets
// redacted by the bridge) and the signed actions with who may use them.
export function OperatorPanels() {
  return (
    <div className="space-y-6">
      <DeploymentPanel />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <ConfigurationPanel />
        <ActionsPanel />
      </div>
    </div>
  );
}

function ConfigurationPanel() {
  const env = useCanonicalEnv();
  const keys = useEnvKeys();
  const failed = env.isError ? env : keys.isError ? keys : undefined;
  return (
    <Card title="Effective configuration">
      {failed ? (
        <ErrorNotice title="Configuration is unavailable" error={failed.error} onRetry={() => void failed.refetch()} />
      ) : !env.data || !keys.data ? (
        <PanelLoading />
      ) : (
        <>
          <p className="mb-2 text-xs text-stone-500">
            {keys.data.items.length} settings; {keys.data.items.filter((key) => key.set).length} set in this server’s environment, the rest on
            their defaults. {env.data.redacted.length} secret value(s) redacted.
          </p>
          <dl className="divide-y divide-stone-100 text-sm">
            {keys.data.items.map((key) => (
              <div key={key.name} className="grid grid-cols-1 gap-1 py-2 sm:grid-cols-2">
                <dt>
                  <span className="block text-sm text-stone-800">{key.description}</span>
                  <code className="font-mono text-xs text-stone-500">{key.name}</code>
                </dt>
                <dd className="break-all font-mono text-xs">
                  {env.data.env[key.name] != null ? <code>{env.data.env[key.name]}</code> : <span className="text-stone-500">not set</span>}
                  {key.secret ? <span className="ml-2 rounded bg-stone-100 px-1.5 py-0.5 text-[10px] uppercase text-stone-600">secret</span> : null}
                  {key.set || env.data.env[key.name] == null ? null : <span className="ml-2 rounded bg-stone-50 px-1.5 py-0.5 text-[10px] uppercase text-stone-500">default</span>}
                </dd>
              </div>
            ))}
          </dl>
        </>
      )}
    </Card>
  );
}

function ActionsPanel() {
  const actions = useActionKeys();
  return (
    <Card title="Signed actions">
      <RefreshFailed what="The action list" read={actions} className="mb-3" />
      {failedWithNothing(actions) ? (
        <ErrorNotice title="Action list is unavailable" error={actions.error} onRetry={() => void actions.refetch()} />
      ) : !actions.data ? (
        <PanelLoading />
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
