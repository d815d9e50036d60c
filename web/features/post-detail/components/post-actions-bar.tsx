import { Button, Divider, Group, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import type { PostView } from '../../../../contracts/post';
import { showErrorToast } from '../../../lib/error-toast';
import { formatDate } from '../../../lib/format';
import { type PostOperation, useRunPostOperation } from '../api/run-post-operation';
import type { PostAction } from '../post-actions';
import { CancelPostModal } from './cancel-post-modal';
import { OptionRow } from './option-row';
import { lifecycleMessages } from '../../../../domain/post/lifecycle';

type Confirmation = { title: string; text: string; confirm: string; danger?: boolean };

/**
 * What each of the owner's operations does, in the customer's words, shown beside its button (issue 24: five
 * identical buttons with no word of what they do). Auto-Declare is explained where it is offered.
 */
export const ownerActionHelp: Record<'end_bidding_period' | 'extend_review_period' | 'cancel_automatic_selection' | 'cancel', (product: string) => string> = {
  end_bidding_period: () => 'Happy with the bids you have? Stop new bids now and choose one of them.',
  extend_review_period: () => 'Need more time to choose? Move the date by which you choose a bid to later.',
  cancel_automatic_selection: () =>
    'Auto-Declare is on: when the time to choose ends, the leading bid is accepted for you automatically. Turn it off to choose yourself.',
  cancel: (product) => `Withdraw this ${product}: lenders can no longer bid on it, and the bids you have are closed. This cannot be undone.`,
};

/** The texts of each operation: the spec's confirmations and toasts where it has them (spec 1 §4, §8). */
function textsOf(action: Exclude<PostAction, 'cancel'>, product: string) {
  const texts: Record<typeof action, { label: string; confirmation?: Confirmation; toast: (post: PostView | null) => { title: string; message: string } }> = {
    end_bidding_period: {
      label: 'End bidding early',
      confirmation: { title: 'End the bidding period?', text: `This ${product} won't be able to receive any new bids.`, confirm: 'End bidding' },
      toast: () => ({ title: lifecycleMessages.biddingEnded, message: 'The review period has started.' }),
    },
    extend_review_period: {
      label: 'Extend review period',
      toast: (post) => ({ title: 'Success!', message: `The review period now ends on ${formatDate(post?.review_bids_on)}.` }),
    },
    cancel_automatic_selection: {
      label: 'Cancel Auto-Declare',
      confirmation: {
        title: 'Cancel Auto-Declare?',
        text: 'The leading bid will not be accepted automatically when the review period ends.',
        confirm: 'Cancel Auto-Declare',
      },
      toast: () => ({ title: 'Success!', message: 'Auto-Declare is off for this post.' }),
    },
    promote_as_priority: { label: 'Promote as priority', toast: () => ({ title: lifecycleMessages.priorityChanged, message: 'Providers see this post in their priority table.' }) },
    remove_priority: { label: 'Remove priority', toast: () => ({ title: lifecycleMessages.priorityChanged, message: 'This post is no longer a priority.' }) },
    stop_auto_bids: {
      label: 'Stop auto-bids on this post',
      confirmation: {
        title: 'Stop auto-bids on this post?',
        text: `Bid templates will place no more bids on this ${product} until auto-bids are resumed. Bids already placed stay.`,
        confirm: 'Stop auto-bids',
      },
      toast: () => ({ title: 'Success!', message: 'Auto-bids are stopped on this post.' }),
    },
    resume_auto_bids: {
      label: 'Resume auto-bids',
      confirmation: {
        title: 'Resume auto-bids on this post?',
        text: `Every bid template whose auto-bidding is active and whose rules this ${product} meets bids on it now.`,
        confirm: 'Resume auto-bids',
      },
      toast: () => ({ title: 'Success!', message: 'Auto-bids are resumed on this post.' }),
    },
    close: {
      label: `Close ${product}`,
      confirmation: { title: `Close this ${product}?`, text: `This ${product} will be closed as Not Proceeding and take no more bids.`, confirm: 'Close it', danger: true },
      toast: () => ({ title: 'Success!', message: `This ${product} is closed.` }),
    },
    delete: {
      label: 'Delete',
      confirmation: {
        title: 'Are you sure?',
        text: `This ${product}, all its data and any bids or deals linked to it will be deleted. This cannot be undone!`,
        confirm: 'Yes, delete it',
        danger: true,
      },
      toast: () => ({ title: `This ${product} has been Deleted`, message: 'It no longer shows anywhere.' }),
    },
  };
  return texts[action];
}

/**
 * The post's operations the viewer may run (spec 1 §2 "Admin actions"; the owner's from the API). The admin's are a
 * compact bar; the owner's (`explained`) a list with what each does, the destructive one apart and last.
 */
export function PostActionsBar({ post, product, actions, explained = false }: { post: PostView; product: string; actions: PostAction[]; explained?: boolean }) {
  const operation = useRunPostOperation(post.uuid);
  const navigate = useNavigate();
  const [cancelling, setCancelling] = useState(false);
  const [running, setRunning] = useState<PostAction | null>(null);

  function run(body: PostOperation, toast: (post: PostView | null) => { title: string; message: string }, after?: () => void) {
    setRunning(body.operation);
    operation.mutate(body, {
      onSuccess: (answer) => {
        notifications.show({ color: 'teal', ...toast(answer) });
        after?.();
      },
      onError: showErrorToast,
      onSettled: () => setRunning(null),
    });
  }

  function start(action: Exclude<PostAction, 'cancel'>) {
    const texts = textsOf(action, product);
    const go = () => run({ operation: action }, texts.toast, action === 'delete' ? () => void navigate({ to: '/home' }) : undefined);
    if (!texts.confirmation) return go();
    const { title, text, confirm, danger } = texts.confirmation;
    modals.openConfirmModal({
      title,
      size: 400, // spec 1 §9: confirm dialogs are 400 wide
      centered: true,
      children: <Text size="sm">{text}</Text>,
      labels: { confirm, cancel: 'Cancel' },
      confirmProps: danger ? { color: 'red' } : {},
      onConfirm: go,
    });
  }

  if (actions.length === 0) return null;
  const cancelModal = (
    <CancelPostModal
      opened={cancelling}
      product={product}
      pending={running === 'cancel'}
      onClose={() => setCancelling(false)}
      onCancelPost={(reason) =>
        run({ operation: 'cancel', reason }, () => ({ title: `This ${product} has been Cancelled`, message: 'Providers can no longer bid on it.' }), () => setCancelling(false))
      }
    />
  );
  if (explained) {
    const help = (action: keyof typeof ownerActionHelp) => ownerActionHelp[action](product);
    const everyday = actions.filter((action): action is Exclude<keyof typeof ownerActionHelp, 'cancel'> => action in ownerActionHelp && action !== 'cancel');
    return (
      <>
        <Stack gap="sm" data-testid="post-actions">
          {everyday.map((action) => (
            <OptionRow key={action} help={help(action)}>
              <Button variant="default" size="xs" loading={running === action} disabled={running !== null && running !== action} onClick={() => start(action)}>
                {textsOf(action, product).label}
              </Button>
            </OptionRow>
          ))}
          {actions.includes('cancel') && (
            <>
              <Divider />
              <OptionRow help={help('cancel')}>
                <Button variant="outline" color="red" size="xs" disabled={running !== null} onClick={() => setCancelling(true)}>
                  Cancel {product}
                </Button>
              </OptionRow>
            </>
          )}
        </Stack>
        {cancelModal}
      </>
    );
  }
  return (
    <>
      <Group gap="xs" data-testid="post-actions">
        {actions.map((action) =>
          action === 'cancel' ? (
            <Button key={action} variant="light" color="red" size="xs" onClick={() => setCancelling(true)}>
              Cancel {product}
            </Button>
          ) : (
            <Button
              key={action}
              variant={action === 'delete' ? 'filled' : 'light'}
              color={action === 'delete' || action === 'close' ? 'red' : undefined}
              size="xs"
              loading={running === action}
              disabled={running !== null && running !== action}
              onClick={() => start(action)}
            >
              {textsOf(action, product).label}
            </Button>
          ),
        )}
      </Group>
      {cancelModal}
    </>
  );
}

