import { Button, Group, Paper, Stepper } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { PageHeader } from '../../../components/page-header';
import { AnchorLink, ButtonLink } from '../../../components/router-link';
import { stepIndexOf, type WizardMode, type WizardScreen, wizardSteps, wizardTitles } from '../wizard';

type Props = {
  mode: WizardMode;
  /** The template, once it exists (a clone's uuid is its source's). */
  uuid: string | null;
  screen: WizardScreen;
  /** What the header offers: Edit (view mode, for those who may change it), Delete (edit mode only, spec 3 §4 step 8). */
  actions: { edit: boolean; delete: boolean; deleting: boolean; onDelete: () => void };
  children: ReactNode;
};

/**
 * The wizard's frame (spec 3 §2): breadcrumbs Dashboard › Bid Templates › the mode's title, the three steps 'Bid
 * Details', 'Auto-Bidding Rules', 'Review & Activation', and the step's screen. Steps of a saved template can be
 * opened in any order; a new template or a clone has only its details until they are saved.
 */
export function WizardFrame({ mode, uuid, screen, actions, children }: Props) {
  const navigate = useNavigate();
  const title = wizardTitles[mode];
  const open = uuid !== null && mode !== 'clone';
  const firstScreens = ['bid-template', 'qualifying-rules', 'review'] as const;
  return (
    <>
      <PageHeader
        title={title}
        crumbs={[
          <AnchorLink key="list" to="/bid-templates" size="sm" c="dimmed">
            Bid Templates
          </AnchorLink>,
          title,
        ]}
        actions={
          <Group gap="sm">
            {mode === 'view' && actions.edit && uuid && (
              <ButtonLink to="/bid-templates/$mode/$uuid/bid-template" params={{ mode: 'edit', uuid }} variant="default" leftSection={<IconPencil size={16} />}>
                Edit
              </ButtonLink>
            )}
            {mode === 'edit' && actions.delete && (
              <Button color="red" variant="light" leftSection={<IconTrash size={16} />} loading={actions.deleting} onClick={actions.onDelete}>
                Delete
              </Button>
            )}
          </Group>
        }
      />
      <Paper p="md" mb="lg" withBorder>
        <Stepper
          active={stepIndexOf(screen)}
          size="sm"
          allowNextStepsSelect={open}
          onStepClick={(index) => {
            const target = firstScreens[index];
            if (open && uuid && target) void navigate({ to: `/bid-templates/$mode/$uuid/${target}`, params: { mode, uuid } });
          }}
        >
          {wizardSteps.map((step, index) => (
            <Stepper.Step key={step.title} label={step.title} description={`Step ${index + 1} of ${wizardSteps.length}`} allowStepSelect={open} />
          ))}
        </Stepper>
      </Paper>
      {children}
    </>
  );
}
