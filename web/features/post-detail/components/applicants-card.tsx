import { Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { WinningProviderCustomerView } from '../../../../contracts/provider-post';
import type { ApplicantWithIncomesView } from '../../../../contracts/post';
import { DetailItem } from '../../../components/detail-item';
import { formatAud, formatCount, formatMobile } from '../../../lib/format';
import { creditHistoryLabels } from '../../../../domain/post/labels';

type Contact = Pick<WinningProviderCustomerView, 'first_name' | 'last_name' | 'email' | 'country_code' | 'mobile_number'>;

/**
 * The applicants (spec 1 §2 "Post detail"), only when the API gives them: to the owner, admins, and the provider
 * holding the winning bid, who also gets the customer's contact details (spec 1 §6).
 */
export function ApplicantsCard({ applicants, contact }: { applicants: ApplicantWithIncomesView[]; contact?: Contact }) {
  return (
    <Paper p="lg" withBorder data-testid="applicants">
      <Stack gap="md">
        <Title order={4}>Applicants</Title>
        {contact && (
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md" data-testid="customer-contact">
            <DetailItem label="Customer">{[contact.first_name, contact.last_name].filter(Boolean).join(' ') || '—'}</DetailItem>
            <DetailItem label="E-mail">{contact.email ?? '—'}</DetailItem>
            <DetailItem label="Mobile">{contact.mobile_number ? formatMobile(contact.country_code, contact.mobile_number) : '—'}</DetailItem>
          </SimpleGrid>
        )}
        {applicants.length === 0 ? (
          <Text c="dimmed" size="sm">
            No applicants yet.
          </Text>
        ) : (
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Born</Table.Th>
                <Table.Th>Credit history</Table.Th>
                <Table.Th>Incomes</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {applicants.map((applicant) => (
                <Table.Tr key={applicant.uuid} data-testid="applicant-row">
                  <Table.Td>{applicant.full_name ?? `Applicant ${applicant.number}`}</Table.Td>
                  <Table.Td>{applicant.date_of_birth ?? '—'}</Table.Td>
                  <Table.Td>{applicant.credit_history ? creditHistoryLabels[applicant.credit_history] : '—'}</Table.Td>
                  <Table.Td>{incomeText(applicant)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Paper>
  );
}

function incomeText(applicant: ApplicantWithIncomesView): string {
  const values = applicant.incomes.map((income) => income.value).filter((value): value is number => value !== null);
  if (values.length === 0) return '—';
  const count = formatCount(values.length, 'income');
  return `${count}, ${formatAud(values.reduce((sum, value) => sum + value, 0))}`;
}
