import { useRouterState } from '@tanstack/react-router';
import type { BidTemplateView } from '../../../contracts/bid-template';
import type { TemplateOwner } from '../../features/bid-templates/components/template-section';
import type { WizardMode, WizardScreen } from '../../features/bid-templates/wizard';
import { wizardScreens } from '../../features/bid-templates/wizard';
import type { Session } from '../../lib/session';
import { bidTemplateWizardRoute } from './bid-template-wizard.route';

// What every screen of the wizard reads: the mode (checked by the route), the template's uuid, and the screen shown.

export function useWizardParams(): { mode: WizardMode; uuid: string } {
  const { mode } = bidTemplateWizardRoute.useRouteContext();
  const { uuid } = bidTemplateWizardRoute.useParams();
  return { mode, uuid };
}

/** The screen of the wizard the address names (the last part after the uuid). */
export function useWizardScreen(): WizardScreen {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  return [...wizardScreens].reverse().find((screen) => pathname.endsWith(`/${screen}`)) ?? 'bid-template';
}

/**
 * Who a template bids for, as the details form shows it. A provider's own templates (and a provider's clone, which
 * becomes its own) have its organisation fixed when it is a bank lender's; an admin picks the provider of a new
 * template (spec 3 §6) and keeps the source's provider on a clone.
 */
export function templateOwnerOf(session: Session, template: BidTemplateView | null, mode: WizardMode): TemplateOwner {
  const { user } = session;
  const self = { value: user.uuid, label: user.full_name ?? user.email ?? 'You' };
  const ownOrganisation = user.fsp?.organisation.uuid ? { value: user.fsp.organisation.uuid, label: user.fsp.organisation.name ?? '' } : null;
  const selfIsLender = user.fsp?.provider_type === 'financial_institution';
  if (user.user_type === 'fsp' && (!template || mode === 'clone' || template.fsp_user_uuid === user.uuid)) {
    const organisation = template && !selfIsLender ? { value: template.organisation_uuid, label: template.organisation_name ?? '' } : ownOrganisation;
    return { provider: self, organisation, organisationFixed: selfIsLender, providerChoosable: false, anonymousAllowed: session.can('create_anonymous_bid') };
  }
  if (!template) return { provider: null, organisation: null, organisationFixed: false, providerChoosable: true, anonymousAllowed: true };
  return {
    provider: { value: template.fsp_user_uuid, label: template.fsp_name ?? 'The template’s provider' },
    organisation: { value: template.organisation_uuid, label: template.organisation_name ?? '' },
    organisationFixed: false,
    providerChoosable: false,
    anonymousAllowed: true,
  };
}
