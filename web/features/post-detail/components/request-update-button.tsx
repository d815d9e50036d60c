import { Button } from '@mantine/core';
import { IconMessageForward } from '@tabler/icons-react';
import { useState } from 'react';
import type { PostView } from '../../../../contracts/post';

type PostStatus = PostView['status'];
import { OptionRow } from './option-row';
import { RequestUpdateModal } from './request-update-modal';

/** A live post has providers to tell (docs/post-notes.md "Request update"): from bidding to the deal's work. */
const requestableStatuses: readonly PostStatus[] = ['active', 'review', 'processing', 'opportunity'];
export const mayRequestUpdate = (status: PostStatus) => requestableStatuses.includes(status);

/** What "Request update" does, beside its button (issue 24). */
export const requestUpdateHelp = 'Something about your loan changed? Tell the lenders: they get your message by e-mail.';

/** The customer's "Request update" on their post page, with its dialog and what it does. */
export function RequestUpdateButton({ postUuid, product, status }: { postUuid: string; product: string; status: PostStatus }) {
  const [opened, setOpened] = useState(false);
  if (!mayRequestUpdate(status)) return null;
  return (
    <>
      <OptionRow help={requestUpdateHelp}>
        <Button variant="default" size="xs" leftSection={<IconMessageForward size={14} />} onClick={() => setOpened(true)}>
          Request update
        </Button>
      </OptionRow>
      <RequestUpdateModal postUuid={postUuid} product={product} opened={opened} onClose={() => setOpened(false)} />
    </>
  );
}
