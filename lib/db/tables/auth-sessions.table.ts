import type { Selectable } from "kysely";

/** Server-issued Sign-In with Ethereum nonces; each is consumed by one session registration. */
export interface SiweNonceTable {
  nonce: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

/** A browser session key a wallet authorized once with Sign-In with Ethereum (docs/ARCHITECTURE.md, "Signed action tokens" delegation). */
export interface AuthSessionTable {
  id: string;
  wallet: string;
  session_key: string;
  domain: string;
  message: string;
  issued_at: number;
  expires_at: number;
  revoked_at: number | null;
  created_at: number;
}

export interface AuthSessionTables {
  auth_siwe_nonces: SiweNonceTable;
  auth_sessions: AuthSessionTable;
}

export type AuthSessionRow = Selectable<AuthSessionTable>;
