import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { CompanyAnalytics } from '@limo/contracts';
import { colorValue } from '../../theme';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function tick(date: string, monthly: boolean): string {
  const [, m, d] = date.split('-');
  const month = MONTHS[Number(m) - 1] ?? m;
  return monthly ? month : `${month} ${Number(d)}`;
}

/** The listing's figures over time (recharts, loaded with the Overview tab only). */
export default function AnalyticsChart({ data, monthly }: { data: CompanyAnalytics['daily']; monthly: boolean }) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <LineChart data={data} margin={{ top: 8, right: 16, bottom: 0, left: -16 }}>
        <CartesianGrid strokeDasharray="3 3" stroke={colorValue('gray.200')} />
        <XAxis dataKey="date" tickFormatter={(d: string) => tick(d, monthly)} fontSize={12} minTickGap={16} />
        <YAxis allowDecimals={false} fontSize={12} />
        <Tooltip labelFormatter={(d) => tick(String(d), monthly)} />
        <Legend />
        <Line type="monotone" dataKey="profileViews" name="Views" stroke={colorValue('brand.700')} strokeWidth={2} dot={false} />
        <Line
          type="monotone"
          dataKey="searchAppearances"
          name="Search appearances"
          stroke={colorValue('brand.300')}
          strokeWidth={2}
          dot={false}
        />
        <Line type="monotone" dataKey="quoteRequests" name="Quote requests" stroke={colorValue('gold.500')} strokeWidth={2} dot={false} />
        <Line type="monotone" dataKey="callClicks" name="Calls" stroke={colorValue('green.600')} strokeWidth={2} dot={false} />
        <Line type="monotone" dataKey="websiteClicks" name="Website clicks" stroke={colorValue('orange.600')} strokeWidth={2} dot={false} />
      </LineChart>
    </ResponsiveContainer>
  );
}
