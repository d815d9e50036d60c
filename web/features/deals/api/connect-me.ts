import { useMutation, useQueryClient } from '@tanstack/react-query';
import { acceptanceView } from '../../../../contracts/deal';
import { apiFetch } from '../../../lib/api-fetch';
import { dealKeys } from './deal-keys';

/**
 * spec 1 §2 "/connect-me/{post_uuid}/{bid_uuid}": the customer's e-mail link asks to be connected with the
 * provider of that bid: `POST /v1/connect-me/{post}/{bid}` accepts it (or confirms it again) as the logged-in owner.
 */
export function connectMe(postUuid: string, bidUuid: string, token?: string) {
  const path = `/v1/connect-me/${encodeURIComponent(postUuid)}/${encodeURIComponent(bidUuid)}`;
  // With the e-mail's signed token: no log-in needed, the link's recipient accepts (docs/trade-mail.md).
  if (token) return apiFetch(`${path}/email_link`, { method: 'POST', body: { token }, schema: acceptanceView });
  return apiFetch(path, { method: 'POST', schema: acceptanceView });
}

export function useConnectMe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ postUuid, bidUuid, token }: { postUuid: string; bidUuid: string; token?: string | undefined }) => connectMe(postUuid, bidUuid, token),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dealKeys.all }),
  });
}
