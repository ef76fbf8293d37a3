import { useTranslation } from "react-i18next";
import { cn } from "../../../lib/utils.ts";
import { passwordScore, passwordStrength } from "./validation.ts";

const COLORS = { weak: "bg-danger", medium: "bg-warning", strong: "bg-success" } as const;
const TEXT = { weak: "text-danger", medium: "text-warning", strong: "text-success" } as const;

/** Five-segment meter for the score of spec 3 §5. */
export function PasswordStrength({ password }: { password: string }) {
  const { t } = useTranslation("auth");
  if (!password) return null;
  const score = passwordScore(password);
  const strength = passwordStrength(score);
  return (
    <div
      className="flex items-center gap-3"
      data-testid="password-strength"
      data-strength={strength}
      data-score={score}
    >
      <div className="flex flex-1 gap-1" aria-hidden="true">
        {[0, 1, 2, 3, 4].map((i) => (
          <span key={i} className={cn("h-1.5 flex-1 rounded-full bg-line", i < score && COLORS[strength])} />
        ))}
      </div>
      <span className={cn("text-xs font-medium", TEXT[strength])}>{t(`strength.${strength}`)}</span>
    </div>
  );
}
