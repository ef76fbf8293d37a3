/**
 * LGPD number masking (spec 1 §6): with lgpdHideNumber enabled, a profile user sees a contact's
 * number masked except the last two digits; groups are not masked; admins see it whole.
 */
export function maskNumber(number: string): string {
  if (number.length <= 2) return number;
  return "*".repeat(number.length - 2) + number.slice(-2);
}

export function shouldMask(profile: "admin" | "user", lgpdHideNumber: string): boolean {
  return profile === "user" && lgpdHideNumber === "enabled";
}
