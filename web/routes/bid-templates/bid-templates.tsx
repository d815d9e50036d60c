import { Box, Divider, Menu, Paper } from '@mantine/core';
import { IconBan, IconChartBar, IconLayoutList, IconPlus, IconRobot } from '@tabler/icons-react';
import { useState } from 'react';
import type { BidTemplateView } from '../../../contracts/bid-template';
import { useRouterState } from '@tanstack/react-router';
import { ListBody } from '../../components/list-body';
import { ListFooter, pageCount } from '../../components/list-footer';
import { PageHeader } from '../../components/page-header';
import { ButtonLink } from '../../components/router-link';
import { TableSkeleton } from '../../components/table-skeleton';
import { useBidTemplates } from '../../features/bid-templates/api/list-bid-templates';
import { type BidTemplateListSearch, toBidTemplateListParams } from '../../features/bid-templates/bid-template-list-search';
import { AutoBiddingModal } from '../../features/bid-templates/components/auto-bidding-modal';
import { CancelTemplateBidsModal } from '../../features/bid-templates/components/cancel-template-bids-modal';
import { SimulateModal } from '../../features/bid-templates/components/simulate-modal';
import { maxReviewPeriodOf } from '../../features/bid-templates/auto-bidding-values';
import { BidTemplatesFilters } from '../../features/bid-templates/components/bid-templates-filters';
import { BidTemplatesTable } from '../../features/bid-templates/components/bid-templates-table';
import { useConfirmDeleteBidTemplate } from '../../features/bid-templates/components/use-confirm-delete-bid-template';
import { mayCancelTemplateBids, mayChangeAutoBidding, mayChangeTemplate, mayCreateTemplate, mayDeleteTemplate, providerFilterScope, showsTemplateOwner } from '../../features/bid-templates/template-access';
import { isAdministrator, type Session, useSession } from '../../lib/session';
import { bidTemplatesRoute } from './bid-templates.route';

// spec 3 §2 "/bid-templates": a provider's own templates (the organisation's with view_bid_templates_within_organisation
// or update_organisation_bid_template), every template for an admin. Row actions: view, edit, clone, delete; the
// auto-bidding actions (issue 29) join the row menu through `moreActionsOf`.

const titleOf = (session: Session) => (session.user.user_type === 'admin' ? 'Bid Templates' : 'My Bid Templates');

function BidTemplatesHeader() {
  const session = useSession();
  const title = titleOf(session);
  return (
    <PageHeader
      title={title}
      crumbs={[title]}
      actions={
        mayCreateTemplate(session) && (
          <ButtonLink to="/bid-templates/$mode" params={{ mode: 'create' }} leftSection={<IconPlus size={16} />}>
            New bid template
          </ButtonLink>
        )
      }
    />
  );
}

export function BidTemplatesPending() {
  return (
    <>
      <BidTemplatesHeader />
      <Paper>
        <TableSkeleton label="Loading bid templates" rows={6} withHeading columns={[{ h: 12, flex: 3 }, { h: 12, flex: 1 }, { h: 12, flex: 1 }, { h: 12, flex: 1 }, { h: 20, w: 90, radius: 'xl' }, { h: 12, flex: 1 }]} />
      </Paper>
    </>
  );
}

export function BidTemplatesPage() {
  const session = useSession();
  const search = bidTemplatesRoute.useSearch();
  const navigate = bidTemplatesRoute.useNavigate();
  const params = toBidTemplateListParams(search);
  const { data, isFetching } = useBidTemplates(params);
  const reloading = useRouterState({ select: (state) => state.isLoading });
  const { confirmDelete, deletingUuid } = useConfirmDeleteBidTemplate();
  const [autoBiddingOf, setAutoBiddingOf] = useState<BidTemplateView | null>(null);
  const [cancelBidsOf, setCancelBidsOf] = useState<BidTemplateView | null>(null);
  const [simulationOf, setSimulationOf] = useState<BidTemplateView | null>(null);
  const setSearch = (changes: Partial<BidTemplateListSearch>) => void navigate({ search: (previous) => ({ ...previous, ...changes }) });
  const pages = pageCount(data.total_records, params.count);
  const filtered = Boolean(search.provider || search.organisation || search.auto_bidding);
  const first = data.records[0];
  const known = {
    provider: search.provider && first?.fsp_name ? { value: search.provider, label: first.fsp_name } : null,
    organisation: search.organisation && first?.organisation_uuid === search.organisation && first.organisation_name ? { value: search.organisation, label: first.organisation_name } : null,
  };

  return (
    <>
      <BidTemplatesHeader />
      <Paper>
        <Box p="md">
          <BidTemplatesFilters
            filters={search}
            providerScope={providerFilterScope(session)}
            byOrganisation={isAdministrator(session)}
            known={known}
            onChange={(changes) => setSearch({ ...changes, page: undefined })}
          />
        </Box>
        <Divider />
        <ListBody
          loading={reloading || isFetching}
          total={data.total_records}
          shown={data.records.length}
          empty={{
            icon: <IconLayoutList size={28} />,
            title: filtered ? 'No bid templates match these filters' : 'No bid templates yet',
            description: filtered
              ? 'Try another filter or clear the filters.'
              : 'A bid template keeps your usual offer and the rules for the loans it suits, so you need not type every bid.',
            action: !filtered && mayCreateTemplate(session) && (
              <ButtonLink to="/bid-templates/$mode" params={{ mode: 'create' }} leftSection={<IconPlus size={16} />}>
                Create your first template
              </ButtonLink>
            ),
          }}
          onLastPage={() => setSearch({ page: pages === 1 ? undefined : pages })}
        >
          <BidTemplatesTable
            templates={data.records}
            showOwner={showsTemplateOwner(session)}
            permissionsOf={(template) => ({ edit: mayChangeTemplate(session, template), clone: mayCreateTemplate(session), delete: mayDeleteTemplate(session, template) })}
            deletingUuid={deletingUuid}
            onDelete={(template) => confirmDelete(template)}
            moreActionsOf={(template) => (
              // Every template listed may be simulated: whoever sees it (docs/auto-bidding.md "Simulation").
              <>
                {mayCancelTemplateBids(session, template) && (
                  <Menu.Item leftSection={<IconBan size={16} />} onClick={() => setCancelBidsOf(template)}>
                    Cancel bids
                  </Menu.Item>
                )}
                {mayChangeAutoBidding(session, template) && (
                  <Menu.Item leftSection={<IconRobot size={16} />} onClick={() => setAutoBiddingOf(template)}>
                    Update auto-bidding
                  </Menu.Item>
                )}
                <Menu.Item leftSection={<IconChartBar size={16} />} onClick={() => setSimulationOf(template)}>
                  Simulate automatic bidding
                </Menu.Item>
              </>
            )}
          />
        </ListBody>
        <ListFooter
          total={data.total_records}
          page={params.page}
          count={params.count}
          shown={data.records.length}
          noun="bid template"
          onPage={(page) => setSearch({ page: page === 1 ? undefined : page })}
        />
      </Paper>
      <AutoBiddingModal template={autoBiddingOf} maxReviewPeriod={maxReviewPeriodOf(session)} onClose={() => setAutoBiddingOf(null)} />
      <CancelTemplateBidsModal template={cancelBidsOf} onClose={() => setCancelBidsOf(null)} />
      <SimulateModal template={simulationOf} maxReviewPeriod={maxReviewPeriodOf(session)} onClose={() => setSimulationOf(null)} />
    </>
  );
}
