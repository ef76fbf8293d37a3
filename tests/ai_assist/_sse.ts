/** Reads a server-sent-events answer to its end: the events in order, their data parsed. */
export type SseEvent = { event: string; data: Record<string, unknown> };

export async function readSse(res: Response): Promise<SseEvent[]> {
  const text = await res.text();
  return text.split(/\r?\n\r?\n/).filter((b) => b.trim()).map((block) => {
    let event = "message";
    const data: string[] = [];
    for (const line of block.split(/\r?\n/)) {
      if (line.startsWith("event:")) event = line.slice(6).trim();
      else if (line.startsWith("data:")) data.push(line.slice(5).replace(/^ /, ""));
    }
    return { event, data: JSON.parse(data.join("\n") || "{}") };
  });
}

/** The text of the `delta` events, per draft. */
export function drafts(events: SseEvent[]): string[] {
  const out: string[] = [];
  for (const e of events) {
    if (e.event !== "delta") continue;
    const i = Number(e.data.draft ?? 0);
    out[i] = (out[i] ?? "") + String(e.data.text);
  }
  return out;
}
