/** Facebook / Instagram through the Facebook JS SDK, then POST /facebook (spec 2 §7). */
import { connectFacebook, getFacebookAppId } from "./connections.ts";

type FbAuth = { authResponse?: { userID: string; accessToken: string } | null };
type FbSdk = {
  init(o: { appId: string; version: string; xfbml?: boolean; cookie?: boolean }): void;
  login(cb: (r: FbAuth) => void, o: { scope: string }): void;
};

const SCOPES =
  "public_profile,pages_messaging,pages_show_list,pages_manage_metadata,pages_read_engagement,business_management";
const IG_SCOPES = `${SCOPES},instagram_basic,instagram_manage_messages`;

function loadSdk(appId: string): Promise<FbSdk> {
  const w = globalThis as unknown as { FB?: FbSdk };
  if (w.FB) return Promise.resolve(w.FB);
  return new Promise((resolve, reject) => {
    const s = document.createElement("script");
    s.src = "https://connect.facebook.net/en_US/sdk.js";
    s.async = true;
    s.onload = () => {
      if (!w.FB) return reject(new Error("sdk"));
      w.FB.init({ appId, version: "v19.0", cookie: true, xfbml: false });
      resolve(w.FB);
    };
    s.onerror = () => reject(new Error("sdk"));
    document.body.appendChild(s);
  });
}

export type FacebookResult = "ok" | "missing-id" | "cancelled" | "failed";

export async function connectMeta(instagram: boolean): Promise<FacebookResult> {
  let appId: string | null = null;
  try {
    appId = await getFacebookAppId();
  } catch {
    return "missing-id";
  }
  if (!appId) return "missing-id";
  let auth: FbAuth;
  try {
    const fb = await loadSdk(appId);
    auth = await new Promise<FbAuth>((r) => fb.login(r, { scope: instagram ? IG_SCOPES : SCOPES }));
  } catch {
    return "failed";
  }
  // A cancelled social login is only logged (spec 2 §8).
  if (!auth.authResponse) {
    console.info("facebook login cancelled");
    return "cancelled";
  }
  try {
    await connectFacebook({
      facebookUserId: auth.authResponse.userID,
      facebookUserToken: auth.authResponse.accessToken,
      addInstagram: instagram || undefined,
    });
    return "ok";
  } catch {
    return "failed";
  }
}
