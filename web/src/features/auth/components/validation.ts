/** Validation of the public forms (spec 3 §5); functions return an i18n key or null. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const isEmail = (v: string) => EMAIL.test(v.trim());

/** Score 0-5: length ≥ 8, an upper-case letter, a lower-case letter, a digit, a symbol. */
export function passwordScore(password: string): number {
  return [
    password.length >= 8,
    /[A-Z]/.test(password),
    /[a-z]/.test(password),
    /\d/.test(password),
    /[^A-Za-z0-9]/.test(password),
  ].filter(Boolean).length;
}

export type Strength = "weak" | "medium" | "strong";
export function passwordStrength(score: number): Strength {
  if (score <= 2) return "weak";
  if (score <= 4) return "medium";
  return "strong";
}

export function validateSignup(v: { companyName: string; name: string; email: string; password: string }) {
  const errors: Record<string, string> = {};
  const lengthRule = (value: string, field: string) => {
    const s = value.trim();
    if (!s) errors[field] = "signup.errors.required";
    else if (s.length < 2) errors[field] = "signup.errors.tooShort";
    else if (s.length > 50) errors[field] = "signup.errors.tooLong";
  };
  lengthRule(v.companyName, "companyName");
  lengthRule(v.name, "name");
  if (!v.email.trim()) errors.email = "signup.errors.required";
  else if (!isEmail(v.email)) errors.email = "signup.errors.invalidEmail";
  if (!v.password) errors.password = "signup.errors.required";
  else if (v.password.length < 5) errors.password = "signup.errors.passwordTooShort";
  else if (v.password.length > 50) errors.password = "signup.errors.passwordTooLong";
  return errors;
}

export function validateResetEmail(email: string): string | null {
  if (!email.trim()) return "reset.errors.required";
  if (!isEmail(email)) return "reset.errors.invalidEmail";
  return null;
}

const STRONG_ENOUGH = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d).{8,}$/;

export function validateReset(v: { code: string; password: string; confirm: string }) {
  const errors: Record<string, string> = {};
  if (!v.code.trim()) errors.code = "reset.errors.required";
  if (!v.password) errors.password = "reset.errors.passwordRequired";
  else if (!STRONG_ENOUGH.test(v.password)) errors.password = "reset.errors.passwordRule";
  if (v.confirm !== v.password) errors.confirm = "reset.errors.mismatch";
  return errors;
}

/** Brazilian phone mask: (11) 91234-5678 or (11) 1234-5678. */
export function maskPhone(raw: string): string {
  const d = raw.replace(/\D/g, "").slice(0, 11);
  if (d.length <= 2) return d.length ? `(${d}` : "";
  if (d.length <= 6) return `(${d.slice(0, 2)}) ${d.slice(2)}`;
  if (d.length <= 10) return `(${d.slice(0, 2)}) ${d.slice(2, 6)}-${d.slice(6)}`;
  return `(${d.slice(0, 2)}) ${d.slice(2, 7)}-${d.slice(7)}`;
}

export const digitsOnly = (v: string) => v.replace(/\D/g, "");
