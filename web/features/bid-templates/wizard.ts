// The bid template wizard (spec 3 §2 "Bid template routes", §4 "Bid template wizard"): its modes, its three steps
// and the child screens each step holds.

export const wizardModes = ['create', 'view', 'edit', 'clone'] as const;
export type WizardMode = (typeof wizardModes)[number];
export const isWizardMode = (mode: string): mode is WizardMode => (wizardModes as readonly string[]).includes(mode);

/** The screens below `/bid-templates/{mode}/{uuid}/`. */
export const wizardScreens = ['bid-template', 'qualifying-rules', 'conditional-rules', 'conditional-rules/template', 'conditional-rules/rule', 'review'] as const;
export type WizardScreen = (typeof wizardScreens)[number];

/** spec 3 §2: the step titles; the conditional rules sit within the rules step. */
export const wizardSteps = [
  { title: 'Bid Details', screens: ['bid-template'] },
  { title: 'Auto-Bidding Rules', screens: ['qualifying-rules', 'conditional-rules', 'conditional-rules/template', 'conditional-rules/rule'] },
  { title: 'Review & Activation', screens: ['review'] },
] as const satisfies readonly { title: string; screens: readonly WizardScreen[] }[];

export const stepIndexOf = (screen: WizardScreen): number => wizardSteps.findIndex((step) => (step.screens as readonly WizardScreen[]).includes(screen));

/** spec 3 §2 "Breadcrumbs": Dashboard, Bid Templates, then the mode's own. A clone is a new template. */
export const wizardTitles: Record<WizardMode, string> = {
  create: 'New Bid Template',
  clone: 'New Bid Template',
  view: 'Bid Template Detail',
  edit: 'Edit a Bid Template',
};

/** Whether the mode changes the template (create and clone make one, edit and create-with-uuid change it). */
export const isEditing = (mode: WizardMode): boolean => mode !== 'view';
