import { redirect } from '@tanstack/react-router';
import dayjs from 'dayjs';
import type { DealViewer } from '../../features/deals/deal-filters';
import { isAdministrator, type Session } from '../../lib/session';

// Who opens the deal screens (spec 1 §2 "Access behaviour"): providers and admins with `view`; customers (and
// anyone else) go to the dashboard.

export function assertDealViewer(session: Session): void {
  if (session.user.user_type !== 'fsp' && !isAdministrator(session)) throw redirect({ to: '/home', replace: true });
}

export const dealViewerOf = (session: Session): DealViewer => (session.user.user_type === 'admin' ? 'admin' : 'fsp');

/** Today in the browser's calendar, as the date pickers and presets count days. */
export const todayIso = () => dayjs().format('YYYY-MM-DD');
