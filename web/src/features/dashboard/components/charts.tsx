/**
 * Charts of the dashboard (recharts), themed from the app's CSS variables so they follow the
 * light/dark mode and the company's primary colour.
 */
import { useEffect, useState } from "react";
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Pie,
  PieChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import { useTheme } from "../../../lib/theme.tsx";

type ChartTheme = { primary: string; ink: string; muted: string; line: string; surface: string };

const read = (): ChartTheme => {
  const s = getComputedStyle(document.documentElement);
  const v = (name: string, fallback: string) => s.getPropertyValue(name).trim() || fallback;
  return {
    primary: v("--brand", "#5AC2D2"),
    ink: v("--ink", "#111827"),
    muted: v("--ink-muted", "#6b7280"),
    line: v("--line", "#e5e7eb"),
    surface: v("--surface", "#ffffff"),
  };
};

/** The theme's colours, read again after the mode or the brand colour changes. */
export function useChartTheme(): ChartTheme {
  const { mode, branding } = useTheme();
  const [theme, setTheme] = useState<ChartTheme>(read);
  useEffect(() => {
    // The provider applies the mode in its own effect, after ours: read on the next frame.
    const id = requestAnimationFrame(() => setTheme(read()));
    return () => cancelAnimationFrame(id);
  }, [mode, branding.primaryColorLight, branding.primaryColorDark]);
  return theme;
}

const tooltipStyle = (c: ChartTheme) => ({
  contentStyle: {
    background: c.surface,
    border: `1px solid ${c.line}`,
    borderRadius: 8,
    color: c.ink,
    fontSize: 12,
  },
  labelStyle: { color: c.ink, fontWeight: 600 },
  itemStyle: { color: c.ink },
  cursor: { fill: c.line, opacity: 0.4 },
});

export function BarsChart(
  { data, valueLabel, testId, height = 260 }: {
    data: { label: string; value: number }[];
    valueLabel: string;
    testId?: string;
    height?: number;
  },
) {
  const c = useChartTheme();
  return (
    <div style={{ height }} data-testid={testId}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: -20 }}>
          <CartesianGrid stroke={c.line} strokeDasharray="3 3" vertical={false} />
          <XAxis
            dataKey="label"
            tick={{ fill: c.muted, fontSize: 11 }}
            tickLine={false}
            axisLine={{ stroke: c.line }}
            interval="preserveStartEnd"
            minTickGap={12}
          />
          <YAxis
            allowDecimals={false}
            tick={{ fill: c.muted, fontSize: 11 }}
            tickLine={false}
            axisLine={false}
          />
          <Tooltip {...tooltipStyle(c)} />
          <Bar
            dataKey="value"
            name={valueLabel}
            fill={c.primary}
            radius={[4, 4, 0, 0]}
            maxBarSize={36}
            isAnimationActive={false}
          />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

export function DonutChart(
  { data, testId, height = 220 }: {
    data: { label: string; value: number; color: string }[];
    testId?: string;
    height?: number;
  },
) {
  const c = useChartTheme();
  const shown = data.some((d) => d.value > 0) ? data : [{ label: "", value: 1, color: c.line }];
  return (
    <div style={{ height }} data-testid={testId}>
      <ResponsiveContainer width="100%" height="100%">
        <PieChart>
          <Pie
            data={shown}
            dataKey="value"
            nameKey="label"
            innerRadius="58%"
            outerRadius="85%"
            paddingAngle={shown.length > 1 ? 2 : 0}
            stroke={c.surface}
            isAnimationActive={false}
          >
            {shown.map((d, i) => <Cell key={i} fill={d.color} />)}
          </Pie>
          {data.some((d) => d.value > 0) && <Tooltip {...tooltipStyle(c)} />}
        </PieChart>
      </ResponsiveContainer>
    </div>
  );
}
