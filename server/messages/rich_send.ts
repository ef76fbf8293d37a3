/**
 * Sending a rich message (buttons dialog) on a ticket: the same rules as a typed message (the
 * ticket must be visible and open), the text rendering stored as the body, the structured content
 * kept in data_json and handed to the channel, which sends it natively where it can.
 */
import { decodeBase64 } from "../lib/base64.ts";
import type { Deps } from "../deps.ts";
import type { Actor } from "../lib/context.ts";
import { AppError } from "../lib/errors.ts";
import { getVisibleTicket } from "../tickets/service.ts";
import type { StoredFile } from "../media/store.ts";
import type { MessageDTO } from "./dto.ts";
import { type RichContent, richText } from "./rich.ts";
import { sendOnTicket } from "./send.ts";

const IMAGE = /^(?:data:(image\/(?:png|jpe?g));base64,)?([A-Za-z0-9+/=\s]+)$/;

/** The URL dialog's base64 picture as a stored image (png/jpeg only, as its picker accepts). */
async function saveImage(deps: Deps, companyId: number, b64: string): Promise<StoredFile> {
  const m = IMAGE.exec(b64);
  let bytes: Uint8Array | null = null;
  try {
    bytes = m ? decodeBase64(m[2].replace(/\s/g, "")) : null;
  } catch {
    bytes = null;
  }
  const png = bytes && bytes[0] === 0x89 && bytes[1] === 0x50;
  const jpeg = bytes && bytes[0] === 0xff && bytes[1] === 0xd8;
  if (!bytes || !(png || jpeg)) {
    throw new AppError("ERR_VALIDATION", { details: [{ path: "image", message: "a png or jpeg image" }] });
  }
  const type = png ? "image/png" : "image/jpeg";
  const file = new File([bytes as Uint8Array<ArrayBuffer>], png ? "image.png" : "image.jpg", { type });
  return await deps.media.save(companyId, "messages", file, { maxBytes: 1_000_000, accept: /^image\// });
}

export async function sendRich(
  deps: Deps,
  actor: Actor,
  ticketId: number,
  rich: RichContent,
  image?: string,
): Promise<MessageDTO> {
  const t = await getVisibleTicket(deps, actor, ticketId);
  if (t.status !== "open" && t.status !== "group") {
    throw new AppError("ERR_NO_PERMISSION", { message: "accept the ticket before replying" });
  }
  const media = image ? await saveImage(deps, actor.companyId, image) : undefined;
  return await sendOnTicket(deps, actor.companyId, ticketId, {
    body: richText(rich),
    userId: actor.userId,
    media,
    rich,
  });
}
