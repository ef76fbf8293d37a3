/**
 * POST /settings/cert-upload?ref=certificadoEfi (spec 3 §2 certificate upload, super user): the
 * Efí client certificate (.p12). It is a private key, so it is sealed with the platform's secret
 * box before it is stored (`certs/<ref>.p12.sealed` of the storage: DATA_DIR or the bucket) and is never
 * served back.
 */
import type { Deps } from "../deps.ts";
import { AppError } from "../lib/errors.ts";
import { decodeBase64, encodeBase64 } from "../lib/base64.ts";

export const CERT_REFS = ["certificadoEfi"] as const;
const MAX_BYTES = 256 * 1024;

const certKey = (ref: string) => `certs/${ref}.p12.sealed`;

export async function saveCertificate(deps: Deps, ref: string, file: File): Promise<void> {
  if (!(CERT_REFS as readonly string[]).includes(ref)) {
    throw new AppError("ERR_VALIDATION", { details: [{ path: "ref", message: "Elija un destino" }] });
  }
  if (!file.name.toLowerCase().endsWith(".p12")) {
    throw new AppError("ERR_VALIDATION", {
      details: [{ path: "file", message: "Utilice únicamente archivos en formato p12." }],
    });
  }
  if (file.size > MAX_BYTES) throw new AppError("ERR_PAYLOAD_TOO_LARGE");
  const sealed = await deps.secrets.seal(encodeBase64(new Uint8Array(await file.arrayBuffer())));
  await deps.storage.put(certKey(ref), sealed, { contentType: "text/plain" });
}

/** The certificate's bytes for the server's own use, or null when none was uploaded. */
export async function readCertificate(deps: Deps, ref: string): Promise<Uint8Array | null> {
  const sealed = await deps.storage.bytes(certKey(ref));
  return sealed ? decodeBase64(await deps.secrets.open(new TextDecoder().decode(sealed))) : null;
}

export async function hasCertificate(deps: Deps, ref: string): Promise<boolean> {
  return !!await deps.storage.stat(certKey(ref));
}
