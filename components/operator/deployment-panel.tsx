"use client";

import { contractLabels } from "@/components/network/contract-labels";
import { FullAddress } from "@/components/ui/full-address";
import { formatTimeWithZone } from "@/components/ui/capsule-format";
import type { ReactNode } from "react";
import { useContractsSummary } from "@/components/network/use-system";
import { Card } from "@/components/ui/card";
import { ErrorNotice } from "@/components/ui/error-notice";
import { PanelLoading } from "./panel-loading";
import { cardOf, operatorPlace } from "./operator-places";
import { failedWithNothing, RefreshFailed } from "@/components/ui/refresh-failed";


function Row({ term, children, testId }: { term: string; children: ReactNode; testId?: string }) {
  return (
    <div className="grid grid-cols-1 gap-0.5 py-1.5 sm:grid-cols-[10rem_1fr]">
      <dt className="text-stone-500">{term}</dt>
      <dd className="break-all font-mono text-xs" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

// GET /api/meta/contracts-summary: the network, the deployment record, the runtime environment,
// every contract address and the event topics clients subscribe to.
export function DeploymentPanel() {
  const summary = useContractsSummary();
  // the three sections come from this one read: failed with nothing to show, each keeps its heading (the page's "On this
  // page" links jump to them), the first with the error and its "Try again", the others pointing to it
  if (failedWithNothing(summary)) {
    const elsewhere = (what: string) => (
      <p className="text-sm text-stone-700" data-testid="operator-section-unavailable">
        {what} come with the contracts summary, which could not be read:{" "}
        <a href={`#${operatorPlace("Network and deployment").id}`} className="text-accent underline">
          the error and “Try again” are under Network and deployment
        </a>
        .
      </p>
    );
    return (
      <div className="grid gap-6 lg:grid-cols-2">
        <Card {...cardOf("Network and deployment")}>
          <ErrorNotice title="The contracts summary is unavailable" error={summary.error} onRetry={() => void summary.refetch()} />
        </Card>
        <Card {...cardOf("Contract addresses")}>{elsewhere("The contract addresses")}</Card>
        <Card {...cardOf("Contract events")} className="lg:col-span-2">
          {elsewhere("The contract events")}
        </Card>
      </div>
    );
  }
  const s = summary.data;
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <RefreshFailed what="The contracts summary" read={summary} className="lg:col-span-2" />
      <Card {...cardOf("Network and deployment")}>
        {!s ? (
          <PanelLoading label="Loading the deployment" />
        ) : (
          <dl className="divide-y divide-stone-100 text-sm">
            <Row term="Network">{s.network}</Row>
            <Row term="Chain id" testId="meta-chain-id">
              {s.chainId} ({s.chainIdHex})
            </Row>
            <Row term="Contracts deployed">{s.deployed ? "yes" : "no — npm start deploys them on first start"}</Row>
            {s.deployment ? (
              <>
                <Row term="Deployer">
                  <FullAddress address={s.deployment.deployer} label="deployer address" />
                </Row>
                <Row term="Deployed in block">{s.deployment.blockNumber}</Row>
                <Row term="Deployed at">{formatTimeWithZone(Date.parse(s.deployment.deployedAt) / 1000)}</Row>
                <Row term="Source hash">{s.deployment.sourceHash}</Row>
              </>
            ) : null}
            <Row term="Runtime">
              NODE_ENV={s.environment.nodeEnv} · database {s.environment.database} · indexer {s.environment.indexer ? "on" : "off"}
            </Row>
            <Row term="Public chain access">
              JSON-RPC {s.environment.rpcPath} · WebSocket {s.environment.wsPath}
            </Row>
          </dl>
        )}
      </Card>
      <Card {...cardOf("Contract addresses")}>
        {!s ? (
          <PanelLoading label="Loading the contract addresses" />
        ) : Object.keys(s.contracts).length === 0 ? (
          <p className="text-sm text-stone-600">No contract is recorded yet.</p>
        ) : (
          <ul className="divide-y divide-stone-100 text-sm" data-testid="meta-contracts">
            {Object.entries(s.contracts).map(([name, entry]) => (
              <li key={name} className="py-1.5">
                <span className="text-stone-700">{contractLabels[name] ?? name}</span>
                <code className="ml-2 font-mono text-xs text-stone-500">{name}</code>
                <span className="block text-xs">
                  <FullAddress address={entry.address} label={`address of ${contractLabels[name] ?? name}`} />
                </span>
                <span className="block text-xs text-stone-500">block {entry.blockNumber}</span>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card {...cardOf("Contract events")} className="lg:col-span-2">
        {!s ? (
          <PanelLoading label="Loading the contract events" />
        ) : (
          <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Contract events (scrolls sideways)">
            <table className="w-full min-w-[40rem] text-left text-sm">
              <thead>
                <tr className="text-xs uppercase tracking-wide text-stone-500">
                  <th scope="col" className="py-2 pr-4 font-medium">Event</th>
                  <th scope="col" className="py-2 pr-4 font-medium">Contract</th>
                  <th scope="col" className="py-2 font-medium">Topic 0</th>
                </tr>
              </thead>
              <tbody>
                {s.events.map((event) => (
                  <tr key={`${event.contract}-${event.name}`} className="border-t border-stone-100 align-top">
                    <td className="py-1.5 pr-4">
                      <span className="font-medium">{event.name}</span>
                      <span className="block font-mono text-[11px] text-stone-500">{event.signature}</span>
                    </td>
                    <td className="py-1.5 pr-4 text-xs">{contractLabels[event.contract] ?? event.contract}</td>
                    <td className="break-all py-1.5 font-mono text-[11px]">{event.topic}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Card>
    </div>
  );
}
