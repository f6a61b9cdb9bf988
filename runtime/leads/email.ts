// Lead delivery by email, for dealerships without a CRM endpoint (settings.leads.crm.email, admin-only and never sent
// to browsers). The same outbox and retry as CRM delivery: a delivery is done when the SMTP server accepts the
// message, else tried again with backoff. Credentials are never in the document: it names the environment variables
// that hold them. The SMTP host is checked like a CRM host (resolved now, refused when not public unless allow-listed
// in CRM_ALLOW_HOSTS) and the connection goes to the checked address.
import nodemailer from 'nodemailer';
import { isIP } from 'node:net';
import type { LeadPayload } from '../domain/leads';
import { valuationRows } from '../domain/trade-in/valuation-fields';
import { allowListFromEnv, CrmTargetError, isNonPublicAddress, type Resolver } from '../net/crm-target';
import { lookup as dnsLookup } from 'node:dns/promises';

export interface EmailEndpoint {
  kind: 'email';
  host: string;
  port: number;
  /** TLS from the first byte (port 465); otherwise STARTTLS. */
  secure: boolean;
  /** Refuse to send unless the server offers STARTTLS (ignored when secure). */
  requireTls: boolean;
  from: string;
  to: string[];
  /** Names of the environment variables holding the SMTP user name and password (both, or neither). */
  usernameEnv?: string;
  passwordEnv?: string;
  timeoutSeconds: number;
  maxAttempts: number;
  backoffSeconds: number;
  dealershipName?: string;
}

export interface LeadEmail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  messageId: string;
  headers: Record<string, string>;
}

/** Sends one message; resolves when the SMTP server accepted it, throws otherwise. */
export type LeadMailer = (endpoint: EmailEndpoint, message: LeadEmail) => Promise<void>;

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
/** Header values must be one line (a name with a line break must not add headers). */
const oneLine = (s: string) =>
  s
    .replace(/[\r\n\t]+/g, ' ')
    .replace(/\s{2,}/g, ' ')
    .trim();

const show = (v: unknown): string => {
  if (v == null) return '';
  if (typeof v === 'boolean') return v ? 'Yes' : 'No';
  if (Array.isArray(v)) return v.map(show).filter(Boolean).join(', ');
  if (typeof v === 'object') return '';
  return String(v).trim();
};

/** The lead's fields a dealer reads, in order, with their labels; empty ones are left out. */
function leadEmailRows(p: LeadPayload): [string, string][] {
  const name = [p.name, p.last_name].filter(Boolean).join(' ');
  const vehicle = [p['Vehicle Year'], p['Vehicle Make'], p['Vehicle Model']].filter(Boolean).join(' ');
  const rows: [string, unknown][] = [
    ['Category', p.subcategory ? `${p.category} (${p.subcategory})` : p.category],
    ['Name', name],
    ['Email', p.email],
    ['Phone', p.phone],
    ['Postcode', p.postcode],
    ['Preferred contact', p.PreferredContactMethod],
    ['Message', p.message],
    ['Vehicle', vehicle],
    ['Stock number', p.stock_number],
    ['Car type', p.car_type],
    ['Vehicle status', p.vehicle_status],
    ['Rego', p.Rego],
    ['Location', p.location],
    ['Preferred date', p.preferred_date],
    ['Preferred time', p.preferred_time],
    ['Finance', p.finance],
    ['Additional services', p.additional_services],
    ['Marketing opt-in', p.opt_in],
    ['Page', p.url],
    ['Dealership', p.dealership_slug],
    ['Lead id', p.lead_id],
  ];
  for (const key of ['Service Type', 'Service Interval', 'Preferred Service Date', 'Vehicle Rego', 'Comments'] as const) {
    const value = (p as unknown as Record<string, unknown>)[key];
    if (value != null) rows.push([key, value]);
  }
  const shown = rows.map(([label, value]) => [label, show(value)] as [string, string]).filter(([, value]) => value !== '');
  return p.valuation ? [...shown, ...valuationRows(p.valuation)] : shown;
}

/** The message for one lead: plain text and an HTML table with every value escaped. */
export function leadEmail(p: LeadPayload, endpoint: Pick<EmailEndpoint, 'from' | 'to' | 'dealershipName'>, leadId: string): LeadEmail {
  const rows = leadEmailRows(p);
  const who = [p.name, p.last_name].filter(Boolean).join(' ') || p.email || 'a shopper';
  const vehicle = [p['Vehicle Year'], p['Vehicle Make'], p['Vehicle Model']].filter(Boolean).join(' ');
  const subject = oneLine(`New ${p.category} from ${who}${vehicle ? ` about the ${vehicle}` : ''}`).slice(0, 200);
  const intro = `A new lead from the website${endpoint.dealershipName ? ` for ${endpoint.dealershipName}` : ''}.`;
  const text = [intro, '', ...rows.map(([label, value]) => `${label}: ${value}`)].join('\n');
  const html =
    `<!doctype html><html><body><p>${escapeHtml(intro)}</p><table cellpadding="4" style="border-collapse:collapse">` +
    rows
      .map(([label, value]) => `<tr><th align="left" valign="top">${escapeHtml(label)}</th><td>${escapeHtml(value).replace(/\n/g, '<br>')}</td></tr>`)
      .join('') +
    '</table></body></html>';
  const headers: Record<string, string> = { 'X-Lead-Id': leadId };
  return {
    from: endpoint.from,
    to: endpoint.to,
    subject,
    text,
    html,
    // One Message-ID per lead: a message sent twice (a retry after a lost answer) is one message to the mailbox.
    messageId: `<lead-${leadId}@dealer-sites.invalid>`,
    headers,
    ...(p.email && /^[^\s@<>]+@[^\s@<>]+$/.test(p.email) ? { replyTo: p.email } : {}),
  } as LeadEmail;
}

const systemResolver: Resolver = (host) => dnsLookup(host, { all: true, verbatim: true });

/** The address to connect to for an SMTP host; throws CrmTargetError when it is not public and not allow-listed. */
export async function checkSmtpHost(
  host: string,
  port: number,
  allow: readonly string[] = allowListFromEnv(),
  resolve: Resolver = systemResolver,
): Promise<string> {
  const name = host.replace(/^\[|\]$/g, '').toLowerCase();
  const allowed = allow.includes(name) || allow.includes(`${name}:${port}`);
  let addresses: { address: string; family: number }[];
  if (isIP(name)) addresses = [{ address: name, family: isIP(name) }];
  else {
    if (!allowed && (name === 'localhost' || name.endsWith('.localhost'))) throw new CrmTargetError(`the SMTP host ${name} is not a public address`);
    try {
      addresses = await resolve(name);
    } catch (e) {
      throw new CrmTargetError(`the SMTP host ${name} could not be resolved (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
    }
  }
  const [first] = addresses;
  if (!first) throw new CrmTargetError(`the SMTP host ${name} has no address`);
  if (!allowed) {
    const bad = addresses.find((a) => isNonPublicAddress(a.address));
    if (bad) throw new CrmTargetError(`the SMTP host ${name} resolves to ${bad.address}, which is not a public address`);
  }
  return first.address;
}

/** Reads the credentials the document names; throws when a named variable is not set. */
export function smtpCredentials(
  endpoint: Pick<EmailEndpoint, 'usernameEnv' | 'passwordEnv'>,
  env: NodeJS.ProcessEnv = process.env,
): { user: string; pass: string } | undefined {
  if (!endpoint.usernameEnv && !endpoint.passwordEnv) return undefined;
  const missing = [endpoint.usernameEnv, endpoint.passwordEnv].filter((n) => !n || !env[n]);
  if (missing.length) throw new Error(`SMTP credentials: environment variable ${missing.map((n) => n ?? '(unnamed)').join(' and ')} not set`);
  return { user: env[endpoint.usernameEnv!]!, pass: env[endpoint.passwordEnv!]! };
}

/** Sends with nodemailer over a connection to the checked address (TLS still verifies the host name). */
export function smtpLeadMailer(options: { allow?: readonly string[]; resolve?: Resolver; env?: NodeJS.ProcessEnv } = {}): LeadMailer {
  return async (endpoint, message) => {
    const address = await checkSmtpHost(endpoint.host, endpoint.port, options.allow ?? allowListFromEnv(), options.resolve);
    const auth = smtpCredentials(endpoint, options.env ?? process.env);
    const ms = endpoint.timeoutSeconds * 1000;
    const transport = nodemailer.createTransport({
      host: address,
      port: endpoint.port,
      secure: endpoint.secure,
      requireTLS: !endpoint.secure && endpoint.requireTls,
      ...(auth ? { auth } : {}),
      tls: { servername: isIP(endpoint.host) ? undefined : endpoint.host },
      name: 'dealer-sites',
      connectionTimeout: ms,
      greetingTimeout: ms,
      socketTimeout: ms,
    });
    try {
      const info = await transport.sendMail(message);
      if (!info.accepted?.length) throw new Error(`the SMTP server refused every recipient (${info.response ?? 'no answer'})`);
    } finally {
      transport.close();
    }
  };
}
