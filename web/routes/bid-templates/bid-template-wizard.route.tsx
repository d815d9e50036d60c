import { notifications } from '@mantine/notifications';
import { createRoute, redirect } from '@tanstack/react-router';
import { z } from 'zod';
import type { BidTemplateView } from '../../../contracts/bid-template';
import { RouteError } from '../../components/route-error';
import { bidTemplateTexts } from '../../features/bid-templates/bid-template-texts';
import { mayChangeTemplate, mayCreateTemplate } from '../../features/bid-templates/template-access';
import { isWizardMode, type WizardMode } from '../../features/bid-templates/wizard';
import { isApiError } from '../../lib/api-error';
import { lazyPage } from '../../lib/lazy-page';
import type { Session } from '../../lib/session';
import { bidTemplatesAccessRoute } from './bid-templates.route';

// spec 3 §2 "Bid template routes": `/bid-templates/{mode}/{uuid}` and its child steps. `/bid-templates/create` starts
// a template (it has no uuid until its details are saved); any other mode needs the uuid. The steps are child routes
// for their addresses and guards; the wizard's page (one chunk, loaded with the wizard) shows the step the address
// names, so the first page carries one lazy import for the wizard rather than one a step.

const toList = (title: string, message?: string) => {
  notifications.show({ color: 'red', title, message: message ?? 'Back to your bid templates.' });
  return redirect({ to: '/bid-templates', replace: true });
};
const notAllowed = () => toList(bidTemplateTexts.accessDenied.title, 'You may not do this with bid templates.');

function checkedMode(mode: string, session: Session): WizardMode {
  if (!isWizardMode(mode)) throw toList(bidTemplateTexts.invalidMode);
  if ((mode === 'create' || mode === 'clone') && !mayCreateTemplate(session)) throw notAllowed();
  return mode;
}

/** `/bid-templates/create`; any other mode without its uuid is 'UUID required!'. */
export const bidTemplateModeRoute = createRoute({
  getParentRoute: () => bidTemplatesAccessRoute,
  path: '/bid-templates/$mode',
  beforeLoad: ({ context, params }) => {
    if (checkedMode(params.mode, context.session) !== 'create') throw toList(bidTemplateTexts.uuidRequired);
  },
  errorComponent: RouteError,
  component: lazyPage(() => import('./bid-template-wizard'), 'NewBidTemplatePage'),
});

export const bidTemplateWizardRoute = createRoute({
  getParentRoute: () => bidTemplatesAccessRoute,
  path: '/bid-templates/$mode/$uuid',
  beforeLoad: ({ context, params }) => ({ mode: checkedMode(params.mode, context.session) }),
  loader: async ({ context, params }) => {
    const cannotOpen = () => toList('Error!', 'This bid template could not be opened.');
    if (!z.uuid().safeParse(params.uuid).success) throw cannotOpen();
    // Imported here, not at the top: the template schemas stay off the first page.
    const { bidTemplateQueryOptions } = await import('../../features/bid-templates/api/get-bid-template');
    let template: BidTemplateView;
    try {
      template = await context.queryClient.fetchQuery(bidTemplateQueryOptions(params.uuid));
    } catch (error) {
      if (isApiError(error, 404) || isApiError(error, 403)) throw cannotOpen();
      throw error;
    }
    // A template the user may see but not change opens to be read.
    if ((context.mode === 'edit' || context.mode === 'create') && !mayChangeTemplate(context.session, template)) {
      throw redirect({ to: '/bid-templates/$mode/$uuid', params: { mode: 'view', uuid: params.uuid }, replace: true });
    }
  },
  errorComponent: RouteError,
  component: lazyPage(() => import('./bid-template-wizard'), 'BidTemplateWizardPage'),
});

/** The wizard opens at its first screen. */
export const bidTemplateWizardIndexRoute = createRoute({
  getParentRoute: () => bidTemplateWizardRoute,
  path: '/',
  beforeLoad: ({ params }) => {
    throw redirect({ to: '/bid-templates/$mode/$uuid/bid-template', params, replace: true });
  },
});

/** A clone is made from its details: the rules come with it once it is saved (spec 3 §3 "Cloning"). */
const clonesOnlyDetails = ({ params }: { params: { mode: string; uuid: string } }) => {
  if (params.mode === 'clone') throw redirect({ to: '/bid-templates/$mode/$uuid/bid-template', params, replace: true });
};

export const bidDetailsStepRoute = createRoute({
  getParentRoute: () => bidTemplateWizardRoute,
  path: 'bid-template',
});

export const qualifyingRulesStepRoute = createRoute({
  getParentRoute: () => bidTemplateWizardRoute,
  path: 'qualifying-rules',
  beforeLoad: clonesOnlyDetails,
});

export const conditionalRulesStepRoute = createRoute({
  getParentRoute: () => bidTemplateWizardRoute,
  path: 'conditional-rules',
  beforeLoad: clonesOnlyDetails,
});

const toRules = (params: { mode: string; uuid: string }) => redirect({ to: '/bid-templates/$mode/$uuid/conditional-rules', params, replace: true });

/** Choosing the bid field a new conditional rule changes (spec 3 §2 "Conditional rule field screen"). */
export const conditionalRuleFieldStepRoute = createRoute({
  getParentRoute: () => bidTemplateWizardRoute,
  path: 'conditional-rules/template',
  beforeLoad: ({ params }) => {
    clonesOnlyDetails({ params });
    if (params.mode === 'view') throw toRules(params);
  },
});

/** `field`: the bid field of a new rule (the page checks it is one); `rule`: the rule to change. Without either, back to the list. */
const ruleSearch = z.object({ field: z.string().max(40).optional().catch(undefined), rule: z.uuid().optional().catch(undefined) });

/** A conditional rule's conditions and modifier (spec 3 §2 "Conditional rule screen"). */
export const conditionalRuleStepRoute = createRoute({
  getParentRoute: () => bidTemplateWizardRoute,
  path: 'conditional-rules/rule',
  validateSearch: ruleSearch,
  beforeLoad: ({ params, search }) => {
    clonesOnlyDetails({ params });
    if (!search.rule && (!search.field || params.mode === 'view')) throw toRules(params);
  },
});

export const reviewStepRoute = createRoute({
  getParentRoute: () => bidTemplateWizardRoute,
  path: 'review',
  beforeLoad: clonesOnlyDetails,
});

export const bidTemplateWizardStepRoutes = [
  bidTemplateWizardIndexRoute,
  bidDetailsStepRoute,
  qualifyingRulesStepRoute,
  conditionalRulesStepRoute,
  conditionalRuleFieldStepRoute,
  conditionalRuleStepRoute,
  reviewStepRoute,
];
