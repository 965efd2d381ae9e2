import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { SIGNED_IN_COOKIE, type CurrentUser } from '@limo/contracts';
import { messageOf } from './api';
import * as client from './client';
import { queryKeys } from './queryKeys';
import { showToast } from './toast';

export const ME_KEY = queryKeys.me();

/** Whether the browser carries the signed-in mark the server sets and clears with the session cookie. */
function hasSignedInMark(): boolean {
  return document.cookie.split(';').some((pair) => pair.trim().startsWith(`${SIGNED_IN_COOKIE}=`));
}

/**
 * The signed-in user from GET /api/me, or null when signed out (a failed call counts as signed out).
 * Without the signed-in mark nobody is: the call, and the 401 a browser logs for it, are skipped.
 */
export function useCurrentUser(): { user: CurrentUser | null; isLoading: boolean } {
  const query = useQuery({
    queryKey: ME_KEY,
    queryFn: ({ signal }) => (hasSignedInMark() ? client.currentUser(signal) : null),
    retry: false,
  });
  return { user: query.isError ? null : (query.data ?? null), isLoading: query.isLoading };
}

/** Where a user lands after sign-in (§2): admin to /admin, business to /dashboard, others to /. */
export function homeForRole(role: string | undefined): string {
  if (role === 'admin') return '/admin';
  if (role === 'business') return '/dashboard';
  return '/';
}

/** The logout flow of §4: clear cached data, refetch the session, toast, go home. */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: client.logout,
    onSuccess: async () => {
      await queryClient.cancelQueries();
      // Everything but the session itself goes; the session is refetched in place so the header follows.
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== ME_KEY[0] });
      await queryClient.refetchQueries({ queryKey: ME_KEY });
      showToast({ title: 'Logged out successfully' });
      void navigate('/');
    },
    onError: (error) =>
      showToast({ title: 'Logout failed', description: messageOf(error, error.message || 'Please try again'), type: 'error' }),
  });
}
