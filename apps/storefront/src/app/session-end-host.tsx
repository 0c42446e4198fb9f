import { useCallback, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { SESSION_END_CHECK_MS } from '@admit/contracts/constants';
import { useModalStack } from '@/ui/modal-stack';
import { hasAuthCookie } from '@/stores/auth-cookie';
import { clearSessionState } from '@/api/session/clear-session-state';
import { getMemberState, onMemberChangedInOtherTab, useMemberState } from '@/stores/member-store';
import { LOGIN_MODALS } from '@/features/login/modal-names';
import { MEMBERSHIP_DIALOG } from '@/features/account/modal-names';

/** Every modal that belongs to a session: the login ones and the membership details. */
const SESSION_MODALS = [...LOGIN_MODALS, MEMBERSHIP_DIALOG];

/**
 * spec: identity §4 "Session" — while logged in, the auth cookie is checked every second; when it
 * has vanished (logout in another tab, expiry) the session ends: the login and membership modals
 * close, member and cart state clear and the visitor goes to /. A logout another tab wrote to the
 * shared member state ends it here too.
 */
export function SessionEndHost() {
  const { loggedIn } = useMemberState();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { close } = useModalStack();
  const wasLoggedIn = useRef(loggedIn);
  wasLoggedIn.current = loggedIn;

  const leave = useCallback(() => {
    for (const name of SESSION_MODALS) close(name);
    void navigate('/');
  }, [close, navigate]);

  useEffect(() => {
    if (!loggedIn) return;
    const timer = setInterval(() => {
      if (hasAuthCookie()) return;
      clearInterval(timer);
      clearSessionState(queryClient);
      leave();
    }, SESSION_END_CHECK_MS);
    return () => clearInterval(timer);
  }, [loggedIn, queryClient, leave]);

  useEffect(
    () =>
      onMemberChangedInOtherTab(() => {
        if (!wasLoggedIn.current || getMemberState().loggedIn) return;
        // the other tab cleared the shared state already; this tab drops what it read as member
        void queryClient.invalidateQueries();
        leave();
      }),
    [queryClient, leave],
  );

  return null;
}
