/**
 * The mailbox's IMAP and SMTP hosts are a tenant's targets: the guard URLs follow refuses private,
 * loopback and metadata addresses (after DNS) and answers the checked address to connect to, so a
 * second lookup cannot point the socket elsewhere; with private targets allowed the name is kept.
 */
import assert from "node:assert/strict";
import { checkHost, createFetchGuard, UrlRefusedError } from "@/lib/safe_fetch.ts";

const dns: Record<string, string[]> = {
  "mail.loja.test": ["93.184.216.34"],
  "imap.internal.test": ["10.0.0.5"],
  "rebind.test": ["93.184.216.35", "127.0.0.1"],
};
const resolve = (host: string) => Promise.resolve(dns[host] ?? []);

Deno.test("[email] IMAP/SMTP hosts: private targets refused, the checked address used", async () => {
  const guard = createFetchGuard({ allowPrivateUrls: "0", resolve });
  assert.equal(await checkHost(guard, "mail.loja.test"), "93.184.216.34");
  for (
    const host of ["imap.internal.test", "rebind.test", "127.0.0.1", "169.254.169.254", "localhost", "::1"]
  ) {
    await assert.rejects(checkHost(guard, host), UrlRefusedError, host);
  }
  await assert.rejects(checkHost(guard, "nowhere.test"), /cannot resolve|unresolvable/);

  const open = createFetchGuard({ allowPrivateUrls: "1", resolve });
  assert.equal(await checkHost(open, "imap.internal.test"), "imap.internal.test");
  const named = createFetchGuard({ allowPrivateUrls: "imap.internal.test", resolve });
  assert.equal(await checkHost(named, "imap.internal.test"), "10.0.0.5");
  await assert.rejects(checkHost(named, "rebind.test"), UrlRefusedError);
});
