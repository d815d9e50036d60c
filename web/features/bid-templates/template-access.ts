import type { BidTemplateView } from '../../../contracts/bid-template';
import { seesOrganisationTemplates, seesOwner, type TemplateViewer } from '../../../domain/bid-template/access';
import { isAdministrator, type Session } from '../../lib/session';

// What the signed-in user may do with templates (spec 3 §6), for what the screens offer; the API decides again.

export function viewerOf(session: Session): TemplateViewer {
  const { user } = session;
  return { user_id: user.uuid, user_type: user.user_type, organisation_uuid: user.fsp?.organisation.uuid ?? null, permissions: session.permissions };
}

/** Providers and admins with `view` open the templates; a customer is refused ('Access denied!'). */
export const mayOpenTemplates = (session: Session): boolean => session.user.user_type === 'fsp' || isAdministrator(session);

/** create_bid_template, or an admin (who picks the provider). */
export const mayCreateTemplate = (session: Session): boolean => isAdministrator(session) || (session.user.user_type === 'fsp' && session.can('create_bid_template'));

/**
 * The owner, an admin, or (with update_organisation_bid_template) a colleague: a template of someone else that a
 * provider sees is one of its organisation's (domain/bid-template/access.ts).
 */
export function mayChangeTemplate(session: Session, template: Pick<BidTemplateView, 'fsp_user_uuid'>): boolean {
  if (isAdministrator(session)) return true;
  if (session.user.user_type !== 'fsp') return false;
  return template.fsp_user_uuid === session.user.uuid || session.can('update_organisation_bid_template');
}

/** delete_bid_template on a template the user may change; admins always. */
export const mayDeleteTemplate = (session: Session, template: Pick<BidTemplateView, 'fsp_user_uuid'>): boolean =>
  isAdministrator(session) || (mayChangeTemplate(session, template) && session.can('delete_bid_template'));

/** spec 3 §6: auto-bidding is turned on or off with execute_automatic_bidding on a template one may change; admins always. */
export const mayChangeAutoBidding = (session: Session, template: Pick<BidTemplateView, 'fsp_user_uuid'>): boolean =>
  isAdministrator(session) || (mayChangeTemplate(session, template) && session.can('execute_automatic_bidding'));

/** spec 1 §6, spec 3 §6: the template's owner with cancel_active_bids cancels its bids (a provider cancels only its own); admins always. */
export const mayCancelTemplateBids = (session: Session, template: Pick<BidTemplateView, 'fsp_user_uuid'>): boolean =>
  isAdministrator(session) || (session.user.user_type === 'fsp' && template.fsp_user_uuid === session.user.uuid && session.can('cancel_active_bids'));

/** Whose templates a list shows with their owner: admins, and providers who see the organisation's. */
export const showsTemplateOwner = (session: Session): boolean => seesOwner(viewerOf(session));

/** The provider filter: admins (every provider) and providers who see the organisation's templates (its providers). */
export function providerFilterScope(session: Session): 'all' | 'organisation' | null {
  if (isAdministrator(session)) return 'all';
  return seesOrganisationTemplates(viewerOf(session)) ? 'organisation' : null;
}
