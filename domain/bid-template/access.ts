import type { PermissionMap } from '../user/permissions';

// spec 3 §6: who sees a template. Admins see all; a provider its own, and its organisation's with
// view_bid_templates_within_organisation (or update_organisation_bid_template, which needs to see what it changes).

export type TemplateViewer = { user_id: string; user_type: 'customer' | 'fsp' | 'admin'; organisation_uuid: string | null; permissions: PermissionMap };

export const seesOrganisationTemplates = (viewer: TemplateViewer): boolean =>
  viewer.user_type === 'fsp' && viewer.organisation_uuid !== null && (viewer.permissions.view_bid_templates_within_organisation || viewer.permissions.update_organisation_bid_template);

export function maySeeTemplate(viewer: TemplateViewer, template: { owner_id: string; owner_organisation_uuid: string }): boolean {
  if (viewer.user_type === 'admin') return true;
  if (viewer.user_type !== 'fsp') return false;
  return template.owner_id === viewer.user_id || (seesOrganisationTemplates(viewer) && template.owner_organisation_uuid === viewer.organisation_uuid);
}

/** spec 3 §6: the owner's name is shown to admins and to those who see the organisation's bids or templates. */
export const seesOwner = (viewer: TemplateViewer): boolean =>
  viewer.user_type === 'admin' || (viewer.user_type === 'fsp' && (viewer.permissions.view_all_within_organisation || seesOrganisationTemplates(viewer)));

/** spec 3 §6: who changes a template: admins; the owner; a provider of the owner's organisation with update_organisation_bid_template. */
export function mayChangeTemplate(actor: TemplateViewer, template: { owner_id: string; owner_organisation_uuid: string }): boolean {
  if (actor.user_type === 'admin') return true;
  if (actor.user_type !== 'fsp') return false;
  if (actor.user_id === template.owner_id) return true;
  return actor.organisation_uuid === template.owner_organisation_uuid && actor.permissions.update_organisation_bid_template;
}
