// Shopper account fields: sign-up, sign-in, phone and password changes. Pure, shared by server and browser forms.
import { ACCOUNT_MESSAGES as M, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from './messages';

export type FieldErrors = Record<string, string>;

const EMAIL = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[a-z]{2,}$/i;

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

/** Australian numbers: 10 digits starting 0 (04xx mobile, 02/03/07/08 landline) or +61 then 9 digits. */
export function normalisePhone(input: string): string | null {
  const digits = input.replace(/[\s()-]/g, '');
  if (/^0[2-478]\d{8}$/.test(digits)) return digits;
  if (/^\+61[2-478]\d{8}$/.test(digits)) return `0${digits.slice(3)}`;
  return null;
}

const text = (v: unknown) => (typeof v === 'string' ? v : '');

export function checkEmail(v: unknown): string | undefined {
  const s = text(v).trim();
  if (!s) return M.required;
  if (s.length > 254 || !EMAIL.test(s)) return M.invalidEmail;
}

export function checkPassword(v: unknown): string | undefined {
  const s = text(v);
  if (!s) return M.required;
  if ([...s].length < MIN_PASSWORD_LENGTH) return M.passwordTooShort;
  if (s.length > MAX_PASSWORD_LENGTH) return M.passwordTooLong;
}

export function checkPhone(v: unknown, required: boolean): string | undefined {
  const s = text(v).trim();
  if (!s) return required ? M.required : undefined;
  if (!normalisePhone(s)) return M.invalidPhone;
}

export interface SignUpFields {
  email: string;
  password: string;
  name: string;
  phone: string | null;
}

export function validateSignUp(body: Record<string, unknown>): { ok: true; value: SignUpFields } | { ok: false; fields: FieldErrors } {
  const fields: FieldErrors = {};
  const name = text(body.name).trim();
  if (!name) fields.name = M.required;
  else if (name.length > 100) fields.name = M.nameTooLong;
  const email = checkEmail(body.email);
  if (email) fields.email = email;
  const password = checkPassword(body.password);
  if (password) fields.password = password;
  const phone = checkPhone(body.phone, false);
  if (phone) fields.phone = phone;
  if (Object.keys(fields).length) return { ok: false, fields };
  const p = text(body.phone).trim();
  return { ok: true, value: { name, email: normaliseEmail(text(body.email)), password: text(body.password), phone: p ? normalisePhone(p) : null } };
}
