// Where shopper accounts live: one interface, two backends (SQLite file by default, PostgreSQL with DATABASE_URL).
// Accounts, sessions, password resets (with their mail in the outbox, one transaction), watchlists and saved
// searches. Every row carries its site (tenant slug): an account belongs to one site and is never found from another.
// Session, reset and confirmation tokens are stored only as SHA-256 hashes, so a copy of the database cannot sign
// anyone in. A new account is unconfirmed until its owner follows the mailed link: no session, no saved data before.

export interface Account {
  id: string;
  tenant: string;
  email: string;
  name: string;
  phone: string | null;
  createdAt: number;
  /** False until the owner of the email followed the confirmation link (or completed a password reset). */
  confirmed: boolean;
}

export interface AccountWithHash extends Account {
  passwordHash: string;
}

export interface NewAccount extends Omit<AccountWithHash, 'confirmed'> {
  /** Unconfirmed (the sign-up's time) until the mailed link is followed; absent: confirmed at once. */
  unconfirmedSince?: number;
}

/** A confirmation link's token: it confirms the account with the password of the sign-up that asked for it. */
export interface NewConfirmation {
  tokenHash: string;
  tenant: string;
  accountId: string;
  passwordHash: string;
  /** Where the shopper lands once confirmed (a path of the site). */
  next: string;
  createdAt: number;
  expiresAt: number;
}

export interface NewSession {
  tokenHash: string;
  tenant: string;
  accountId: string;
  createdAt: number;
  expiresAt: number;
}

export interface OutgoingMail {
  tenant: string;
  to: string;
  subject: string;
  text: string;
  createdAt: number;
  /** The HTML part (alert mail); plain text only when absent. */
  html?: string;
  /** Extra headers (List-Unsubscribe, the sender of the site). */
  headers?: Record<string, string>;
  /** A second mail with the same key is never queued (alert mail: shopper, alert and period). */
  idempotencyKey?: string;
}

export type MailStatus = 'pending' | 'sent' | 'failed';

export interface DueMail extends OutgoingMail {
  id: number;
  attempts: number;
}

export interface WatchlistEntry {
  carId: number;
  /** The car's price when it was saved, for the price-drop note (null when it had none). */
  priceAtSave: number | null;
  savedAt: number;
}

export interface SavedSearch {
  id: string;
  name: string;
  /** The search page path with its query, e.g. /search/mazda?year=2020:2024. */
  path: string;
  createdAt: number;
  /** When the shopper last opened it from the account page (new cars are counted from here). */
  lastSeenAt: number;
}

export interface AccountStore {
  readonly kind: 'sqlite' | 'postgres';
  /** 'email-taken' when the site already has an account with this email. */
  createAccount(account: NewAccount): Promise<Account | 'email-taken'>;
  accountByEmail(tenant: string, email: string): Promise<AccountWithHash | undefined>;
  accountById(tenant: string, id: string): Promise<Account | undefined>;
  updatePhone(tenant: string, id: string, phone: string | null): Promise<void>;
  /** A sign-up again of an email whose account is still unconfirmed: its name, phone and password become these.
   *  undefined (nothing changed) when there is no such account or it is confirmed. */
  replaceUnconfirmed(tenant: string, email: string, details: { name: string; phone: string | null; passwordHash: string }): Promise<Account | undefined>;
  /** Stores a confirmation token and queues its mail, atomically (earlier links of the account keep working). */
  createConfirmation(confirmation: NewConfirmation, mail: OutgoingMail): Promise<void>;
  /** Uses a confirmation token once: confirms the account with the token's password, ends the account's other
   *  confirmation tokens, and returns the account and where to land. undefined when the token is unknown, used,
   *  expired, of another site, or its account is already confirmed. */
  consumeConfirmation(tenant: string, tokenHash: string, now: number): Promise<{ account: Account; next: string } | undefined>;

  createSession(session: NewSession): Promise<void>;
  /** The confirmed account of a live session of this site. */
  sessionAccount(tenant: string, tokenHash: string, now: number): Promise<Account | undefined>;
  deleteSession(tenant: string, tokenHash: string): Promise<void>;

  /** Stores a one-time reset token and queues its mail, atomically; the account's earlier unused tokens stop working. */
  createPasswordReset(reset: { tokenHash: string; tenant: string; accountId: string; expiresAt: number; createdAt: number }, mail: OutgoingMail): Promise<void>;
  /** Uses a reset token once: sets the new password hash, confirms the account (the mail proved the address), ends
   *  every session, every other reset token and every confirmation token of the account, and returns its id. undefined when the token is unknown, used, expired or of another site. */
  consumePasswordReset(tenant: string, tokenHash: string, now: number, passwordHash: string): Promise<string | undefined>;
  /** Queues a mail that carries no one-time link (a notice). */
  queueMail(mail: OutgoingMail): Promise<void>;

  /** Claims up to `limit` mails due by `now`, leased for `leaseMs`. */
  claimDueMail(now: number, limit: number, leaseMs: number): Promise<DueMail[]>;
  recordMailAttempt(id: number, result: { status: MailStatus; error?: string | null; nextAttemptAt?: number; at: number }): Promise<void>;
  mailStatus(id: number): Promise<{ status: MailStatus; attempts: number; lastError: string | null } | undefined>;
  /** How many mails wait to be sent (pending), for /metrics. */
  mailBacklog(): Promise<number>;

  /** Saves (idempotent: saving again keeps the first save's price and time). */
  saveCar(tenant: string, accountId: string, carId: number, priceAtSave: number | null, at: number): Promise<void>;
  removeCar(tenant: string, accountId: string, carId: number): Promise<void>;
  watchlist(tenant: string, accountId: string): Promise<WatchlistEntry[]>;

  saveSearch(tenant: string, accountId: string, search: SavedSearch): Promise<void>;
  savedSearches(tenant: string, accountId: string): Promise<SavedSearch[]>;
  deleteSavedSearch(tenant: string, accountId: string, id: string): Promise<boolean>;
  markSearchSeen(tenant: string, accountId: string, id: string, at: number): Promise<boolean>;

  /** Shopper alerts (their progress, announced cars, bounces, stock changes), in the same database. */
  readonly alerts: import('./alert-store').SqlAlertStore;

  close(): Promise<void>;
}

export const MAX_SAVED_SEARCHES = 20;
export const MAX_WATCHLIST = 200;
