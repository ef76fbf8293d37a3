import { type ChangeEvent, type FormEvent, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Camera } from "lucide-react";
import { Avatar } from "../../../components/ui/avatar.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { publicFileUrl } from "../../../lib/api.ts";
import { toastError, toastSuccess } from "../../../lib/toast.ts";
import type { UserDTO as User } from "@contract/users.ts";
import { uploadProfileImage, useSaveUser } from "../api/users.ts";
import { fromUser, toPayload, type UserFormValues, validateUser } from "./user_form.ts";
import { UserGeneralFields } from "./user_general_fields.tsx";
import { TimeZoneField } from "./time_zone_field.tsx";
import { TwoFactorSection } from "../../two_factor/index.ts";
import { QuietHoursSection } from "../../notifications/index.ts";

const IMAGE_TYPES = ".png,.jpg,.jpeg";

/** Self edit from the avatar menu; the page reloads after saving. */
export function ProfileDialog(
  { user, open, onOpenChange }: { user: User; open: boolean; onOpenChange: (o: boolean) => void },
) {
  const { t } = useTranslation("users");
  const [values, setValues] = useState<UserFormValues>(() => fromUser(user));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const save = useSaveUser();

  useEffect(() => () => {
    if (preview) URL.revokeObjectURL(preview);
  }, [preview]);

  const set = <K extends keyof UserFormValues>(key: K, value: UserFormValues[K]) =>
    setValues((v) => ({ ...v, [key]: value }));

  const pick = (e: ChangeEvent<HTMLInputElement>) => {
    const chosen = e.target.files?.[0];
    if (!chosen) return;
    setFile(chosen);
    setPreview(URL.createObjectURL(chosen));
  };

  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    const found = validateUser(values, false);
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      await save.mutateAsync({ id: user.id, payload: toPayload(values, false) });
      if (file) await uploadProfileImage(user.id, file);
      toastSuccess(t("toasts.saved"));
      setTimeout(() => location.reload(), 400);
    } catch (err) {
      toastError(err);
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t("profile.title")}
      description={t("profile.description")}
      className="max-w-2xl"
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {t("common:actions.cancel")}
          </Button>
          <Button type="submit" form="profile-form" loading={busy} data-testid="profile-save">
            {t("common:actions.save")}
          </Button>
        </>
      }
    >
      <form
        id="profile-form"
        onSubmit={submit}
        noValidate
        className="flex flex-col gap-6"
        data-testid="profile-form"
      >
        <div className="flex items-center gap-4">
          <Avatar
            src={preview ?? publicFileUrl(user.profileImage)}
            name={values.name || user.name}
            size="lg"
          />
          <div className="flex flex-col gap-1.5">
            <Button variant="secondary" size="sm" onClick={() => input.current?.click()}>
              <Camera className="size-4" />
              {t("profile.changePhoto")}
            </Button>
            <p className="text-xs text-ink-subtle">{t("profile.photoHint")}</p>
          </div>
          <input
            ref={input}
            type="file"
            accept={IMAGE_TYPES}
            hidden
            onChange={pick}
            data-testid="profile-image-input"
          />
        </div>
        <UserGeneralFields values={values} errors={errors} set={set} asAdmin={false} isNew={false} />
        <TimeZoneField
          value={values.timezone}
          companyZone={user.company?.timezone ?? ""}
          onChange={(zone) => set("timezone", zone)}
        />
        <button type="submit" hidden />
      </form>
      <QuietHoursSection />
      <TwoFactorSection />
    </Dialog>
  );
}
