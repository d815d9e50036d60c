import { Checkbox, Input, SegmentedControl, SimpleGrid, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { templateBidTypes, templateNameMax } from '../../../../domain/bid-template/schemas';
import { bidTypeLabels } from '../../../components/bid-form/bid-labels';
import { ProductPicker } from '../../../components/bid-form/product-picker';
import { useOrganisationDirectory } from '../../../lib/organisation-directory';
import { type ProviderOption, useProviderOptions } from '../api/list-providers';
import type { TemplateFormValues } from '../template-form-values';
import { type SearchOption, SearchSelect } from './search-select';

/** Who the template bids for, as the form knows it: the provider, its organisation and whether that is fixed. */
export type TemplateOwner = {
  provider: SearchOption | null;
  organisation: SearchOption | null;
  /** spec 3 §5: a provider of a financial institution has its organisation fixed (an admin's choice of one too). */
  organisationFixed: boolean;
  /** An admin creating a template picks the provider (spec 3 §6 fsp_user_uuid); afterwards it stays. */
  providerChoosable: boolean;
  /** create_anonymous_bid (spec 3 §5); an admin's provider is checked by the API. */
  anonymousAllowed: boolean;
};

type Props = {
  form: UseFormReturnType<TemplateFormValues>;
  owner: TemplateOwner;
  onProviderChange: (provider: ProviderOption | null) => void;
};

function useOrganisationOptions(search: string) {
  const directory = useOrganisationDirectory(search);
  return { options: (directory.data ?? []).map((entry) => ({ value: entry.uuid, label: entry.name })), loading: directory.isFetching };
}

function useAllProviders(search: string) {
  const providers = useProviderOptions('all', search);
  return { options: providers.data ?? [], loading: providers.isFetching };
}

/** The template's own fields: its name, the provider and organisation it bids for, the kind of bid and the product. */
export function TemplateSection({ form, owner, onProviderChange }: Props) {
  const bidTypes = owner.anonymousAllowed ? templateBidTypes : (['normal'] as const);
  return (
    <>
      <TextInput label="Template name" withAsterisk maxLength={templateNameMax} description="Only you and your colleagues see it." {...form.getInputProps('name')} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {owner.providerChoosable ? (
          <SearchSelect
            label="Provider"
            withAsterisk
            placeholder="Search providers by name"
            description="The provider whose bids this template places."
            value={form.values.fsp_user_uuid || null}
            chosen={owner.provider}
            useOptions={useAllProviders}
            nothingFoundMessage="No active provider by this name"
            error={form.errors.fsp_user_uuid}
            onChange={(option) => onProviderChange((option as ProviderOption | null) ?? null)}
          />
        ) : (
          <TextInput label="Provider" value={owner.provider?.label ?? ''} readOnly variant="filled" />
        )}
        {owner.organisationFixed ? (
          <TextInput label="Organisation" value={owner.organisation?.label ?? ''} readOnly variant="filled" description="A bank lender's provider bids for its own organisation." />
        ) : (
          <SearchSelect
            label="Organisation"
            withAsterisk
            placeholder="Search organisations by name"
            description="The lender the bids are made for."
            value={form.values.organisation_uuid || null}
            chosen={owner.organisation}
            useOptions={useOrganisationOptions}
            nothingFoundMessage="No organisation by this name"
            error={form.errors.organisation_uuid}
            onChange={(option) => form.setFieldValue('organisation_uuid', option?.value ?? '')}
          />
        )}
      </SimpleGrid>
      {bidTypes.length > 1 && (
        <Input.Wrapper label="Bid type" error={form.errors.bid_type}>
          <div>
            <SegmentedControl mt={4} aria-label="Bid type" data={bidTypes.map((value) => ({ value, label: bidTypeLabels[value] }))} {...form.getInputProps('bid_type')} />
          </div>
        </Input.Wrapper>
      )}
      {form.values.bid_type === 'anonymous' && (
        <Checkbox
          label="Show my organisation only to the customer"
          description="Other providers see the bid without your organisation's name and logo."
          {...form.getInputProps('show_private', { type: 'checkbox' })}
        />
      )}
      <ProductPicker
        providerUuid={form.values.fsp_user_uuid || null}
        value={form.values.financial_institution_product}
        current={null}
        onChange={(product) => {
          form.setFieldValue('financial_institution_product', product?.uuid ?? null);
          form.clearFieldError('financial_institution_product');
          if (product && form.values.product_name.trim() === '') form.setFieldValue('product_name', product.product_name);
        }}
        error={form.errors.financial_institution_product}
      />
      <TextInput label="Product name" maxLength={templateNameMax} {...form.getInputProps('product_name')} />
    </>
  );
}
