/**
 * Contact cards read for a provider's own contact message. Sources of the cards:
 * - Baileys' README ("Sending Contacts"): the vCard WhatsApp itself writes, `item1.TEL;waid=…` with
 *   an X-ABLabel (https://github.com/WhiskeySockets/Baileys#contact-message);
 * - RFC 6350 §8's example card (vCard 4.0: structured N, folded lines, typed TEL and EMAIL);
 * - the one the web composer builds (toVCard in web/src/features/tickets/components/composer/).
 */
import assert from "node:assert/strict";
import { cloudContact, isVCard, parseVCards } from "@/channels/vcard.ts";

const BAILEYS = "BEGIN:VCARD\n" + // metadata of the contact card
  "VERSION:3.0\n" +
  "FN:Jeff Singh\n" + // full name
  "ORG:Ashoka Uni;\n" + // the organization of the contact
  "TEL;type=CELL;type=VOICE;waid=911234567890:+91 12345 67890\n" + // WhatsApp ID + phone number
  "END:VCARD";

const RFC6350 = [
  "BEGIN:VCARD",
  "VERSION:4.0",
  "FN:Simon Perreault",
  "N:Perreault;Simon;;;ing. jr,M.Sc.",
  "BDAY:--0203",
  "GENDER:M",
  "LANG;PREF=1:fr",
  "ORG:Viagenie;Dev",
  'TEL;VALUE=uri;TYPE="work,voice";PREF=1:tel:+1-418-656-9254;ext=102',
  'TEL;VALUE=uri;TYPE="work,cell,voice,video,text":tel:+1-418-262-6501',
  "EMAIL;TYPE=work:simon.perreault@viagenie.ca",
  "URL;TYPE=home:http://nomis80.org",
  "END:VCARD",
].join("\r\n");

Deno.test("[channels] vCards: WhatsApp's, RFC 6350's and ours, as Cloud API contacts", () => {
  assert.ok(isVCard(BAILEYS));
  assert.ok(!isVCard("Olá, BEGIN:VCARD não é um cartão"));

  const [jeff] = parseVCards(BAILEYS);
  assert.deepEqual(cloudContact(jeff), {
    name: { formatted_name: "Jeff Singh", first_name: "Jeff Singh" },
    phones: [{ phone: "+91 12345 67890", type: "CELL", wa_id: "911234567890" }],
    org: { company: "Ashoka Uni" },
  });

  const [simon] = parseVCards(RFC6350);
  assert.equal(simon.formattedName, "Simon Perreault");
  assert.equal(simon.firstName, "Simon");
  assert.equal(simon.lastName, "Perreault");
  assert.deepEqual(simon.emails, [{ email: "simon.perreault@viagenie.ca", type: "WORK" }]);
  assert.equal(simon.phones.length, 2);
  assert.equal(simon.phones[0].phone, "+1-418-656-9254;ext=102");
  assert.equal(simon.org, "Viagenie, Dev");

  // Two cards in one body (WhatsApp's contactsArrayMessage arrives joined like this) and a folded line.
  const two = parseVCards(
    `${BAILEYS}\nBEGIN:VCARD\nVERSION:3.0\nFN:Ana\n  Lima\nTEL:+5511911112222\nEND:VCARD`,
  );
  assert.deepEqual(two.map((c) => c.formattedName), ["Jeff Singh", "Ana Lima"]);
  // A card without FN is named by N, then by its number; one with nothing to show is dropped.
  assert.equal(parseVCards("BEGIN:VCARD\nN:Lima;Ana;;;\nEND:VCARD")[0].formattedName, "Ana Lima");
  assert.equal(
    parseVCards("BEGIN:VCARD\nTEL:+55 11 3333-4444\nEND:VCARD")[0].formattedName,
    "+55 11 3333-4444",
  );
  assert.deepEqual(parseVCards("BEGIN:VCARD\nVERSION:3.0\nEND:VCARD"), []);
});
