import { BarChart } from '@mantine/charts';
import { Text } from '@mantine/core';
import type { SimulationView } from '../../../../contracts/auto-bidding-simulation';
import { formatCount } from '../../../lib/format';

// The simulation's why-not breakdown (docs/auto-bidding.md "Simulation"): how many posts each rule turned away, the
// rule that failed first on each post. A bar per rule, most first, with the counts also as text for screen readers.

type Props = { whyNot: NonNullable<SimulationView['result']>['why_not'] };

export function SimulationWhyNotChart({ whyNot }: Props) {
  if (whyNot.length === 0) return <Text size="sm">No post was turned away: the template would have bid on every post of the period.</Text>;
  return (
    <>
      <BarChart
        h={Math.max(120, 44 * whyNot.length + 40)}
        data={whyNot.map((reason) => ({ rule: reason.rule, posts: reason.posts }))}
        dataKey="rule"
        orientation="vertical"
        yAxisProps={{ width: 180 }}
        xAxisProps={{ allowDecimals: false }}
        series={[{ name: 'posts', label: 'Posts turned away', color: 'orange.6' }]}
        withBarValueLabel
        aria-label="Posts turned away by rule"
      />
      <ul aria-label="Why not" style={{ margin: 0, paddingLeft: '1.2em' }}>
        {whyNot.map((reason) => (
          <li key={`${reason.step}:${reason.rule}`}>
            <Text size="sm" span>
              {reason.rule}: {formatCount(reason.posts, 'post')}
            </Text>
          </li>
        ))}
      </ul>
    </>
  );
}
