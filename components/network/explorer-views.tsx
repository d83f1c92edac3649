import Link from "next/link";
import type { ReactNode } from "react";
import type { ExplorerAddress, ExplorerBlock, ExplorerTx } from "@/features/system/explorer";
import { capsuleStatusStyle, formatCap, formatCount } from "@/components/ui/capsule-format";
import { AddressLink, BlockLink, TxLink } from "@/components/ui/chain-link";
import { Card } from "@/components/ui/card";
import { LocalTime } from "@/components/reader/local-time";

// The explorer pages' bodies (server-rendered): the full hash or address first, then what the chain
// says, then what it did in Capsule. Times are block times: UTC in the HTML, the reader's own zone once the page runs.

const utc = (unixSeconds: number) => <LocalTime unixSeconds={unixSeconds} />;

function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-[12rem_1fr]">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="pt-2 font-medium text-stone-600 sm:flex sm:min-h-11 sm:items-center sm:pt-0">{term}</dt>
          <dd className="min-w-0 break-words sm:flex sm:min-h-11 sm:items-center">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Heading({ kind, value, back }: { kind: string; value: string; back?: ReactNode }) {
  return (
    <div>
      <p className="text-sm">
        <Link href="/network" className="inline-flex min-h-11 items-center text-stone-600 hover:text-ink">
          ← Network
        </Link>
        {back}
      </p>
      <h1 className="font-serif text-3xl font-bold tracking-tight">{kind}</h1>
      {/* the page's subject in full, as a machine value: this page is where the full form is one click away */}
      <p className="mt-2 break-all text-sm text-stone-800" data-testid="explorer-full-value">
        <code className="font-mono">{value}</code>
      </p>
    </div>
  );
}

export function TransactionView({ tx }: { tx: ExplorerTx }) {
  return (
    <div className="space-y-6" data-testid="explorer-tx">
      <Heading kind="Transaction" value={tx.hash} />
      <Card>
        <Facts
          rows={[
            ["Status", tx.status === "success" ? "Succeeded" : tx.status === "reverted" ? "Failed (reverted)" : "Pending: not in a block yet"],
            ["Block", tx.blockNumber === null ? "—" : <BlockLink block={tx.blockNumber.toString()} />],
            ["Time", tx.blockTime === null ? "—" : utc(tx.blockTime)],
            ["From", <AddressLink key="from" address={tx.from} />],
            ["To", tx.to ? <span key="to">{tx.toContract ? `${tx.toContract} contract · ` : ""}<AddressLink address={tx.to} /></span> : "a new contract"],
            ["Value", tx.value === 0n ? "nothing sent" : formatCap(tx.value)],
            ["Events", String(tx.logCount)],
            ["Gas used", tx.gasUsed === null ? "—" : formatCount(tx.gasUsed)],
          ]}
        />
      </Card>
      <Card title="In Capsule">
        {tx.mentions.length === 0 ? (
          <p className="text-sm text-stone-600">No capsule submission, vote or close is recorded for this transaction.</p>
        ) : (
          <ul className="space-y-1 text-sm" data-testid="explorer-mentions">
            {tx.mentions.map((m) => (
              <li key={`${m.capsuleId}-${m.what}`} className="break-words">
                <Link href={`/capsules/${m.capsuleId}`} className="inline-flex min-h-11 items-center text-accent underline">
                  #{m.capsuleId} {m.title}
                </Link>
                : {m.what}
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}

export function AddressView({ account }: { account: ExplorerAddress }) {
  return (
    <div className="space-y-6" data-testid="explorer-address">
      <Heading kind={account.contractName ? `${account.contractName} contract` : account.isContract ? "Contract" : "Address"} value={account.address} />
      <Card>
        <Facts
          rows={[
            ["Kind", account.isContract ? (account.contractName ? `Capsule's ${account.contractName} contract` : "a contract") : "a wallet"],
            ["Balance", formatCap(account.balance)],
            ["Transactions sent", String(account.transactionCount)],
            ...(!account.isContract
              ? ([
                  [
                    "As an author",
                    <Link key="author" href={`/authors/${account.address}`} prefetch={false} className="inline-flex min-h-11 items-center text-accent underline">
                      Published articles and record
                    </Link>,
                  ],
                ] as [string, ReactNode][])
              : []),
          ]}
        />
      </Card>
      <Card title={`Votes cast (${account.votes.length})`}>
        {account.votes.length === 0 ? (
          <p className="text-sm text-stone-600">No votes.</p>
        ) : (
          <ul className="divide-y divide-stone-100 text-sm" data-testid="explorer-votes">
            {account.votes.map((v) => (
              <li key={v.txHash} className="flex flex-wrap items-center gap-x-3 py-1">
                <Link href={`/capsules/${v.capsuleId}`} className="inline-flex min-h-11 items-center text-accent underline">
                  #{v.capsuleId} {v.title}
                </Link>
                <span className="font-semibold">{v.support ? "Yes" : "No"}</span>
                <span className="text-stone-600">{utc(v.blockTime)}</span>
                <TxLink hash={v.txHash} />
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card title={`Capsules submitted (${account.submitted.length})`}>
        {account.submitted.length === 0 ? (
          <p className="text-sm text-stone-600">None.</p>
        ) : (
          <ul className="divide-y divide-stone-100 text-sm">
            {account.submitted.map((c) => (
              <li key={c.capsuleId} className="flex flex-wrap items-center gap-x-3 py-1">
                <Link href={`/capsules/${c.capsuleId}`} className="inline-flex min-h-11 items-center text-accent underline">
                  #{c.capsuleId} {c.title}
                </Link>
                <span className="text-stone-600">{capsuleStatusStyle[c.status]?.label ?? c.status}</span>
                {c.txHash ? <TxLink hash={c.txHash} /> : null}
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}

export function BlockView({ block }: { block: ExplorerBlock }) {
  const n = block.number;
  return (
    <div className="space-y-6" data-testid="explorer-block">
      <Heading kind={`Block ${n}`} value={block.hash} />
      <Card>
        <Facts
          rows={[
            ["Time", utc(block.time)],
            ["Parent", n > 0n ? <BlockLink key="parent" block={(n - 1n).toString()} /> : "— (the first block)"],
            ["Next", n < block.head ? <BlockLink key="next" block={(n + 1n).toString()} /> : "— (the latest block)"],
            ["Transactions", String(block.transactions.length)],
          ]}
        />
      </Card>
      {block.transactions.length > 0 ? (
        <Card title="Transactions">
          <ul className="text-sm">
            {block.transactions.map((hash) => (
              <li key={hash}>
                <TxLink hash={hash} />
              </li>
            ))}
          </ul>
        </Card>
      ) : null}
    </div>
  );
}
