import { ActionIcon, Button, Group, Input, Paper, SegmentedControl, Select, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import type { BidTemplateView } from '../../../../contracts/bid-template';
import { type AustralianAddress, australianStates } from '../../../../domain/address/schemas';
import { type AddressType, addressTypes, type LocationRule, placeOf } from '../../../../domain/bid-template/rules';
import { AddressPicker } from '../../../components/address-picker';
import { useChangeBidTemplate, useReloadBidTemplate, type TemplateChange } from '../api/change-bid-template';
import { bidTemplateTexts } from '../bid-template-texts';
import { confirmChange, isChangedMeanwhile, showChangedMeanwhile } from './changed-meanwhile';

type Props = { template: BidTemplateView; editable: boolean };

const addressTypeLabels: Record<AddressType, string> = { state: 'State', postcode: 'Postcode', suburb: 'Suburb' };
const listTypeOptions = [
  { value: 'whitelist', label: 'Only the places listed' },
  { value: 'none', label: 'Anywhere in Australia' },
];

/** The place to add, as the inputs hold it: a state, or a picked suburb (a postcode rule keeps its postcode). */
type Draft = { address_type: AddressType; state: string | null; address: AustralianAddress | null };

function ruleOf(draft: Draft): Omit<LocationRule, 'uuid'> | null {
  if (draft.address_type === 'state') return draft.state ? { address_type: 'state', state: draft.state, postcode: null, suburb: null } : null;
  if (!draft.address) return null;
  const { state, postcode, suburb } = draft.address;
  return draft.address_type === 'postcode' ? { address_type: 'postcode', state, postcode, suburb: null } : { address_type: 'suburb', state, postcode, suburb };
}

/**
 * Location rules (spec 3 §4 "Location list type", §7): a whitelist of states, postcodes or suburbs, picked from the
 * shipped localities with the post wizard's address picker (the state comes with the place). Every change asks
 * first; declining or a failed call reloads the template. Clearing the list type deletes every place.
 */
export function LocationRulesPanel({ template, editable }: Props) {
  const change = useChangeBidTemplate(template);
  const reload = useReloadBidTemplate(template.uuid);
  const [draft, setDraft] = useState<Draft>({ address_type: 'postcode', state: null, address: null });
  const [tried, setTried] = useState(false);
  const whitelist = template.location_list_type === 'whitelist';
  const rule = ruleOf(draft);

  function run(changeToMake: TemplateChange, toast: { title: string; message: string; color: string }, after?: () => void) {
    change.mutate(changeToMake, {
      onSuccess: () => {
        notifications.show(toast);
        after?.();
      },
      onError: (error) => {
        if (isChangedMeanwhile(error)) return showChangedMeanwhile(() => void reload());
        notifications.show({ color: 'red', title: 'The location rules were not changed', message: 'Please try again in a moment.' });
        void reload();
      },
    });
  }

  function changeListType(value: string | null) {
    const listType = value === 'whitelist' ? 'whitelist' : null;
    if (listType === template.location_list_type) return;
    confirmChange({
      title: 'Change where the template bids?',
      message:
        listType === null
          ? `The template will bid anywhere in Australia. ${template.location_rules.length > 0 ? `The ${template.location_rules.length === 1 ? 'place' : `${template.location_rules.length} places`} listed will be deleted.` : ''}`
          : 'The template will bid only in the places you list. Until you add one, it bids anywhere.',
      confirm: 'Yes, change it',
      onDecline: () => void reload(),
      onConfirm: () => run({ kind: 'location-list-type', listType }, { color: 'teal', title: bidTemplateTexts.success, message: listType ? 'The template bids only in the places listed.' : 'The template bids anywhere in Australia.' }),
    });
  }

  function add() {
    setTried(true);
    if (!rule) return;
    confirmChange({
      title: 'Add this place?',
      message: `The template will also bid on loans for properties in ${placeOf({ ...rule, uuid: '' })}.`,
      confirm: 'Yes, add it',
      onDecline: () => void reload(),
      onConfirm: () =>
        run({ kind: 'add-location-rule', rule }, { color: 'teal', ...bidTemplateTexts.locationAdded }, () => {
          setDraft({ ...draft, state: null, address: null });
          setTried(false);
        }),
    });
  }

  function remove(place: LocationRule) {
    confirmChange({
      title: 'Delete this place?',
      message: `The template will no longer bid on loans in ${placeOf(place)}${template.location_rules.length === 1 ? ' and, with no place left, bids anywhere' : ''}.`,
      confirm: 'Yes, delete it',
      onDecline: () => void reload(),
      onConfirm: () => run({ kind: 'delete-location-rule', ruleUuid: place.uuid }, { color: 'yellow', ...bidTemplateTexts.locationDeleted }),
    });
  }

  return (
    <Paper p="lg" withBorder component="section" aria-label="Location rules">
      <Stack gap="md">
        <div>
          <Title order={4}>Where it bids</Title>
          <Text size="sm" c="dimmed">
            Limit the template to properties in some states, postcodes or suburbs.
          </Text>
        </div>
        <Select
          label="Location list"
          data={listTypeOptions}
          value={whitelist ? 'whitelist' : 'none'}
          onChange={changeListType}
          allowDeselect={false}
          readOnly={!editable}
          disabled={change.isPending}
          w={{ base: '100%', sm: 320 }}
        />
        {whitelist && (
          <>
            {template.location_rules.length === 0 ? (
              <Text size="sm" c="dimmed">
                No place listed yet: the template bids anywhere in Australia.
              </Text>
            ) : (
              <Table verticalSpacing="xs" withTableBorder>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th w={140}>Type</Table.Th>
                    <Table.Th>Place</Table.Th>
                    {editable && <Table.Th w={60} />}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {template.location_rules.map((place) => (
                    <Table.Tr key={place.uuid} data-testid="location-rule">
                      <Table.Td>{addressTypeLabels[place.address_type]}</Table.Td>
                      <Table.Td>{placeOf(place)}</Table.Td>
                      {editable && (
                        <Table.Td>
                          <Tooltip label="Delete" withArrow>
                            <ActionIcon variant="subtle" color="red" aria-label={`Delete ${placeOf(place)}`} onClick={() => remove(place)} disabled={change.isPending}>
                              <IconTrash size={18} />
                            </ActionIcon>
                          </Tooltip>
                        </Table.Td>
                      )}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
            {editable && (
              <Group align="flex-start" gap="sm" wrap="wrap">
                <Input.Wrapper label="Place type">
                  <div>
                    <SegmentedControl
                      mt={4}
                      aria-label="Place type"
                      data={addressTypes.map((value) => ({ value, label: addressTypeLabels[value] }))}
                      value={draft.address_type}
                      onChange={(value) => setDraft({ ...draft, address_type: value as AddressType })}
                    />
                  </div>
                </Input.Wrapper>
                <div style={{ flex: '1 1 280px' }}>
                  {draft.address_type === 'state' ? (
                    <Select
                      label="State"
                      placeholder="Choose a state"
                      data={[...australianStates]}
                      value={draft.state}
                      onChange={(state) => setDraft({ ...draft, state })}
                      error={tried && !rule ? 'Choose a state' : undefined}
                    />
                  ) : (
                    <AddressPicker
                      label={draft.address_type === 'postcode' ? 'Postcode' : 'Suburb'}
                      value={draft.address}
                      onChange={(address) => setDraft({ ...draft, address })}
                      error={tried && !rule ? 'Pick a place from the list' : undefined}
                    />
                  )}
                </div>
                <Button mt={25} variant="light" leftSection={<IconPlus size={16} />} onClick={add} loading={change.isPending}>
                  Add the place
                </Button>
              </Group>
            )}
          </>
        )}
      </Stack>
    </Paper>
  );
}
