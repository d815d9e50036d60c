import { SimpleGrid, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { bidLimits } from '../../../domain/bid/schemas';
import type { BidFormValues } from './bid-form-values';

type Props = { form: UseFormReturnType<BidFormValues> };

/** What the customer reads about the offer: its description, the disclaimer and the product's documents (links). */
export function OfferTextsSection({ form }: Props) {
  return (
    <>
      <Textarea label="Offer description" autosize minRows={3} maxLength={bidLimits.longTextMax} {...form.getInputProps('offer_description')} />
      <Textarea label="Disclaimer" autosize minRows={2} maxLength={bidLimits.longTextMax} {...form.getInputProps('disclaimer')} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label="Product disclosure statement" placeholder="https://" maxLength={bidLimits.longTextMax} {...form.getInputProps('product_disclosure_statement')} />
        <TextInput label="Key fact sheet" placeholder="https://" maxLength={bidLimits.longTextMax} {...form.getInputProps('key_fact_sheets')} />
      </SimpleGrid>
    </>
  );
}
