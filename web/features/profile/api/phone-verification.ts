import { useMutation, useQueryClient } from '@tanstack/react-query';
import { checkVerificationCode, sendVerificationCode } from '../../../lib/account-api';
import { profileKeys } from './profile-keys';

export function useSendVerificationCode() {
  return useMutation({ mutationFn: sendVerificationCode });
}

export function useCheckVerificationCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: checkVerificationCode,
    // A GET that changes the user: nothing cached depends on the verified number but the profile.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileKeys.all }),
  });
}
