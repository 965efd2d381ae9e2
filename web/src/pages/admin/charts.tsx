// The admin charts, in their own chunk: recharts loads only when a chart is shown. Drawn without
// animation: figures appear at once (and screenshots and reduced-motion users see the final chart).
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Legend,
  Line,
  LineChart,
  Pie,
  PieChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { colorValue } from '../../theme';

const BRAND = colorValue('brand.700');
const PALETTE = ['brand.700', 'gold.500', 'green.600', 'orange.600', 'purple.600', 'blue.600', 'pink.600', 'gray.600'].map(colorValue);
const TICK = colorValue('gray.700');

/** Companies per state: the top ten as bars (owner-admin §2.9 tab 1). */
export function StateBarChart({ data }: { data: Array<{ state: string; count: number }> }) {
  return (
    <ResponsiveContainer width="100%" height={280}>
      <BarChart data={data} margin={{ top: 8, right: 8, bottom: 8, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="state" tick={{ fill: TICK, fontSize: 12 }} />
        <YAxis allowDecimals={false} tick={{ fill: TICK, fontSize: 12 }} width={40} />
        <Tooltip />
        <Bar dataKey="count" name="Companies" fill={BRAND} radius={[4, 4, 0, 0]} isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  );
}

/** One line per series over the days of the window. */
export function TrendsChart({
  data,
  series,
}: {
  data: Array<Record<string, string | number>>;
  series: Array<{ key: string; label: string }>;
}) {
  return (
    <ResponsiveContainer width="100%" height={300}>
      <LineChart data={data} margin={{ top: 8, right: 16, bottom: 8, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="date" tick={{ fill: TICK, fontSize: 12 }} minTickGap={16} />
        <YAxis allowDecimals={false} tick={{ fill: TICK, fontSize: 12 }} width={40} />
        <Tooltip />
        <Legend />
        {series.map((s, i) => (
          <Line
            key={s.key}
            type="monotone"
            dataKey={s.key}
            name={s.label}
            stroke={PALETTE[i % PALETTE.length]}
            strokeWidth={2}
            dot={false}
            isAnimationActive={false}
          />
        ))}
      </LineChart>
    </ResponsiveContainer>
  );
}

/** Shares of a whole (devices), as a ring with a legend. */
export function ShareChart({ data }: { data: Array<{ name: string; value: number }> }) {
  return (
    <ResponsiveContainer width="100%" height={260}>
      <PieChart>
        <Pie data={data} dataKey="value" nameKey="name" innerRadius={55} outerRadius={90} paddingAngle={2} isAnimationActive={false}>
          {data.map((d, i) => (
            <Cell key={d.name} fill={PALETTE[i % PALETTE.length]} />
          ))}
        </Pie>
        <Tooltip />
        <Legend />
      </PieChart>
    </ResponsiveContainer>
  );
}

/** Horizontal bars for a ranked list (top companies, searches). */
export function RankChart({ data, label }: { data: Array<{ name: string; value: number }>; label: string }) {
  return (
    <ResponsiveContainer width="100%" height={Math.max(160, data.length * 40)}>
      <BarChart data={data} layout="vertical" margin={{ top: 4, right: 16, bottom: 4, left: 8 }}>
        <CartesianGrid strokeDasharray="3 3" horizontal={false} />
        <XAxis type="number" allowDecimals={false} tick={{ fill: TICK, fontSize: 12 }} />
        <YAxis type="category" dataKey="name" width={150} interval={0} tick={{ fill: TICK, fontSize: 11 }} />
        <Tooltip />
        <Bar dataKey="value" name={label} fill={BRAND} radius={[0, 4, 4, 0]} isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  );
}
