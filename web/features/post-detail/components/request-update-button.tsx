import { Button } from '@mantine/core';
import { IconMessageForward } from '@tabler/icons-react';
import { useState } from 'react';
import type { PostView } from '../../../../domain/post/views';

type PostStatus = PostView['status'];
import { RequestUpdateModal } from './request-update-modal';

/** A live post has providers to tell (docs/post-notes.md "Request update"): from bidding to the deal's work. */
const requestableStatuses: readonly PostStatus[] = ['active', 'review', 'processing', 'opportunity'];
export const mayRequestUpdate = (status: PostStatus) => requestableStatuses.includes(status);

/** The customer's "Request update" on their post page, with its dialog. */
export function RequestUpdateButton({ postUuid, product, status }: { postUuid: string; product: string; status: PostStatus }) {
  const [opened, setOpened] = useState(false);
  if (!mayRequestUpdate(status)) return null;
  return (
    <>
      <Button variant="light" size="xs" leftSection={<IconMessageForward size={14} />} onClick={() => setOpened(true)}>
        Request update
      </Button>
      <RequestUpdateModal postUuid={postUuid} product={product} opened={opened} onClose={() => setOpened(false)} />
    </>
  );
}
