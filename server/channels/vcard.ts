/**
 * Contact cards (vCard 2.1/3.0/4.0 text, as the composer's contact picker and WhatsApp write them):
 * recognised on an outbound message and read into the fields a provider's own contact message
 * carries (the Cloud API's `contacts` object).
 */

/** A body that is one or more vCards and nothing else. */
export function isVCard(body: string): boolean {
  return /^BEGIN:VCARD\r?\n[\s\S]*END:VCARD\s*$/.test(body);
}

export type Card = {
  /** FN, or the N parts joined, or the first number. */
  formattedName: string;
  firstName?: string;
  lastName?: string;
  phones: { phone: string; waId?: string; type?: string }[];
  emails: { email: string; type?: string }[];
  org?: string;
};

const unescape = (v: string) => v.replace(/\\n/gi, " ").replace(/\\([,;\\])/g, "$1").trim();

/** Splits on unescaped `;` (structured values such as N). */
const parts = (v: string) => v.split(/(?<!\\);/).map(unescape);

/** The TYPE of a property's parameters (`TEL;type=CELL;waid=…`, `TEL;CELL`, `EMAIL;TYPE=INTERNET,WORK`). */
function typeParam(params: string[]): string | undefined {
  for (const p of params) {
    const [k, v] = p.includes("=") ? p.split("=", 2) : ["TYPE", p];
    if (k.toUpperCase() !== "TYPE") continue;
    const t = v.split(",").map((x) => x.toUpperCase()).find((x) =>
      x !== "INTERNET" && x !== "VOICE" && x !== "PREF"
    );
    if (t) return t;
  }
  return undefined;
}

/** Every card of the body, in order; properties it does not know are skipped. */
export function parseVCards(body: string): Card[] {
  // Folded lines (RFC 6350 §3.2) continue with a space or a tab.
  const lines = body.replace(/\r\n/g, "\n").replace(/\n[ \t]/g, "").split("\n");
  const cards: Card[] = [];
  let card: Card | null = null;
  for (const line of lines) {
    const colon = line.indexOf(":");
    if (colon < 0) continue;
    const [name, ...params] = line.slice(0, colon).split(";");
    const key = name.replace(/^item\d+\./i, "").toUpperCase();
    const value = line.slice(colon + 1);
    if (key === "BEGIN" && value.trim().toUpperCase() === "VCARD") {
      card = { formattedName: "", phones: [], emails: [] };
    } else if (!card) continue;
    else if (key === "END") {
      const [first] = card.phones;
      card.formattedName ||= [card.firstName, card.lastName].filter(Boolean).join(" ") || first?.phone || "";
      if (card.formattedName) cards.push(card);
      card = null;
    } else if (key === "FN") card.formattedName = unescape(value);
    else if (key === "N") {
      const [last, first] = parts(value);
      if (first) card.firstName = first;
      if (last) card.lastName = last;
    } else if (key === "TEL") {
      const waid = params.find((p) => /^waid=/i.test(p))?.slice(5);
      const phone = unescape(value.replace(/^tel:/i, ""));
      if (phone) card.phones.push({ phone, waId: waid || undefined, type: typeParam(params) });
    } else if (key === "EMAIL") {
      const email = unescape(value);
      if (email) card.emails.push({ email, type: typeParam(params) });
    } else if (key === "ORG") {
      const org = parts(value).filter(Boolean).join(", ");
      if (org) card.org = org;
    }
  }
  return cards;
}

const CLOUD_PHONE_TYPES = new Set(["CELL", "MAIN", "IPHONE", "HOME", "WORK"]);
const CLOUD_EMAIL_TYPES = new Set(["HOME", "WORK"]);

/** A card as the Cloud API's `contacts` message object (its name needs a part besides the formatted one). */
export function cloudContact(c: Card): Record<string, unknown> {
  const name: Record<string, string> = { formatted_name: c.formattedName };
  if (c.firstName) name.first_name = c.firstName;
  if (c.lastName) name.last_name = c.lastName;
  if (!c.firstName && !c.lastName) name.first_name = c.formattedName;
  return {
    name,
    ...(c.phones.length
      ? {
        phones: c.phones.map((p) => ({
          phone: p.phone,
          ...(p.type && CLOUD_PHONE_TYPES.has(p.type) ? { type: p.type } : {}),
          ...(p.waId ? { wa_id: p.waId } : {}),
        })),
      }
      : {}),
    ...(c.emails.length
      ? {
        emails: c.emails.map((e) => ({
          email: e.email,
          ...(e.type && CLOUD_EMAIL_TYPES.has(e.type) ? { type: e.type } : {}),
        })),
      }
      : {}),
    ...(c.org ? { org: { company: c.org } } : {}),
  };
}
