/** The widget's own small dictionaries (it does not load the app's i18next). */
export type Lang = "pt" | "es" | "en" | "tr";

const en = {
  open: "Open chat",
  close: "Close chat",
  online: "Online",
  offline: "We are away",
  placeholder: "Type a message…",
  send: "Send",
  attach: "Send a file",
  typing: "typing…",
  offlineTitle: "Nobody is online right now",
  offlineHint: "Leave your e-mail or phone number and we will get back to you.",
  email: "E-mail",
  phone: "Phone",
  save: "Save",
  saved: "Thanks! We will get back to you.",
  invalid: "Enter a valid e-mail or phone number.",
  tooLarge: "The file is too large.",
  failed: "Not sent. Try again.",
  rateLimited: "Slow down a little and try again.",
  poweredBy: "Chat",
};
type Dict = typeof en;

const pt: Dict = {
  open: "Abrir chat",
  close: "Fechar chat",
  online: "Online",
  offline: "Estamos ausentes",
  placeholder: "Digite uma mensagem…",
  send: "Enviar",
  attach: "Enviar arquivo",
  typing: "digitando…",
  offlineTitle: "Ninguém está online agora",
  offlineHint: "Deixe seu e-mail ou telefone e retornaremos o contato.",
  email: "E-mail",
  phone: "Telefone",
  save: "Salvar",
  saved: "Obrigado! Retornaremos em breve.",
  invalid: "Informe um e-mail ou telefone válido.",
  tooLarge: "O arquivo é grande demais.",
  failed: "Não enviada. Tente de novo.",
  rateLimited: "Vá com calma e tente de novo.",
  poweredBy: "Chat",
};

const es: Dict = {
  open: "Abrir chat",
  close: "Cerrar chat",
  online: "En línea",
  offline: "Estamos ausentes",
  placeholder: "Escribe un mensaje…",
  send: "Enviar",
  attach: "Enviar archivo",
  typing: "escribiendo…",
  offlineTitle: "No hay nadie en línea ahora",
  offlineHint: "Déjanos tu correo o teléfono y te contactaremos.",
  email: "Correo",
  phone: "Teléfono",
  save: "Guardar",
  saved: "¡Gracias! Te contactaremos pronto.",
  invalid: "Ingresa un correo o teléfono válido.",
  tooLarge: "El archivo es demasiado grande.",
  failed: "No enviado. Inténtalo de nuevo.",
  rateLimited: "Más despacio e inténtalo de nuevo.",
  poweredBy: "Chat",
};

const tr: Dict = {
  open: "Sohbeti aç",
  close: "Sohbeti kapat",
  online: "Çevrimiçi",
  offline: "Şu an uzaktayız",
  placeholder: "Bir mesaj yazın…",
  send: "Gönder",
  attach: "Dosya gönder",
  typing: "yazıyor…",
  offlineTitle: "Şu anda kimse çevrimiçi değil",
  offlineHint: "E-posta adresinizi veya telefon numaranızı bırakın, size dönelim.",
  email: "E-posta",
  phone: "Telefon",
  save: "Kaydet",
  saved: "Teşekkürler! Size döneceğiz.",
  invalid: "Geçerli bir e-posta veya telefon girin.",
  tooLarge: "Dosya çok büyük.",
  failed: "Gönderilemedi. Tekrar deneyin.",
  rateLimited: "Biraz yavaşlayın ve tekrar deneyin.",
  poweredBy: "Sohbet",
};

const DICTS: Record<Lang, Dict> = { pt, es, en, tr };

/** "auto" follows the visitor's browser; anything unknown is English. */
export function pickLang(setting: string, browser: readonly string[]): Lang {
  if (setting in DICTS) return setting as Lang;
  for (const l of browser) {
    const p = l.slice(0, 2).toLowerCase();
    if (p in DICTS) return p as Lang;
  }
  return "en";
}

export const dict = (l: Lang): Dict => DICTS[l];
export type { Dict };
