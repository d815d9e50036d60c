import { Badge } from '@mantine/core';
import { creditBands } from '../../../../domain/post/calculations';
import type { DashboardPostRow } from '../../../../domain/post/dashboard';

/** The credit band in the spec's colour (spec 1 §9); a dash when the applicants' histories are unknown. */
export function CreditBandBadge({ band }: { band: DashboardPostRow['credit_band'] }) {
  const found = creditBands.find((b) => b.band_key === band);
  if (!found) return <>—</>;
  return (
    <Badge color={found.colour} autoContrast radius="sm">
      {found.label}
    </Badge>
  );
}
