import { getAddress, hexToBigInt, isHex, numberToHex, type Address, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { CAPSULE_CHAIN_ID } from "@/lib/chain/chain";

// An EIP-1193 `request` answered by a local private key (dev wallet in the browser, test wallet in
// Playwright). Accounts, chain id and signatures are answered locally; transactions are filled
// through the gateway (nonce, gas, gas price), signed locally and sent raw; other reads go to the RPC.

export type Eip1193Args = { method: string; params?: readonly unknown[] | Record<string, unknown> };
export type Eip1193RequestFn = (args: Eip1193Args) => Promise<unknown>;

/** The error shape EIP-1193 providers throw (code 4001 = user rejected, 4902 = unknown chain). */
export class ProviderRpcError extends Error {
  readonly code: number;
  readonly data?: unknown;
  constructor(code: number, message: string, data?: unknown) {
    super(message);
    this.name = "ProviderRpcError";
    this.code = code;
    this.data = data;
  }
}

type TxRequest = { from?: string; to?: string; data?: Hex; input?: Hex; value?: Hex; gas?: Hex; gasPrice?: Hex; nonce?: Hex };

let rpcId = 0;
async function rpc(rpcUrl: string, method: string, params: readonly unknown[] = [], fetchFn: typeof fetch = fetch): Promise<unknown> {
  const response = await fetchFn(rpcUrl, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: ++rpcId, method, params }),
  });
  const body = (await response.json().catch(() => undefined)) as { result?: unknown; error?: { code: number; message: string; data?: unknown } } | undefined;
  if (!body) throw new ProviderRpcError(-32603, `the chain gateway answered HTTP ${response.status}`);
  if (body.error) throw new ProviderRpcError(body.error.code, body.error.message, body.error.data);
  return body.result;
}

function paramList(params: Eip1193Args["params"]): readonly unknown[] {
  return Array.isArray(params) ? params : [];
}

export function createLocalKeyRequest(options: { privateKey: Hex; rpcUrl: string; chainId?: number; fetch?: typeof fetch }): {
  address: Address;
  request: Eip1193RequestFn;
} {
  const account = privateKeyToAccount(options.privateKey);
  const chainId = options.chainId ?? CAPSULE_CHAIN_ID;
  const call = (method: string, params?: readonly unknown[]) => rpc(options.rpcUrl, method, params, options.fetch);
  const ensureSelf = (address: unknown) => {
    if (typeof address !== "string" || getAddress(address.toLowerCase()) !== account.address) {
      throw new ProviderRpcError(4100, "this wallet only signs for its own account");
    }
  };

  const request: Eip1193RequestFn = async ({ method, params }) => {
    const args = paramList(params);
    switch (method) {
      case "eth_requestAccounts":
      case "eth_accounts":
        return [account.address];
      case "eth_chainId":
        return numberToHex(chainId);
      case "net_version":
        return String(chainId);
      case "wallet_requestPermissions":
      case "wallet_getPermissions":
        return [{ parentCapability: "eth_accounts" }];
      case "wallet_revokePermissions":
        return null;
      case "wallet_switchEthereumChain": {
        const wanted = (args[0] as { chainId?: string } | undefined)?.chainId;
        if (wanted && Number(wanted) === chainId) return null;
        throw new ProviderRpcError(4902, `this wallet only knows chain ${chainId}`);
      }
      case "personal_sign": {
        const [data, address] = args as [string, string];
        ensureSelf(address);
        return account.signMessage({ message: isHex(data) ? { raw: data } : data });
      }
      case "eth_signTypedData_v4": {
        const [address, json] = args as [string, string | Record<string, unknown>];
        ensureSelf(address);
        const typed = (typeof json === "string" ? JSON.parse(json) : json) as {
          domain: Record<string, unknown>;
          types: Record<string, Array<{ name: string; type: string }>>;
          primaryType: string;
          message: Record<string, unknown>;
        };
        const { EIP712Domain: _domainType, ...types } = typed.types;
        return account.signTypedData({ domain: typed.domain, types, primaryType: typed.primaryType, message: typed.message } as Parameters<typeof account.signTypedData>[0]);
      }
      case "eth_sendTransaction": {
        const tx = args[0] as TxRequest;
        ensureSelf(tx.from ?? account.address);
        const data = tx.data ?? tx.input;
        const callObject = { from: account.address, ...(tx.to ? { to: tx.to } : {}), ...(data ? { data } : {}), ...(tx.value ? { value: tx.value } : {}) };
        const [nonce, gas, gasPrice] = await Promise.all([
          tx.nonce ?? (call("eth_getTransactionCount", [account.address, "pending"]) as Promise<Hex>),
          tx.gas ?? (call("eth_estimateGas", [callObject]) as Promise<Hex>),
          tx.gasPrice ?? (call("eth_gasPrice") as Promise<Hex>),
        ]);
        const signed = await account.signTransaction({
          type: "legacy",
          chainId,
          to: tx.to ? getAddress(tx.to.toLowerCase()) : null,
          data,
          value: tx.value ? hexToBigInt(tx.value) : undefined,
          nonce: Number(nonce),
          gas: hexToBigInt(gas),
          gasPrice: hexToBigInt(gasPrice),
        });
        return call("eth_sendRawTransaction", [signed]);
      }
      default:
        return call(method, args);
    }
  };
  return { address: account.address, request };
}

/** A minimal EIP-1193 provider object (request + event listeners) around a request function. */
export function eip1193Provider(request: Eip1193RequestFn) {
  const listeners = new Map<string, Set<(...args: unknown[]) => void>>();
  return {
    request,
    on(event: string, listener: (...args: unknown[]) => void) {
      if (!listeners.has(event)) listeners.set(event, new Set());
      listeners.get(event)!.add(listener);
    },
    removeListener(event: string, listener: (...args: unknown[]) => void) {
      listeners.get(event)?.delete(listener);
    },
    emit(event: string, ...args: unknown[]) {
      for (const listener of listeners.get(event) ?? []) listener(...args);
    },
  };
}
export type Eip1193Provider = ReturnType<typeof eip1193Provider>;
