/** AI prompts and queue integrations on the wire (spec 2 §3, §5, §7, §9). */

/** Spec 2 §9: "texto" (answer in text) or one of the 15 Brazilian neural voices. */
export const VOICES = [
  "texto",
  "pt-BR-FranciscaNeural",
  "pt-BR-AntonioNeural",
  "pt-BR-BrendaNeural",
  "pt-BR-DonatoNeural",
  "pt-BR-ElzaNeural",
  "pt-BR-FabioNeural",
  "pt-BR-GiovannaNeural",
  "pt-BR-HumbertoNeural",
  "pt-BR-JulioNeural",
  "pt-BR-LeilaNeural",
  "pt-BR-LeticiaNeural",
  "pt-BR-ManuelaNeural",
  "pt-BR-NicolauNeural",
  "pt-BR-ValerioNeural",
  "pt-BR-YaraNeural",
] as const;
export type Voice = (typeof VOICES)[number];
