import { Button, Menu } from '@mantine/core';
import { IconArrowsSort, IconCheck } from '@tabler/icons-react';
import { type SortOption, sortOptions } from '../dashboard-labels';

type Props = { value: SortOption; onChange: (option: SortOption) => void };

/** spec 1 §2 "Sort menus on dashboards": the post's dates, then the leading bid's figures. */
export function SortMenu({ value, onChange }: Props) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button variant="default" size="xs" leftSection={<IconArrowsSort size={14} />}>
          Sort: {value.label}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {sortOptions.map((option) => (
          <Menu.Item
            key={option.key}
            onClick={() => onChange(option)}
            rightSection={option.key === value.key ? <IconCheck size={14} /> : null}
          >
            {option.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
