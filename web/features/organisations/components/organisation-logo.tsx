import { Avatar, type MantineSize } from '@mantine/core';
import type { OrganisationView } from '../../../../domain/organisation/schemas';

/** The organisation's logo, or its initials when it has none. */
export function OrganisationLogo({
  organisation,
  size = 'md',
}: {
  organisation: Pick<OrganisationView, 'name' | 'logo'>;
  size?: MantineSize | number;
}) {
  return (
    <Avatar
      src={organisation.logo?.original ?? null}
      name={organisation.name}
      alt={`${organisation.name} logo`}
      color="initials"
      radius="sm"
      size={size}
      bd="1px solid var(--mantine-color-gray-3)"
      bg="white"
    />
  );
}
