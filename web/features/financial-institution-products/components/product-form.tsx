import { Input, Paper, SegmentedControl, SimpleGrid, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { type ReactNode, useState } from 'react';
import {
  productDescriptionMax,
  type ProductFields,
  productFields,
  type ProductStatus,
  productStatuses,
  productStatusLabels,
  productTextMax,
  type ProductView,
} from '../../../../domain/financial-institution-product/schemas';
import { FormActions } from '../../../components/form-actions';
import { FormErrorAlert } from '../../../components/form-error-alert';
import { failedSaveMessage } from '../../../lib/server-errors';

type FormValues = { product_name: string; name: string; description: string; status: ProductStatus; is_restrict: boolean; allowed_bidders: string[] };

const fields = ['product_name', 'name', 'description', 'status', 'is_restrict', 'allowed_bidders'] as const;
const statusOptions = productStatuses.map((value) => ({ value, label: productStatusLabels[value] }));

type Props = {
  /** The product being edited; absent when creating. */
  product?: ProductView;
  /**
   * The field choosing the brokers of a restricted product (the organisations feature's, given by the page: features
   * do not import each other).
   */
  biddersField: (field: { value: readonly string[]; onChange: (uuids: string[]) => void; error: ReactNode; description: string }) => ReactNode;
  submitLabel: string;
  /** Saves; an ApiError it throws is shown on the form (422 field messages on their fields). */
  onSubmit: (fields: ProductFields) => Promise<unknown>;
  onCancel: () => void;
};

/** The form values as the API's fields: an empty description is none; an unrestricted product keeps no brokers. */
const toFields = (values: FormValues) => ({
  ...values,
  description: values.description.trim() === '' ? null : values.description,
  allowed_bidders: values.is_restrict ? values.allowed_bidders : [],
});

/** Create and edit a financial institution product, validated with the API's zod schema (spec 3 §3). */
export function ProductForm({ product, biddersField, submitLabel, onSubmit, onCancel }: Props) {
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<FormValues>({
    initialValues: {
      product_name: product?.product_name ?? '',
      name: product?.name ?? '',
      description: product?.description ?? '',
      status: product?.status ?? 'active',
      is_restrict: product?.is_restrict ?? false,
      allowed_bidders: product?.allowed_bidders ?? [],
    },
    validate: (values) => schemaResolver(productFields, { sync: true })(toFields(values)),
  });

  async function submit(values: FormValues) {
    setFormError(null);
    const parsed = productFields.safeParse(toFields(values));
    if (!parsed.success) return; // validate() above already shows why
    try {
      await onSubmit(parsed.data);
    } catch (error) {
      setFormError(
        failedSaveMessage(error, {
          prefix: 'financial_institution_product',
          fields,
          setFieldError: form.setFieldError,
          byStatus: { 409: 'Someone else changed these products at the same time. Reload the page and try again.' },
          otherwise: 'The product could not be saved. Please try again in a moment.',
        }),
      );
    }
  }

  return (
    <Paper p="lg" maw={760}>
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack gap="md">
          <FormErrorAlert title="Not saved" message={formError} />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label="Product name"
              description="What customers see on a bid offering it."
              withAsterisk
              maxLength={productTextMax}
              {...form.getInputProps('product_name')}
            />
            <TextInput label="Name" description="The lender's own name or code for it." withAsterisk maxLength={productTextMax} {...form.getInputProps('name')} />
          </SimpleGrid>
          <Textarea label="Description" autosize minRows={3} maxLength={productDescriptionMax} {...form.getInputProps('description')} />
          <Input.Wrapper label="Status" error={form.errors.status}>
            <div>
              <SegmentedControl mt={4} aria-label="Status" data={statusOptions} {...form.getInputProps('status')} />
            </div>
          </Input.Wrapper>
          <Switch
            label="Only chosen brokers may offer it"
            description="Off: the lender's own providers and every broker the lender allows may offer it on a bid."
            {...form.getInputProps('is_restrict', { type: 'checkbox' })}
          />
          {form.values.is_restrict &&
            biddersField({
              value: form.values.allowed_bidders,
              description: "The brokers that may offer this product on a bid, besides the lender's own providers.",
              onChange: (uuids) => {
                form.setFieldValue('allowed_bidders', uuids);
                form.clearFieldError('allowed_bidders');
              },
              error: form.errors.allowed_bidders,
            })}
          <FormActions submitLabel={submitLabel} submitting={form.submitting} onCancel={onCancel} />
        </Stack>
      </form>
    </Paper>
  );
}
