import { notifications } from '@mantine/notifications';
import { createRoute, redirect, useNavigate } from '@tanstack/react-router';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { externalDealMessages, externalDealModes } from '../../../domain/external-deal/schemas';
import { PageHeader } from '../../components/page-header';
import { RouteError } from '../../components/route-error';
import { RoutePending } from '../../components/route-pending';
import { externalDealQuery } from '../../features/external-deals/api/external-deals';
import { ExternalDealForm } from '../../features/external-deals/components/external-deal-form';
import { userQueryOptions } from '../../features/users/api/get-user';
import { adminRoute } from '../admin';

// spec 1 §2 "/external-deal/{mode}/{uuid}" (admins): create, or edit with the external deal's uuid (the post id of
// its deals). An invalid mode shows 'Invalid page mode!' and goes to /deals; edit without uuid shows 'UUID is
// missing!' and goes to /deals. Create takes no uuid (one given is ignored: docs/external-deals.md).

const toDeals = (message: string) => {
  notifications.show({ color: 'red', title: 'Error!', message });
  return redirect({ to: '/deals', replace: true });
};
const isMode = (mode: string) => (externalDealModes as readonly string[]).includes(mode);

/** `/external-deal/create`, and `/external-deal/edit` without its uuid. */
export const externalDealModeRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/external-deal/$mode',
  // The post page's "Create external deal" starts with the post's customer.
  validateSearch: z.object({ customer_uuid: z.uuid().optional().catch(undefined) }),
  beforeLoad: ({ params }) => {
    if (!isMode(params.mode)) throw toDeals(externalDealMessages.invalidMode);
    if (params.mode === 'edit') throw toDeals(externalDealMessages.uuidMissing);
  },
  component: CreateWithCustomerPage,
});

export const externalDealRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/external-deal/$mode/$uuid',
  beforeLoad: ({ params }) => {
    if (!isMode(params.mode)) throw toDeals(externalDealMessages.invalidMode);
  },
  loader: async ({ context, params }) => {
    if (params.mode !== 'edit') return;
    if (!z.uuid().safeParse(params.uuid).success) throw toDeals('This external deal could not be opened.');
    try {
      await context.queryClient.ensureQueryData(externalDealQuery(params.uuid));
    } catch {
      throw toDeals('This external deal could not be opened.');
    }
  },
  errorComponent: RouteError,
  component: ExternalDealPage,
});

function ExternalDealPage() {
  const { mode } = externalDealRoute.useParams();
  return mode === 'edit' ? <EditPage /> : <CreatePage />;
}

function CreateWithCustomerPage() {
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
