import { useTranslation } from "react-i18next";
import { Frown, Gauge, Meh, MessageSquareDashed, Smile, Star, StarOff } from "lucide-react";
import { Card, CardBody, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import type { Counters } from "../api/dashboard.ts";
import { DonutChart } from "./charts.tsx";
import { StatCard } from "./stat_card.tsx";
import { percent } from "./format.ts";

const COLORS = { promoters: "#16a34a", passives: "#f59e0b", detractors: "#dc2626" };

/** NPS over the 0–10 answers of the range: promoters 9–10, passives 7–8, detractors 0–6. */
export function AssessmentsTab({ counters: c }: { counters?: Counters }) {
  const { t } = useTranslation("dashboard");
  const dash = "—";
  return (
    <div className="flex flex-col gap-5">
      <div className="grid grid-cols-2 gap-3 xl:grid-cols-4">
        <StatCard
          testId="counter-npsScore"
          icon={<Gauge />}
          tone={!c ? "primary" : c.npsScore >= 50 ? "success" : c.npsScore >= 0 ? "warning" : "danger"}
          label={t("nps.score")}
          value={c ? c.npsScore.toFixed(0) : dash}
          hint={c ? t("nps.answers", { count: c.ratings }) : undefined}
        />
        <StatCard
          testId="counter-promoters"
          icon={<Smile />}
          tone="success"
          label={t("nps.promoters")}
          value={c ? percent(c.npsPromotersPerc) : dash}
          hint={c ? t("nps.count", { count: c.promoters }) : undefined}
        />
        <StatCard
          testId="counter-passives"
          icon={<Meh />}
          tone="warning"
          label={t("nps.passives")}
          value={c ? percent(c.npsPassivePerc) : dash}
          hint={c ? t("nps.count", { count: c.passives }) : undefined}
        />
        <StatCard
          testId="counter-detractors"
          icon={<Frown />}
          tone="danger"
          label={t("nps.detractors")}
          value={c ? percent(c.npsDetractorsPerc) : dash}
          hint={c ? t("nps.count", { count: c.detractors }) : undefined}
        />
      </div>
      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <Card>
          <CardHeader>
            <CardTitle>{t("nps.split")}</CardTitle>
          </CardHeader>
          <CardBody className="flex flex-col items-center gap-3 sm:flex-row">
            <div className="w-full max-w-[240px]">
              <DonutChart
                testId="chart-nps"
                data={[
                  { label: t("nps.promoters"), value: c?.promoters ?? 0, color: COLORS.promoters },
                  { label: t("nps.passives"), value: c?.passives ?? 0, color: COLORS.passives },
                  { label: t("nps.detractors"), value: c?.detractors ?? 0, color: COLORS.detractors },
                ]}
              />
            </div>
            <ul className="flex flex-col gap-2 text-sm">
              {(["promoters", "passives", "detractors"] as const).map((k) => (
                <li key={k} className="flex items-center gap-2 text-ink">
                  <span className="size-2.5 rounded-full" style={{ background: COLORS[k] }} />
                  {t(`nps.${k}`)} <span className="text-ink-muted">{t(`nps.${k}Range`)}</span>
                </li>
              ))}
            </ul>
          </CardBody>
        </Card>
        <div className="grid grid-cols-2 content-start gap-3">
          <StatCard
            testId="counter-withRating"
            icon={<Star />}
            tone="success"
            label={t("nps.withRating")}
            value={c ? c.withRating : dash}
          />
          <StatCard
            testId="counter-withoutRating"
            icon={<StarOff />}
            label={t("nps.withoutRating")}
            value={c ? c.withoutRating : dash}
          />
          <StatCard
            testId="counter-waitRating"
            icon={<MessageSquareDashed />}
            tone="warning"
            label={t("nps.waitRating")}
            value={c ? c.waitRating : dash}
          />
          <StatCard
            testId="counter-percRating"
            icon={<Gauge />}
            label={t("nps.percRating")}
            value={c ? percent(c.percRating) : dash}
          />
        </div>
      </div>
    </div>
  );
}
