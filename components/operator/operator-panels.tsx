"use client";

import { useActionKeys, useCanonicalEnv, useEnvKeys } from "@/hooks/use-system";
import { Card } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { ErrorNotice } from "@/components/ui/error-notice";

function Loading() {
  return (
    <div className="space-y-2" aria-busy="true">
      <Skeleton className="h-4 w-full" />
      <Skeleton className="h-4 w-5/6" />
      <Skeleton className="h-4 w-3/6" />
    </div>
  );
}

export function OperatorPanels() {
  const env = useCanonicalEnv();
  const keys = useEnvKeys();
  const actions = useActionKeys();
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card title="Effective configuration">
        {env.isError ? (
          <ErrorNotice title="Configuration is unavailable" error={env.error} />
        ) : !env.data || !keys.data ? (
          <Loading />
        ) : (
          <dl className="divide-y divide-stone-100 text-sm">
            {keys.data.items.map((key) => (
              <div key={key.name} className="grid grid-cols-1 gap-1 py-2 sm:grid-cols-2">
                <dt>
                  <span className="font-mono text-xs">{key.name}</span>
                  <span className="block text-xs text-stone-500">{key.description}</span>
                </dt>
                <dd className="break-all font-mono text-xs">
                  {env.data.env[key.name] ?? <span className="text-stone-400">not set</span>}
                  {key.secret ? <span className="ml-2 rounded bg-stone-100 px-1.5 py-0.5 text-[10px] uppercase text-stone-600">secret</span> : null}
                </dd>
              </div>
            ))}
          </dl>
        )}
      </Card>
      <Card title="Signed actions">
        {actions.isError ? (
          <ErrorNotice title="Action list is unavailable" error={actions.error} />
        ) : !actions.data ? (
          <Loading />
        ) : (
          <ul className="divide-y divide-stone-100 text-sm">
            {actions.data.items.map((action) => (
              <li key={action.name} className="py-2">
                <span className="font-mono text-xs font-semibold">{action.name}</span>
                <span className="ml-2 font-mono text-xs text-stone-500">
                  {action.method} {action.path}
                </span>
                <span className="block text-xs text-stone-600">{action.roles}</span>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}
