/** The widget's CSS, scoped by its shadow root: the host page's styles do not reach it, nor ours the page. */
export const css = (color: string, side: "right" | "left") => `
:host { all: initial; }
[hidden] { display: none !important; }
* { box-sizing: border-box; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
.launcher { position: fixed; bottom: 20px; ${side}: 20px; width: 56px; height: 56px; border-radius: 50%;
  border: 0; background: ${color}; color: #fff; cursor: pointer; box-shadow: 0 6px 20px rgba(0,0,0,.25);
  display: flex; align-items: center; justify-content: center; z-index: 2147483000; }
.launcher svg { width: 26px; height: 26px; fill: currentColor; }
.badge { position: absolute; top: -2px; right: -2px; min-width: 18px; height: 18px; border-radius: 9px;
  background: #ef4444; color: #fff; font-size: 11px; line-height: 18px; text-align: center; padding: 0 5px; }
.panel { position: fixed; bottom: 88px; ${side}: 20px; width: 360px; height: 520px; max-height: calc(100vh - 108px);
  background: #fff; color: #111827; border-radius: 14px; box-shadow: 0 12px 40px rgba(0,0,0,.22);
  display: flex; flex-direction: column; overflow: hidden; z-index: 2147483000; font-size: 14px; }
.panel[hidden] { display: none; }
@media (max-width: 480px) {
  .panel { inset: 0; width: 100%; height: 100%; max-height: none; border-radius: 0; bottom: 0; }
  .panel:not([hidden]) ~ .launcher { display: none; }
}
.head { background: ${color}; color: #fff; padding: 12px 14px; display: flex; gap: 10px; align-items: center; }
.avatar { width: 36px; height: 36px; border-radius: 50%; background: rgba(255,255,255,.25); object-fit: cover;
  display: flex; align-items: center; justify-content: center; font-weight: 600; flex: none; }
.title { font-weight: 600; font-size: 15px; }
.status { font-size: 12px; opacity: .9; display: flex; align-items: center; gap: 5px; }
.dot { width: 8px; height: 8px; border-radius: 50%; background: #9ca3af; }
.dot.on { background: #4ade80; }
.x { margin-inline-start: auto; background: transparent; border: 0; color: #fff; font-size: 22px; cursor: pointer; line-height: 1; }
.list { flex: 1; overflow-y: auto; padding: 12px; background: #f3f4f6; display: flex; flex-direction: column; gap: 6px; }
.msg { max-width: 80%; padding: 8px 11px; border-radius: 12px; white-space: pre-wrap; word-wrap: break-word; line-height: 1.35; }
.msg.them { background: #fff; align-self: flex-start; border-bottom-left-radius: 4px; }
.msg.me { background: ${color}; color: #fff; align-self: flex-end; border-bottom-right-radius: 4px; }
.msg.pending { opacity: .6; }
.msg.failed { outline: 2px solid #ef4444; }
.msg img { display: block; max-width: 100%; max-height: 220px; min-width: 96px; min-height: 96px; object-fit: cover;
  border-radius: 8px; margin-bottom: 4px; background: #fff; image-rendering: pixelated; }
.msg a { color: inherit; }
.greet { align-self: flex-start; }
.typing { font-size: 12px; color: #6b7280; padding: 0 14px 4px; min-height: 18px; background: #f3f4f6; }
.note { font-size: 12px; color: #b91c1c; padding: 4px 14px; background: #fef2f2; }
.offline { padding: 12px; background: #fffbeb; border-top: 1px solid #fde68a; display: flex; flex-direction: column; gap: 6px; }
.offline b { font-size: 13px; }
.offline p { margin: 0; font-size: 12px; color: #78350f; }
.offline .row { display: flex; gap: 6px; }
input { font-size: 14px; padding: 8px 10px; border: 1px solid #d1d5db; border-radius: 8px; min-width: 0; flex: 1; color: #111827; background: #fff; }
.compose { display: flex; gap: 6px; padding: 10px; border-top: 1px solid #e5e7eb; align-items: center; background: #fff; }
.btn { border: 0; border-radius: 8px; padding: 8px 12px; background: ${color}; color: #fff; cursor: pointer; font-size: 14px; }
.icon { background: transparent; color: #4b5563; padding: 6px; border: 0; cursor: pointer; }
.icon svg { width: 20px; height: 20px; fill: currentColor; display: block; }
`;
