import { ActionIcon, Group, Menu, Tooltip } from '@mantine/core';
import { IconCopy, IconDots, IconEye, IconPencil, IconTrash } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { ActionIconLink } from '../../../components/router-link';

export type RowPermissions = { edit: boolean; clone: boolean; delete: boolean };

type Props = {
  template: { uuid: string; name: string };
  may: RowPermissions;
  deleting: boolean;
  onDelete: () => void;
  /**
   * More of the row's menu items, between Clone and Delete: auto-bidding's cancel bids, update auto-bidding and
   * simulate (spec 3 §2 "List screen"; issue 29) are `Menu.Item`s given here by the list page.
   */
  moreActions?: ReactNode;
};

/** View and Edit at hand; Clone, the template's other actions and Delete in its menu (spec 3 §2 "List screen"). */
export function BidTemplateRowActions({ template, may, deleting, onDelete, moreActions }: Props) {
  const { uuid, name } = template;
  const hasMenu = may.clone || may.delete || Boolean(moreActions);
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      <Tooltip label="View" withArrow>
        <ActionIconLink to="/bid-templates/$mode/$uuid" params={{ mode: 'view', uuid }} variant="subtle" color="gray" aria-label={`View ${name}`}>
          <IconEye />
        </ActionIconLink>
      </Tooltip>
      {may.edit && (
        <Tooltip label="Edit" withArrow>
          <ActionIconLink to="/bid-templates/$mode/$uuid" params={{ mode: 'edit', uuid }} variant="subtle" color="gray" aria-label={`Edit ${name}`}>
            <IconPencil />
          </ActionIconLink>
        </Tooltip>
      )}
      {hasMenu && (
        <Menu position="bottom-end" withArrow>
          <Menu.Target>
            <ActionIcon variant="subtle" color="gray" loading={deleting} aria-label={`More actions for ${name}`}>
              <IconDots />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            {may.clone && (
              <Menu.Item leftSection={<IconCopy size={16} />} renderRoot={(props) => <Link to="/bid-templates/$mode/$uuid" params={{ mode: 'clone', uuid }} {...props} />}>
                Clone
              </Menu.Item>
            )}
            {moreActions}
            {may.delete && (
              <>
                {(may.clone || moreActions) && <Menu.Divider />}
                <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={onDelete}>
                  Delete
                </Menu.Item>
              </>
            )}
          </Menu.Dropdown>
        </Menu>
      )}
    </Group>
  );
}
