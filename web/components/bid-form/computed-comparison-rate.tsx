import { Alert, Stack, Text } from '@mantine/core';
import { type ComparisonTerms, comparisonRate, comparisonRateDiffers, comparisonRateWarning } from '../../../domain/bid/comparison-rate';
import { formatRate } from '../../lib/format';

type Props = { terms: ComparisonTerms | null; declared: number | null };

/**
 * The comparison rate worked out from the bid's rates and fees (docs/bid-templates.md "The comparison rate"), beside
 * the declared one, with a warning when they differ by more than 0.01 points and the lenders' standard warning.
 */
export function ComputedComparisonRate({ terms, declared }: Props) {
  if (!terms) return null;
  const computed = comparisonRate(terms);
  const differs = declared !== null && comparisonRateDiffers(declared, computed);
  return (
    <Stack gap={6}>
      <Text size="sm">
        Comparison rate worked out from these rates and fees: <strong>{formatRate(computed)}</strong>
      </Text>
      {differs && (
        <Alert color="yellow" variant="light" title="The comparison rate differs from the one worked out">
          The declared comparison rate is {formatRate(declared)}; the rates and fees give {formatRate(computed)}. Check the fees and the rates.
        </Alert>
      )}
      <Text size="xs" c="dimmed">
        {comparisonRateWarning}
      </Text>
    </Stack>
  );
}
