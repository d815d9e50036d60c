import { ActionIcon, Button, Checkbox, Group, NumberInput, Paper, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { bidLimits } from '../../../domain/bid/schemas';
import { type BidFormValues, emptyOptionalDocument, emptyRequiredDocument } from './bid-form-values';

type Props = { form: UseFormReturnType<BidFormValues> };

/**
 * spec 3 §3 and §5: the documents the customer must provide (at least one, each with a quantity of 1 to 1000) and
 * the optional documents the provider offers (a name or a link each).
 */
export function DocumentsSection({ form }: Props) {
  const required = form.values.required_documents;
  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Text fw={600} size="sm">
          Required documents
        </Text>
        {required.map((document, index) => (
          <Paper key={document.key} withBorder p="sm" data-testid="required-document">
            <Group align="flex-start" gap="sm" wrap="wrap">
              <TextInput
                label="Document"
                withAsterisk
                placeholder="Payslips"
                maxLength={bidLimits.textMax}
                style={{ flex: '2 1 180px' }}
                {...form.getInputProps(`required_documents.${index}.document_type`)}
              />
              <TextInput label="Description" style={{ flex: '3 1 220px' }} {...form.getInputProps(`required_documents.${index}.description`)} />
              <NumberInput
                label="Quantity"
                withAsterisk
                w={110}
                min={bidLimits.documentQuantity.min}
                max={bidLimits.documentQuantity.max}
                decimalScale={0}
                allowNegative={false}
                {...form.getInputProps(`required_documents.${index}.quantity`)}
              />
              <Checkbox mt={32} label="Mandatory" {...form.getInputProps(`required_documents.${index}.mandatory`, { type: 'checkbox' })} />
              <Tooltip label={required.length === 1 ? 'A bid needs at least one required document' : 'Remove'} withArrow>
                <ActionIcon
                  mt={28}
                  variant="subtle"
                  color="red"
                  disabled={required.length === 1}
                  aria-label={`Remove required document ${index + 1}`}
                  onClick={() => form.removeListItem('required_documents', index)}
                >
                  <IconTrash size={18} />
                </ActionIcon>
              </Tooltip>
            </Group>
          </Paper>
        ))}
        {typeof form.errors.required_documents === 'string' && (
          <Text size="sm" c="red">
            {form.errors.required_documents}
          </Text>
        )}
        <Group>
          <Button variant="light" size="xs" leftSection={<IconPlus size={14} />} onClick={() => form.insertListItem('required_documents', emptyRequiredDocument())}>
            Add a required document
          </Button>
        </Group>
      </Stack>
      <Stack gap="xs">
        <Text fw={600} size="sm">
          Optional documents
        </Text>
        {form.values.optional_documents.map((document, index) => (
          <Group key={document.key} align="flex-start" gap="sm" wrap="nowrap" data-testid="optional-document">
            <TextInput
              aria-label={`Optional document ${index + 1}`}
              placeholder="A document's name or link"
              style={{ flex: 1 }}
              maxLength={bidLimits.longTextMax}
              {...form.getInputProps(`optional_documents.${index}.document`)}
            />
            <ActionIcon mt={4} variant="subtle" color="red" aria-label={`Remove optional document ${index + 1}`} onClick={() => form.removeListItem('optional_documents', index)}>
              <IconTrash size={18} />
            </ActionIcon>
          </Group>
        ))}
        <Group>
          <Button variant="light" size="xs" leftSection={<IconPlus size={14} />} onClick={() => form.insertListItem('optional_documents', emptyOptionalDocument())}>
            Add an optional document
          </Button>
        </Group>
      </Stack>
    </Stack>
  );
}
