import { Badge, Table, Text } from '@mantine/core';
import type { SystemConfigurationView } from '../../../../domain/system-configuration/schemas';
import { AnchorLink } from '../../../components/router-link';
import { formatSettingValue } from '../format-value';

function SettingValue({ setting }: { setting: SystemConfigurationView }) {
  if (setting.field_type === 'activation_status') {
    return <Badge color={setting.value === 'active' ? 'teal' : 'gray'}>{setting.value === 'active' ? 'Active' : 'Inactive'}</Badge>;
  }
  return <Text size="sm">{formatSettingValue(setting)}</Text>;
}

/** Every setting with its current value; the label opens its edit screen. */
export function SystemConfigurationsTable({ settings }: { settings: readonly SystemConfigurationView[] }) {
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped highlightOnHover verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Label</Table.Th>
            <Table.Th>Description</Table.Th>
            <Table.Th>Value</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {settings.map((setting) => (
            <Table.Tr key={setting.key}>
              <Table.Td>
                <AnchorLink to="/configurations/$key/edit" params={{ key: setting.key }} size="sm" fw={500}>
                  {setting.label}
                </AnchorLink>
              </Table.Td>
              <Table.Td>
                <Text size="sm" c="dimmed">
                  {setting.description}
                </Text>
              </Table.Td>
              <Table.Td>
                <SettingValue setting={setting} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
