import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import type { DealView } from '../../../../contracts/deal';
import { DetailItem } from '../../../components/detail-item';
import { formatMobile, mobileHref } from '../../../lib/format';

const fullName = (person: { first_name: string | null; last_name: string | null }) => [person.first_name, person.last_name].filter(Boolean).join(' ') || '—';

/** Who holds the deal (spec 1 §2 "provider detail"). */
export function DealProvider({ provider }: { provider: DealView['provider'] }) {
  return (
    <Paper p="lg" withBorder>
      <Stack gap="sm">
        <Title order={4}>Provider</Title>
        <DetailItem label="Name">{fullName(provider)}</DetailItem>
        <DetailItem label="Organisation">{provider.organisation.name ?? '—'}</DetailItem>
        {provider.email && (
          <DetailItem label="E-mail">
            <Anchor href={`mailto:${provider.email}`}>{provider.email}</Anchor>
          </DetailItem>
        )}
      </Stack>
    </Paper>
  );
}

/** The customer (spec 1 §2 "user information"): the API sends it to the provider of the winning bid and to admins only. */
export function DealCustomer({ customer }: { customer: DealView['customer'] }) {
  return (
    <Paper p="lg" withBorder>
      <Stack gap="sm">
        <Title order={4}>Customer</Title>
        {customer ? (
          <>
            <DetailItem label="Name">{fullName(customer)}</DetailItem>
            {customer.email && (
              <DetailItem label="E-mail">
                <Anchor href={`mailto:${customer.email}`}>{customer.email}</Anchor>
              </DetailItem>
            )}
            {customer.mobile_number && (
              <DetailItem label="Mobile">
                <Anchor href={mobileHref(customer.country_code, customer.mobile_number)}>{formatMobile(customer.country_code, customer.mobile_number)}</Anchor>
              </DetailItem>
            )}
          </>
        ) : (
          <Text size="sm" c="dimmed">
            The customer's details are shown to the provider holding the winning bid.
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
