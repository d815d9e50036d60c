import { ActionIcon, Code, CopyButton, Group, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { campaignLink } from '../campaign-labels';

/** The link a campaign hands out (`/create-post?slug=`), with a button that copies it; `compact` shows its path only. */
export function CampaignLink({ slug, compact = false }: { slug: string; compact?: boolean }) {
  const link = campaignLink(slug);
  return (
    <Group gap={4} wrap="nowrap">
      <Code data-testid="campaign-link" data-link={link} style={{ wordBreak: 'break-all' }}>
        {compact ? link.slice(window.location.origin.length) : link}
      </Code>
      <CopyButton value={link} timeout={2000}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? 'Copied' : 'Copy link'} withArrow>
            <ActionIcon variant="subtle" color={copied ? 'teal' : 'gray'} onClick={copy} aria-label="Copy link">
              {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
    </Group>
  );
}
