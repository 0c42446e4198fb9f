import { RescheduleRoute } from '@/features/manage/reschedule-route';
import { SessionChoice } from '@/features/reserve/flows/date-first/session-choice';

/** /manage/{orderId}/reschedule/{sessionId} with the reserve feature's date-first picker. */
export function ComposedRescheduleRoute() {
  return <RescheduleRoute SessionChooser={SessionChoice} />;
}
