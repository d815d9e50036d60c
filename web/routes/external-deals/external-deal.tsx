import { useNavigate } from '@tanstack/react-router';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { PageHeader } from '../../components/page-header';
import { RoutePending } from '../../components/route-pending';
import { externalDealQuery } from '../../features/external-deals/api/external-deals';
import { ExternalDealForm } from '../../features/external-deals/components/external-deal-form';
import { userQueryOptions } from '../../features/users/api/get-user';
import { externalDealModeRoute, externalDealRoute } from './external-deal.route';

// spec 1 §2 "/external-deal/{mode}/{uuid}" (admins): create, or edit with the external deal's uuid (the post id of
// its deals). An invalid mode shows 'Invalid page mode!' and goes to /deals; edit without uuid shows 'UUID is
// missing!' and goes to /deals. Create takes no uuid (one given is ignored: docs/external-deals.md).

export function ExternalDealPage() {
  const { mode } = externalDealRoute.useParams();
  return mode === 'edit' ? <EditPage /> : <CreatePage />;
}

export function CreateWithCustomerPage() {
  const { customer_uuid } = externalDealModeRoute.useSearch();
  const user = useQuery({ ...userQueryOptions(customer_uuid ?? ''), enabled: customer_uuid !== undefined });
  if (!customer_uuid || user.isError) return <CreatePage />;
  if (!user.data) return <RoutePending />;
  const label = [user.data.full_name, user.data.email].filter(Boolean).join(' · ') || customer_uuid;
  return <CreatePage customer={user.data.user_type === 'customer' ? { uuid: customer_uuid, label } : undefined} />;
}

function CreatePage({ customer }: { customer?: { uuid: string; label: string } }) {
  const navigate = useNavigate();
  return (
    <>
      <PageHeader title="Create external deal" crumbs={['Deals', 'External deal']} />
      <ExternalDealForm externalDeal={null} customer={customer} onSaved={() => void navigate({ to: '/deals' })} />
    </>
  );
}

function EditPage() {
  const { uuid } = externalDealRoute.useParams();
  const { data } = useSuspenseQuery(externalDealQuery(uuid));
  const navigate = useNavigate();
  return (
    <>
      <PageHeader title="Update external deal" crumbs={['Deals', 'External deal']} />
      <ExternalDealForm externalDeal={data} onSaved={() => void navigate({ to: '/deals' })} />
    </>
  );
}
