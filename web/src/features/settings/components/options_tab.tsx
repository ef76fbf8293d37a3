import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { LockKeyhole, ShieldCheck, SlidersHorizontal, Wrench } from "lucide-react";
import { Card, CardBody, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import { Badge } from "../../../components/ui/badge.tsx";
import {
  defaultFor,
  GENERAL_SETTINGS,
  LGPD_SELECT_SETTINGS,
  LGPD_TEXT_SETTINGS,
  OPERATOR_SECRET_SETTINGS,
  OPERATOR_SECURITY_SETTINGS,
  OPERATOR_SELECT_SETTINGS,
  OPERATOR_TEXT_SETTINGS,
  SECURITY_SETTINGS,
} from "./settings_definitions.ts";
import { SettingSecret, SettingSelect, SettingText } from "./setting_fields.tsx";

type Props = { values: Record<string, string>; isSuper: boolean };

function Section(
  { icon, title, description, badge, children, testId }: {
    icon: ReactNode;
    title: string;
    description: string;
    badge?: string;
    children: ReactNode;
    testId: string;
  },
) {
  return (
    <Card data-testid={testId}>
      <CardHeader className="flex-row items-start gap-3">
        <span className="mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-primary-strong [&_svg]:size-4">
          {icon}
        </span>
        <div className="flex flex-1 flex-col gap-0.5">
          <CardTitle className="flex items-center gap-2">
            {title}
            {badge && <Badge tone="warning">{badge}</Badge>}
          </CardTitle>
          <CardDescription>{description}</CardDescription>
        </div>
      </CardHeader>
      <CardBody className="divide-y divide-line py-0">{children}</CardBody>
    </Card>
  );
}

/** Every company option; drop-downs save on change, messages on blur. */
export function OptionsTab({ values, isSuper }: Props) {
  const { t } = useTranslation("settings");
  const value = (key: string) => values[key] || defaultFor(key);
  return (
    <div className="flex flex-col gap-6">
      <Section
        testId="settings-general"
        icon={<SlidersHorizontal />}
        title={t("sections.general")}
        description={t("sections.generalHint")}
      >
        {GENERAL_SETTINGS.map((def) => (
          <div key={def.key}>
            <SettingSelect def={def} value={values[def.key]} />
            {def.message && value(def.key) === def.message.when && (
              <SettingText settingKey={def.message.key} value={values[def.message.key]} required multiline />
            )}
          </div>
        ))}
      </Section>
      <Section
        testId="settings-security"
        icon={<LockKeyhole />}
        title={t("sections.security")}
        description={t("sections.securityHint")}
      >
        {SECURITY_SETTINGS.map((def) => <SettingSelect key={def.key} def={def} value={values[def.key]} />)}
        {isSuper &&
          OPERATOR_SECURITY_SETTINGS.map((def) => (
            <SettingSelect key={def.key} def={def} value={values[def.key]} />
          ))}
      </Section>
      {value("enableLGPD") === "enabled" && (
        <Section
          testId="settings-lgpd"
          icon={<ShieldCheck />}
          title={t("sections.lgpd")}
          description={t("sections.lgpdHint")}
        >
          {LGPD_TEXT_SETTINGS.map((key) => (
            <SettingText key={key} settingKey={key} value={values[key]} multiline={key === "lgpdMessage"} />
          ))}
          {LGPD_SELECT_SETTINGS.map((def) => (
            <SettingSelect key={def.key} def={def} value={values[def.key]} />
          ))}
        </Section>
      )}
      {isSuper && (
        <Section
          testId="settings-operator"
          icon={<Wrench />}
          title={t("sections.operator")}
          description={t("sections.operatorHint")}
          badge={t("operatorOnly")}
        >
          {OPERATOR_SELECT_SETTINGS.map((def) => (
            <SettingSelect key={def.key} def={def} value={values[def.key]} />
          ))}
          {OPERATOR_TEXT_SETTINGS.map((key) => (
            <SettingText key={key} settingKey={key} value={values[key]} />
          ))}
          {OPERATOR_SECRET_SETTINGS.map((key) => (
            <SettingSecret key={key} settingKey={key} value={values[key]} />
          ))}
        </Section>
      )}
    </div>
  );
}
