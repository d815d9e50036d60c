import { Anchor, Badge, Box, Button, Container, Grid, Group, NavLink, Paper, Progress, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconBuilding, IconCheck, IconClock, IconRefresh } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { type ReactNode, useState } from 'react';
import { NavLinkLink } from '../../../../components/router-link';
import { readTokens } from '../../../../lib/auth-tokens';
import { readWizardState } from '../draft-storage';
import { progressOf, type StepNumber, stepOf, wizardSteps } from '../wizard-steps';
import { startAgain, wizardStore } from '../wizard-session';

/**
 * A step in the list: saved steps show a check and open again; the current one is marked; steps not reached yet
 * cannot be opened.
 */
function StepLink({ step, current, reached }: { step: StepNumber; current: StepNumber; reached: StepNumber }) {
  const { title, timeHint, path } = stepOf(step);
  const saved = step < reached && step !== current;
  const icon = (
    <ThemeIcon size={28} radius="xl" variant={step === current ? 'filled' : saved ? 'light' : 'default'} aria-hidden>
      {saved ? <IconCheck size={16} /> : <Text size="xs" fw={700}>{step}</Text>}
    </ThemeIcon>
  );
  const props = { label: title, description: timeHint ?? undefined, leftSection: icon, active: step === current, 'aria-current': step === current ? ('step' as const) : undefined };
  if (step > reached) return <NavLink {...props} disabled />;
  return <NavLinkLink to={path} {...props} />;
}

/**
 * The wizard's own wide layout (spec 2 §2): the brand and "Start again" on top, the steps with their time hints and
 * the progress on the left, the step's form on the right. Steps already reached can be opened again from the list.
 */
export function WizardLayout({ step, children }: { step: StepNumber; children: ReactNode }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { reached } = readWizardState(wizardStore());
  const [resets, setResets] = useState(0);
  const current = stepOf(step);
  const progress = progressOf(reached);

  const confirmStartAgain = () =>
    modals.openConfirmModal({
      title: 'Start again?',
      children: <Text size="sm">Your answers and the post you started will be deleted, and you begin again at the first step.</Text>,
      labels: { confirm: 'Start again', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: async () => {
        try {
          await startAgain(queryClient);
        } catch {
          notifications.show({ color: 'red', title: 'Error!', message: 'Something is wrong with internet connection.' });
          return;
        }
        setResets((n) => n + 1);
        await navigate({ to: stepOf(1).path, replace: true });
      },
    });

  return (
    <Box bg="gray.0" mih="100vh" py="lg">
      <Container size={1180} px="md">
        <Group justify="space-between" mb="lg">
          <Group gap="sm" wrap="nowrap">
            <ThemeIcon size={36} radius="sm" variant="filled" aria-hidden>
              <IconBuilding size={22} />
            </ThemeIcon>
            <Text fw={700} size="xl">
              Home Loan Auction
            </Text>
          </Group>
          <Group gap="md">
            {!readTokens() && (
              <Text size="sm" c="dimmed">
                Have an account? <Anchor href="/login">Log in</Anchor>
              </Text>
            )}
            <Button variant="subtle" color="gray" leftSection={<IconRefresh size={16} />} onClick={confirmStartAgain}>
              Start again
            </Button>
          </Group>
        </Group>
        <Grid gap="lg" align="flex-start">
          <Grid.Col span={{ base: 12, md: 3 }}>
            <Paper p="md" shadow="xs" component="nav" aria-label="Steps">
              <Stack gap="md">
                <Stack gap={6}>
                  <Text fw={600}>Create your post</Text>
                  <Progress value={progress} size="md" aria-label="Progress" />
                  <Text size="xs" c="dimmed">
                    {progress}% done
                  </Text>
                </Stack>
                <Stack gap={2} component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
                  {wizardSteps.map((s) => (
                    <li key={s.number}>
                      <StepLink step={s.number} current={step} reached={reached} />
                    </li>
                  ))}
                </Stack>
              </Stack>
            </Paper>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 9 }}>
            <Paper p="xl" shadow="xs">
              <Stack gap="lg">
                <Group justify="space-between" align="flex-start">
                  <Stack gap={2}>
                    <Text size="sm" c="dimmed">
                      Step {current.number} of {wizardSteps.length}
                    </Text>
                    <Title order={1} size="h2">
                      {current.title}
                    </Title>
                  </Stack>
                  {current.timeHint && (
                    <Badge variant="light" color="gray" tt="none" leftSection={<IconClock size={12} />} aria-label={`Takes about ${current.timeHint}`}>
                      {current.timeHint}
                    </Badge>
                  )}
                </Group>
                <Box key={resets}>{children}</Box>
              </Stack>
            </Paper>
          </Grid.Col>
        </Grid>
      </Container>
    </Box>
  );
}
