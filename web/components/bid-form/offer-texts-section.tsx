import { Button, Group, Input, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { bidLimits } from '../../../domain/bid/schemas';
import { documentLinkOf } from '../../lib/document-link';
import { DocumentLink } from '../document-link';
import type { BidFormValues } from './bid-form-values';

type Props = { form: UseFormReturnType<BidFormValues> };
type DocumentField = 'product_disclosure_statement' | 'key_fact_sheets';

/**
 * A product document: a web address typed here, or a PDF uploaded to the marketplace (the template's upload), which
 * shows as the link that opens it rather than its `/files/<id>` path; removing it makes way for an address
 * (docs/bid-templates.md "Documents").
 */
function DocumentInput({ form, field, label }: Props & { field: DocumentField; label: string }) {
  const value = form.values[field];
  if (documentLinkOf(value).kind === 'file') {
    return (
      <Input.Wrapper label={label} description="An uploaded PDF" error={form.errors[field]}>
        <Group gap="sm" mt={4} wrap="nowrap">
          <DocumentLink value={value} label={label} />
          <Button variant="subtle" color="red" size="compact-xs" onClick={() => form.setFieldValue(field, '')} aria-label={`Remove the uploaded ${label.toLowerCase()}`}>
            Remove
          </Button>
        </Group>
      </Input.Wrapper>
    );
  }
  return <TextInput label={label} placeholder="https://" maxLength={bidLimits.longTextMax} {...form.getInputProps(field)} />;
}

/** What the customer reads about the offer: its description, the disclaimer and the product's documents (links). */
export function OfferTextsSection({ form }: Props) {
  return (
    <>
      <Textarea label="Offer description" autosize minRows={3} maxLength={bidLimits.longTextMax} {...form.getInputProps('offer_description')} />
      <Textarea label="Disclaimer" autosize minRows={2} maxLength={bidLimits.longTextMax} {...form.getInputProps('disclaimer')} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <DocumentInput form={form} field="product_disclosure_statement" label="Product disclosure statement" />
        <DocumentInput form={form} field="key_fact_sheets" label="Key fact sheet" />
      </SimpleGrid>
    </>
  );
}
