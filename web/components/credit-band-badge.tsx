import { Badge } from '@mantine/core';
import { creditBands } from '../../domain/post/calculations';

/** The credit band in the spec's colour (spec 1 §9: Low #ef5460 … Excellent #33de8f); a dash when unknown. */
export function CreditBandBadge({ bandKey, size }: { bandKey: string | null | undefined; size?: 'sm' | 'md' | 'lg' }) {
  const found = creditBands.find((band) => band.band_key === bandKey);
  if (!found) return <>—</>;
  return (
    <Badge color={found.colour} autoContrast radius="sm" size={size} data-testid="credit-band">
      {found.label}
    </Badge>
  );
}
