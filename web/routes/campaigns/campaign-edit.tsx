import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useNavigate } from '@tanstack/react-router';
import { IconTrash } from '@tabler/icons-react';
import { campaignsPageSize } from '../../../domain/campaign/schemas';
import { ListBody } from '../../components/list-body';
import { ListFooter } from '../../components/list-footer';
import { PageHeader } from '../../components/page-header';
import { AnchorLink } from '../../components/router-link';
import { useCampaign, useCampaignPosts } from '../../features/campaigns/api/get-campaign';
import { useUpdateCampaign } from '../../features/campaigns/api/save-campaign';
import { CampaignFigures } from '../../features/campaigns/components/campaign-figures';
import { CampaignForm } from '../../features/campaigns/components/campaign-form';
import { CampaignLink } from '../../features/campaigns/components/campaign-link';
import { CampaignPostsTable } from '../../features/campaigns/components/campaign-posts-table';
import { useConfirmDeleteCampaign } from '../../features/campaigns/components/confirm-delete-campaign';
import { campaignEditRoute } from './campaign-edit.route';

/** `/campaigns/{uuid}/edit`: the campaign's link and figures, its form, and the posts it brought. */
export function EditCampaignPage() {
  const { uuid } = campaignEditRoute.useParams();
  const search = campaignEditRoute.useSearch();
  const page = search.page ?? 1;
  const navigate = useNavigate();
  const { data: campaign } = useCampaign(uuid);
  const { data: posts, isFetching } = useCampaignPosts(uuid, page);
  const update = useUpdateCampaign();
  const { confirmDelete, deletingUuid } = useConfirmDeleteCampaign();
  const toList = () => navigate({ to: '/campaigns' });

  return (
    <>
      <PageHeader
        title={campaign.name}
        crumbs={[
          <AnchorLink to="/campaigns" size="sm">
            Campaigns
          </AnchorLink>,
          'Edit',
        ]}
        actions={
          <Button variant="light" color="red" leftSection={<IconTrash size={16} />} loading={deletingUuid === uuid} onClick={() => confirmDelete(campaign, () => void toList())}>
            Delete
          </Button>
        }
      />
      <Stack gap="lg">
        <Stack gap="xs">
          <Text size="sm" fw={500}>
            Campaign link
          </Text>
          <CampaignLink slug={campaign.slug} />
          {campaign.status === 'inactive' && (
            <Text size="sm" c="dimmed">
              The campaign is inactive: posts started from this link are not counted with it.
            </Text>
          )}
        </Stack>
        <CampaignFigures figures={campaign.figures} />
        <CampaignForm
          key={campaign.updated_at}
          campaign={campaign}
          submitLabel="Save changes"
          onCancel={() => void toList()}
          onSubmit={async (fields) => {
            await update.mutateAsync({ uuid, changes: fields });
            notifications.show({ color: 'teal', title: 'Success!', message: `${fields.name} was saved.` });
            await toList();
          }}
        />
        <Paper maw={960}>
          <Group p="md" pb={0}>
            <Title order={2} size="h4">
              Posts from this campaign
            </Title>
          </Group>
          <ListBody
            loading={isFetching}
            total={posts.total_records}
            shown={posts.result.length}
            empty={{ icon: null, title: 'No posts yet', description: 'Posts started from the campaign link appear here.' }}
          >
            <CampaignPostsTable posts={posts.result} />
          </ListBody>
          <ListFooter
            total={posts.total_records}
            page={page}
            count={campaignsPageSize}
            shown={posts.result.length}
            noun="post"
            onPage={(next) => void navigate({ to: '/campaigns/$uuid/edit', params: { uuid }, search: { page: next === 1 ? undefined : next } })}
          />
        </Paper>
      </Stack>
    </>
  );
}
