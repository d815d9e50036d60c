import { Breadcrumbs, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { AnchorLink } from './router-link';

/**
 * Breadcrumbs ('Dashboard > Organisations > …'), the page title and the page's main actions. Crumbs are links or
 * text made by the page; 'Dashboard' links to the dashboard, unless the reader has none yet (`withDashboard` false:
 * an approved provider completing the profile, whose every other page leads back there).
 */
export function PageHeader({ title, crumbs, actions, withDashboard = true }: { title: ReactNode; crumbs: readonly ReactNode[]; actions?: ReactNode; withDashboard?: boolean }) {
  return (
    <Stack gap={6} mb="lg">
      <Breadcrumbs separator="›" separatorMargin={6} fz="sm">
        {withDashboard && (
          <AnchorLink to="/home" size="sm" c="dimmed">
            Dashboard
          </AnchorLink>
        )}
        {crumbs.map((crumb, index) =>
          typeof crumb === 'string' ? (
            <Text key={index} size="sm" c={index === crumbs.length - 1 ? undefined : 'dimmed'}>
              {crumb}
            </Text>
          ) : (
            <span key={index}>{crumb}</span>
          ),
        )}
      </Breadcrumbs>
      <Group justify="space-between" align="center" gap="sm" wrap="wrap">
        <Title order={2}>{title}</Title>
        {actions && <Group gap="sm">{actions}</Group>}
      </Group>
    </Stack>
  );
}
