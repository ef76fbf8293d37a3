import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Card, CardBody, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import { Field } from "../../../components/ui/field.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import {
  DEFAULT_APP_NAME,
  DEFAULT_PRIMARY_DARK,
  DEFAULT_PRIMARY_LIGHT,
  useTheme,
} from "../../../lib/theme.tsx";
import { LogoUpload } from "./logo_upload.tsx";
import { useSaveSetting } from "./setting_fields.tsx";

const HEX = /^#[0-9a-fA-F]{6}$/;

function ColorSetting(
  { settingKey, value, fallback }: {
    settingKey: "primaryColorLight" | "primaryColorDark";
    value?: string;
    fallback: string;
  },
) {
  const { t } = useTranslation("settings");
  const { updateBranding } = useTheme();
  const [color, setColor] = useState(value || fallback);
  const saved = useRef(value || fallback);
  const { save, pending } = useSaveSetting((v) => updateBranding({ [settingKey]: v }));
  useEffect(() => {
    setColor(value || fallback);
    saved.current = value || fallback;
  }, [value, fallback]);

  // Colour pickers fire continuously while dragging: preview live, save once it settles.
  useEffect(() => {
    if (!HEX.test(color) || color.toLowerCase() === saved.current.toLowerCase()) return;
    updateBranding({ [settingKey]: color });
    const id = setTimeout(() => {
      saved.current = color;
      save(settingKey, color);
    }, 600);
    return () => clearTimeout(id);
    // Only a new colour restarts the debounce; save/updateBranding changing identity must not re-save.
  }, [color]);

  const id = `setting-${settingKey}`;
  return (
    <Field label={t(`whitelabel.${settingKey}`)} htmlFor={id}>
      <div className="flex items-center gap-2">
        <input
          type="color"
          aria-label={t(`whitelabel.${settingKey}`)}
          value={HEX.test(color) ? color : fallback}
          onChange={(e) => setColor(e.target.value)}
          className="h-9 w-12 cursor-pointer rounded-lg border border-line bg-surface p-1"
          data-testid={id}
        />
        <Input
          id={id}
          value={color}
          onChange={(e) => setColor(e.target.value)}
          className="font-mono uppercase"
        />
        <span className="flex w-5 justify-center">
          {pending && <Spinner className="size-4 text-primary-strong" />}
        </span>
      </div>
    </Field>
  );
}

/** Operator branding: colours, system name (saved on blur) and the three images. */
export function WhitelabelTab({ values }: { values: Record<string, string> }) {
  const { t } = useTranslation("settings");
  const { updateBranding } = useTheme();
  const [name, setName] = useState(values.appName ?? "");
  const { save, pending } = useSaveSetting((v) => updateBranding({ appName: v }));
  useEffect(() => setName(values.appName ?? ""), [values.appName]);

  return (
    <div className="flex flex-col gap-6" data-testid="whitelabel-tab">
      <Card>
        <CardHeader>
          <CardTitle>{t("whitelabel.identity")}</CardTitle>
          <CardDescription>{t("whitelabel.identityHint")}</CardDescription>
        </CardHeader>
        <CardBody className="grid gap-5 md:grid-cols-3">
          <ColorSetting
            settingKey="primaryColorLight"
            value={values.primaryColorLight}
            fallback={DEFAULT_PRIMARY_LIGHT}
          />
          <ColorSetting
            settingKey="primaryColorDark"
            value={values.primaryColorDark}
            fallback={DEFAULT_PRIMARY_DARK}
          />
          <Field
            label={t("whitelabel.appName")}
            htmlFor="setting-appName"
            hint={t("whitelabel.appNameHint", { name: DEFAULT_APP_NAME })}
          >
            <div className="flex items-center gap-2">
              <Input
                id="setting-appName"
                data-testid="setting-appName"
                value={name}
                placeholder={DEFAULT_APP_NAME}
                onChange={(e) => setName(e.target.value)}
                onBlur={() => name.trim() !== (values.appName ?? "") && save("appName", name.trim())}
              />
              <span className="flex w-5 justify-center">
                {pending && <Spinner className="size-4 text-primary-strong" />}
              </span>
            </div>
          </Field>
        </CardBody>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{t("whitelabel.images")}</CardTitle>
          <CardDescription>{t("whitelabel.imagesHint")}</CardDescription>
        </CardHeader>
        <CardBody className="grid gap-4 md:grid-cols-3">
          <LogoUpload
            settingKey="appLogoLight"
            mode="Light"
            value={values.appLogoLight}
            onChange={(f) => updateBranding({ appLogoLight: f })}
          />
          <LogoUpload
            settingKey="appLogoDark"
            mode="Dark"
            value={values.appLogoDark}
            onChange={(f) => updateBranding({ appLogoDark: f })}
          />
          <LogoUpload
            settingKey="appLogoFavicon"
            mode="Favicon"
            value={values.appLogoFavicon}
            onChange={(f) => updateBranding({ appLogoFavicon: f })}
          />
        </CardBody>
      </Card>
    </div>
  );
}
