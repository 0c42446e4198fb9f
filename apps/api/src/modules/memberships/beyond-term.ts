import type { Executor } from '@/db/transaction';
import { AppError } from '@/http/app-error';
import { readSellerSettings } from '@/modules/sellers/seller-settings';
import { selectTermsEndingAfter } from './repo';

/**
 * spec: shopping §6 / identity §3 Configuration — `member_reserve_session_beyond_term` (always,
 * if_autorenew, otherwise) controls reserving member tickets for a session that starts after
 * the member's cover ends (the end of their last term, renewals already bought included).
 * `always` (the default) allows it; `if_autorenew` only while auto-renew is scheduled on the
 * last term; `otherwise` never. Refused with 422 member_limit_exceeded, context reserve (shown
 * to the user, shopping §8). Decision 0032.
 */
export async function checkBeyondTerm(
  tx: Executor,
  who: { sellerId: string; identityId: string },
  sessions: { id: string; startDatetime: Date }[],
  now: Date,
) {
  if (sessions.length === 0) return;
  const rule =
    (await readSellerSettings(tx, who.sellerId)).member_reserve_session_beyond_term ?? 'always';
  if (rule === 'always') return;
  const [last] = await selectTermsEndingAfter(tx, who.identityId, now);
  if (!last) return;
  if (rule === 'if_autorenew' && last.autoRenewState === 'scheduled') return;
  const beyond = sessions.find((s) => s.startDatetime >= last.validTo);
  if (!beyond) return;
  throw new AppError(
    'member_limit_exceeded',
    'reserve',
    'Your membership ends before this session',
    {
      reason: 'beyond_term',
      event_session_id: beyond.id,
      valid_to: last.validTo.toISOString(),
      member_reserve_session_beyond_term: rule,
    },
  );
}
