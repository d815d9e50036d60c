import type { QueryClient } from '@tanstack/react-query';
import { createRouter } from '@tanstack/react-router';
import { RouteError } from './components/route-error';
import { RoutePending } from './components/route-pending';
import { indexRoute } from './routes/index';
import { maintenancePageRoute } from './routes/maintenance-page.route';
import { organisationRoute } from './routes/organisations/organisation.route';
import { organisationEditRoute } from './routes/organisations/organisation-edit.route';
import { organisationsRoute } from './routes/organisations/organisations.route';
import { organisationsCreateRoute } from './routes/organisations/organisations-create.route';
import { campaignEditRoute } from './routes/campaigns/campaign-edit.route';
import { campaignsCreateRoute, campaignsRoute } from './routes/campaigns/campaigns.route';
import { leadsRoute } from './routes/leads/leads.route';
import { membersRoute } from './routes/team/members.route';
import { opportunitiesRoute } from './routes/deals/opportunities.route';
import { organisationProductCreateRoute } from './routes/products/organisation-product-create.route';
import { organisationProductsRoute } from './routes/products/organisation-products.route';
import { productEditRoute } from './routes/products/product-edit.route';
import { productRoute } from './routes/products/product.route';
import { productsRoute } from './routes/products/products.route';
import { mailboxRoute } from './routes/outbox/mailbox.route';
import { mailboxMessageRoute } from './routes/outbox/mailbox-message.route';
import { fspReviewRoute } from './routes/reviews/fsp-review.route';
import { reviewsRoute } from './routes/reviews/reviews.route';
import { pageNotFoundRoute } from './routes/page-not-found';
import { postEditRoute } from './routes/posts/post-edit.route';
import { bidRoute } from './routes/bids/bid.route';
import { bidsRoute } from './routes/bids/bids.route';
import { bidTemplatesAccessRoute, bidTemplatesRoute } from './routes/bid-templates/bid-templates.route';
import { simulationRoute } from './routes/bid-templates/simulation.route';
import { bidTemplateModeRoute, bidTemplateWizardRoute, bidTemplateWizardStepRoutes } from './routes/bid-templates/bid-template-wizard.route';
import { dealRoute } from './routes/deals/deal.route';
import { messagesRoute } from './routes/messages/messages.route';
import { postMessagesRoute } from './routes/messages/post-messages.route';
import { dealsRoute } from './routes/deals/deals.route';
import { externalDealModeRoute, externalDealRoute } from './routes/external-deals/external-deal.route';
import { lostDealsRoute } from './routes/deals/lost-deals.route';
import { postBidRoute } from './routes/bids/post-bid.route';
import { postsRoute } from './routes/posts/posts.route';
import { postDetailRoute } from './routes/posts/post-detail.route';
import { getDealRoute } from './routes/posts/get-deal.route';
import { cancelAutomaticSelectionRoute } from './routes/posts/cancel-automatic-selection.route';
import { extendReviewPeriodRoute } from './routes/posts/extend-review-period.route';
import { adminRoute } from './routes/admin';
import { documentTypesRoute } from './routes/document-types/document-types.route';
import { homeRoute } from './routes/home.route';
import { privateRoute } from './routes/private';
import { emailLinkRoute } from './routes/email-link';
import { publicRoute } from './routes/public';
import { authorizeRoute } from './routes/public/authorize';
import { loginRoute } from './routes/public/login';
import { loginCallbackRoute } from './routes/public/login-callback.route';
import { logoutRoute } from './routes/public/logout';
import { activateRoute } from './routes/public/activate.route';
import { recoverPasswordRoute } from './routes/public/recover-password.route';
import { resendActivationRoute } from './routes/public/resend-activation.route';
import { signupFspRoute } from './routes/public/signup-fsp.route';
import { signupSuccessRoute } from './routes/public/signup-success.route';
import { questionRoute } from './routes/questions/question.route';
import { questionEditRoute } from './routes/questions/question-edit.route';
import { questionsRoute } from './routes/questions/questions.route';
import { questionsCreateRoute } from './routes/questions/questions-create.route';
import { questionsInactivesRoute } from './routes/questions/questions-inactives.route';
import { rootRoute } from './routes/root';
import { anyAdminRoute } from './routes/system-configurations/any-admin';
import { configurationEditRoute } from './routes/system-configurations/configuration-edit.route';
import { systemConfigurationsRoute } from './routes/system-configurations/system-configurations.route';
import { applicationIndexRoute, applicationInvalidPostcodeRoute, applicationRoute, applicationStepRoutes, applicationSuccessRoute } from './routes/application/application.route';
import { createPostIndexRoute, createPostRoute } from './routes/create-post/create-post';
import { stepRoutes } from './routes/create-post/steps.route';
import { createPostSuccessRoute } from './routes/create-post/success.route';
import { changePasswordRoute } from './routes/profile/change-password.route';
import { fspActivateProfileRoute } from './routes/profile/fsp-activate-profile.route';
import { profileRoute } from './routes/profile/profile.route';
import { profileEditRoute } from './routes/profile/profile-edit.route';
import { myTeamRoute } from './routes/team/my-team.route';
import { connectMeRoute } from './routes/deals/connect-me.route';
import { connectMeDefaultRoute, connectMeStatusRoute } from './routes/deals/connect-me-status';
import { pendingUsersRoute } from './routes/users/pending-users.route';
import { userRoute } from './routes/users/user.route';
import { userEditRoute } from './routes/users/user-edit.route';
import { usersRoute } from './routes/users/users.route';
import { usersAdminCreateRoute } from './routes/users/users-admin-create.route';

// The route tree mirrors the spec's route table (spec 1 §2, spec 3 §2); screens join it as they are built.
const routeTree = rootRoute.addChildren([
  indexRoute,
  pageNotFoundRoute,
  maintenancePageRoute,
  publicRoute.addChildren([loginRoute, authorizeRoute, loginCallbackRoute, logoutRoute, signupFspRoute, signupSuccessRoute, resendActivationRoute, activateRoute, recoverPasswordRoute, createPostRoute.addChildren([createPostIndexRoute, ...stepRoutes, createPostSuccessRoute]), applicationRoute.addChildren([applicationIndexRoute, ...applicationStepRoutes, applicationInvalidPostcodeRoute, applicationSuccessRoute])]),
  privateRoute.addChildren([
    homeRoute,
    myTeamRoute,
    fspActivateProfileRoute,
    profileRoute,
    profileEditRoute,
    changePasswordRoute,
    postEditRoute,
    postBidRoute,
    postDetailRoute,
    getDealRoute,
    bidRoute,
    bidsRoute,
    bidTemplatesAccessRoute.addChildren([bidTemplatesRoute, simulationRoute, bidTemplateModeRoute, bidTemplateWizardRoute.addChildren(bidTemplateWizardStepRoutes)]),
    dealsRoute,
    lostDealsRoute,
    dealRoute,
    opportunitiesRoute,
    postsRoute,
    messagesRoute,
    postMessagesRoute,
    fspReviewRoute,
    adminRoute.addChildren([
      organisationsRoute,
      organisationsCreateRoute,
      organisationRoute,
      organisationEditRoute,
      campaignsRoute,
      campaignsCreateRoute,
      campaignEditRoute,
      membersRoute,
      leadsRoute,
      organisationProductsRoute,
      organisationProductCreateRoute,
      productRoute,
      productEditRoute,
      productsRoute,
      questionsRoute,
      questionsInactivesRoute,
      questionsCreateRoute,
      questionRoute,
      questionEditRoute,
      // Not in the spec's route table: the outbox's mailbox for admins (docs/mail.md).
      mailboxRoute,
      mailboxMessageRoute,
      reviewsRoute,
      pendingUsersRoute,
      usersRoute,
      usersAdminCreateRoute,
      userRoute,
      userEditRoute,
      externalDealModeRoute,
      externalDealRoute,
      // Not in the spec's route table: the admin's document types (docs/document-types.md).
      documentTypesRoute,
    ]),
    anyAdminRoute.addChildren([systemConfigurationsRoute, configurationEditRoute]),
  ]),
  // The trade e-mails' link pages: private, or open with the link's signed token (docs/trade-mail.md).
  emailLinkRoute.addChildren([extendReviewPeriodRoute, cancelAutomaticSelectionRoute, connectMeRoute, connectMeStatusRoute, connectMeDefaultRoute]),
]);

export function createAppRouter(queryClient: QueryClient) {
  return createRouter({
    routeTree,
    context: { queryClient },
    // Unknown URLs always reach the root's page-not-found, which picks the public or private variant.
    notFoundMode: 'root',
    defaultPreload: 'intent',
    // TanStack Query decides freshness; the router must not cache loader results on top of it.
    defaultPreloadStaleTime: 0,
    defaultPendingMs: 300,
    defaultPendingMinMs: 300,
    defaultPendingComponent: RoutePending,
    defaultErrorComponent: RouteError,
    scrollRestoration: true,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
