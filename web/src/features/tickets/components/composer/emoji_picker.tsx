import { useTranslation } from "react-i18next";
import { Smile } from "lucide-react";
import { Button } from "../../../../components/ui/button.tsx";
import { Popover, PopoverContent, PopoverTrigger } from "../../../../components/ui/popover.tsx";

const EMOJIS = (
  "😀 😃 😄 😁 😆 😅 😂 🤣 😊 😇 🙂 😉 😍 🥰 😘 😋 😜 🤗 🤔 🤐 😐 😏 😒 🙄 😬 😌 😔 😴 😷 🤒 😎 🥳 " +
  "😕 😟 😮 😲 😳 🥺 😢 😭 😱 😤 😡 🤯 👍 👎 👌 ✌️ 🤞 🤝 🙏 👏 🙌 💪 👋 👀 ❤️ 🧡 💛 💚 💙 💜 🖤 💔 " +
  "💯 ✨ 🔥 ⭐ 🎉 🎁 ✅ ❌ ⚠️ ❓ ❗ 📞 📱 💬 📧 📅 ⏰ 📦 🚚 💰 💳 🛒 🏠 📍 🕐 ☕ 🍕 🌟"
).split(" ");

/** A small built-in emoji palette. */
export function EmojiPicker({ onPick, disabled }: { onPick: (e: string) => void; disabled?: boolean }) {
  const { t } = useTranslation("tickets");
  return (
    <Popover>
      <PopoverTrigger asChild>
        <Button
          variant="ghost"
          size="icon-sm"
          aria-label={t("composer.emoji")}
          disabled={disabled}
          data-testid="composer-emoji"
        >
          <Smile className="size-[18px]" />
        </Button>
      </PopoverTrigger>
      <PopoverContent side="top" align="start" className="w-72 p-2">
        <div className="grid grid-cols-8 gap-0.5">
          {EMOJIS.map((e) => (
            <button
              key={e}
              type="button"
              onClick={() => onPick(e)}
              className="flex size-8 cursor-pointer items-center justify-center rounded-md text-lg hover:bg-surface-2"
            >
              {e}
            </button>
          ))}
        </div>
      </PopoverContent>
    </Popover>
  );
}
