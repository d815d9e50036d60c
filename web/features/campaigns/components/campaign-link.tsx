import { ActionIcon, Code, CopyButton, Group, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { campaignLink } from '../campaign-labels';

/** The link a campaign hands out (`/create-post?slug=`), with a button that copies it. */
export function CampaignLink({ slug }: { slug: string }) {
  const link = campaignLink(slug);
  return (
    <Group gap={4} wrap="nowrap">
      <Code data-testid="campaign-link" style={{ wordBreak: 'break-all' }}>
        {link}
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
