/** The reference page's stylesheet, inline and allowed by its hash (page.ts): no file, no CDN. */
export const page = `
*{box-sizing:border-box}body{margin:0;font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;
color:#1f2937;background:#f8fafc}a{color:#4f46e5}code,pre{font-family:ui-monospace,Menlo,Consolas,monospace}
header{padding:20px 32px;background:#1e1b4b;color:#fff}header h1{margin:0 0 4px;font-size:24px}
header p{margin:0;color:#c7d2fe}header a{color:#fff}
.layout{display:grid;grid-template-columns:280px minmax(0,1fr);gap:24px;padding:24px 32px;max-width:1400px}
nav{position:sticky;top:16px;align-self:start;max-height:calc(100vh - 32px);overflow:auto;font-size:13px}
nav ul{list-style:none;margin:0;padding:0}nav>ul>li{margin-bottom:10px}nav>ul>li>a{font-weight:600}
nav li li a{display:block;padding:2px 0 2px 8px;color:#374151;text-decoration:none}
nav li li a:hover{color:#4f46e5}main{min-width:0}section{margin-bottom:32px}
h2{font-size:20px;margin:8px 0;border-bottom:1px solid #e5e7eb;padding-bottom:4px}h4{margin:16px 0 6px}
.op{background:#fff;border:1px solid #e5e7eb;border-radius:8px;margin:8px 0}
.op>summary{cursor:pointer;padding:10px 12px;display:flex;flex-wrap:wrap;gap:8px;align-items:center}
.op>summary code{font-weight:600;overflow-wrap:anywhere}.s{color:#4b5563}
.body{padding:0 16px 16px;border-top:1px solid #f1f5f9}
.m{display:inline-block;min-width:52px;text-align:center;border-radius:4px;padding:1px 6px;
font:600 11px/18px ui-monospace,Menlo,monospace;text-transform:uppercase;color:#fff;background:#6b7280}
.m.get{background:#0284c7}.m.post{background:#16a34a}.m.put{background:#d97706}.m.delete{background:#dc2626}
nav .m{min-width:44px;font-size:10px;line-height:15px}
table{border-collapse:collapse;width:100%;font-size:13px;display:block;overflow-x:auto}
th,td{text-align:left;vertical-align:top;border-bottom:1px solid #f1f5f9;padding:4px 8px}
th{background:#f8fafc}td.d1{padding-left:24px}td.d2{padding-left:40px}.n{color:#6b7280;font-size:12px}
pre{background:#0f172a;color:#e2e8f0;padding:12px;border-radius:6px;overflow-x:auto;font-size:12px}
p code,td code{background:#eef2ff;border-radius:3px;padding:0 3px}
@media (max-width:900px){.layout{grid-template-columns:1fr;padding:16px}
nav{position:static;max-height:none}nav li li{display:none}header{padding:16px}}
`;
