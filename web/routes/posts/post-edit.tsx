import { Alert, Paper, Stack, Tabs, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useBlocker } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { LeaveWithoutSavingModal } from '../../components/leave-without-saving-modal';
import { PageHeader } from '../../components/page-header';
import { LoanSection } from '../../features/posts/edit/components/loan-section';
import { PeopleSection } from '../../features/posts/edit/components/people-section';
import { PreferencesSection } from '../../features/posts/edit/components/preferences-section';
import { usePost } from '../../features/posts/api/get-post';
import { postEditRoute } from './post-edit.route';

// spec 1 §2 "/post/{uuid}/edit": the owner edits the post's loan, preferences, applicants, incomes and expenses.
// The server decides who may (others get 404: a post cannot be guessed); only customers own posts, so anyone else
// goes to the dashboard.

const crumbs = ['Posts', 'Edit'];

export function PostEditPage() {
  const { uuid } = postEditRoute.useParams();
  const { data: post } = usePost(uuid);
  const dirty = useUnsavedChanges();
  const loan = post.primary_home_loan;
  const preferences = loan?.home_loan_preferences;

  if (post.status === 'cancelled') {
    return (
      <>
        <PageHeader title="Edit post" crumbs={crumbs} />
        <Alert color="gray" icon={<IconInfoCircle />}>
          This post is cancelled and can no longer be changed.
        </Alert>
      </>
    );
  }
  return (
    <>
      <PageHeader title="Edit post" crumbs={crumbs} />
      <Stack gap="md">
        {post.status === 'active' && (
          <Alert color="blue" icon={<IconInfoCircle />}>
            Your post is open for bids: each save must leave it complete, and lenders see the changes at once.
          </Alert>
        )}
        {/* Every panel stays mounted, so a change on one tab is kept (and guarded) while another is open. */}
        <Tabs defaultValue={loan ? 'loan' : 'people'} keepMounted>
          <Tabs.List mb="md">
            {loan && <Tabs.Tab value="loan">Loan</Tabs.Tab>}
            {preferences && <Tabs.Tab value="preferences">Preferences</Tabs.Tab>}
            <Tabs.Tab value="people">Applicants, incomes and expenses</Tabs.Tab>
          </Tabs.List>
          {loan && (
            <Tabs.Panel value="loan">
              <Paper p="lg">
                <LoanSection post={post} loan={loan} onDirtyChange={dirty.of.loan} />
              </Paper>
            </Tabs.Panel>
          )}
          {preferences && (
            <Tabs.Panel value="preferences">
              <Paper p="lg">
                <PreferencesSection post={post} preferencesUuid={preferences.uuid} onDirtyChange={dirty.of.preferences} />
              </Paper>
            </Tabs.Panel>
          )}
          <Tabs.Panel value="people">
            <Paper p="lg">
              {loan ? (
                <PeopleSection post={post} onDirtyChange={dirty.of.people} />
              ) : (
                <Text c="dimmed">Add the home loan in the application first; its applicants, incomes and expenses can then be edited here.</Text>
              )}
            </Paper>
          </Tabs.Panel>
        </Tabs>
      </Stack>
      <LeaveWithoutSavingModal blocker={dirty.blocker} />
    </>
  );
}

type Section = 'loan' | 'preferences' | 'people';

/**
 * Which sections hold unsaved changes; leaving the page (a link, back, closing the tab) then asks first (spec 3 §5
 * "Unsaved changes trigger a confirm-on-exit prompt").
 */
function useUnsavedChanges() {
  const [dirty, setDirty] = useState<Record<Section, boolean>>({ loan: false, preferences: false, people: false });
  // One stable callback per section, so a section's effect does not run again on every redraw.
  const of = useMemo(() => {
    const report = (section: Section) => (value: boolean) => setDirty((current) => (current[section] === value ? current : { ...current, [section]: value }));
    return { loan: report('loan'), preferences: report('preferences'), people: report('people') };
  }, []);
  const anyDirty = Object.values(dirty).some(Boolean);
  // The blocker re-subscribes when its options change, so it always sees the current state.
  const blocker = useBlocker({ shouldBlockFn: () => anyDirty, enableBeforeUnload: anyDirty, withResolver: true });
  return { of, blocker };
}
