/**
 * POST /api/messages/send as an integrator calls it: the bearer is a connection token, not the
 * signed-in user's session, so this one call bypasses lib/api's session handling but keeps its
 * ApiError shape (translated by lib/toast's errorMessage).
 */
import { ApiError } from "../../../lib/api.ts";

export const SEND_PATH = "/api/messages/send";
export const OPENAPI_PATH = "/api/docs/openapi.json";
/** The API reference page (server-rendered from the same document). */
export const REFERENCE_PATH = "/api/docs";

export type SendResult = { status: string; ticketId: number; messageIds: number[] };

export async function sendTestMessage(
  token: string,
  input: { number: string; body?: string; file?: File | null },
): Promise<SendResult> {
  const headers: Record<string, string> = {
    Authorization: `Bearer ${token.trim()}`,
    Accept: "application/json",
  };
  let body: BodyInit;
  if (input.file) {
    const form = new FormData();
    form.set("number", input.number.trim());
    if (input.body) form.set("body", input.body);
    form.append("medias", input.file);
    body = form;
  } else {
    headers["Content-Type"] = "application/json";
    body = JSON.stringify({ number: input.number.trim(), body: input.body ?? "" });
  }
  let res: Response;
  try {
    res = await fetch(SEND_PATH, { method: "POST", headers, body });
  } catch {
    throw new ApiError("ERR_NETWORK", 0);
  }
  const text = await res.text();
  let payload: Record<string, unknown> = {};
  try {
    payload = text ? JSON.parse(text) : {};
  } catch {
    // keep the generic code below
  }
  if (!res.ok) {
    throw new ApiError(String(payload.error ?? `HTTP_${res.status}`), res.status, payload.details);
  }
  return payload as SendResult;
}
