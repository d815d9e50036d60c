import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { SimulationRequested } from '../../../../contracts/auto-bidding-simulation';
import type { BidTemplateView } from '../../../../contracts/bid-template';
import { autoBiddingReviewPeriod } from '../../../../domain/bid-template/auto-bidding';
import { ButtonLink } from '../../../components/router-link';
import { showErrorToast } from '../../../lib/error-toast';
import { useRequestSimulation } from '../api/simulations';
import { bidTemplateTexts } from '../bid-template-texts';

// spec 3 §2 "List screen": the row action "Simulate automatic bidding" (docs/auto-bidding.md "Simulation"): choose how
// many days back to look, then 'Simulation Requested' and the link to the simulation's page.

type Props = { template: Pick<BidTemplateView, 'uuid' | 'name' | 'auto_bidding_review_period'> | null; maxReviewPeriod: number; onClose: () => void };

export function SimulateModal({ template, maxReviewPeriod, onClose }: Props) {
  return (
    <Modal opened={template !== null} onClose={onClose} title="Simulate automatic bidding" size={750} centered>
      {template && <SimulateBody key={template.uuid} template={template} maxReviewPeriod={maxReviewPeriod} onClose={onClose} />}
    </Modal>
  );
}

function SimulateBody({ template, maxReviewPeriod, onClose }: { template: NonNullable<Props['template']>; maxReviewPeriod: number; onClose: () => void }) {
  const [days, setDays] = useState(() => Math.min(template.auto_bidding_review_period ?? maxReviewPeriod, maxReviewPeriod));
  const [requested, setRequested] = useState<SimulationRequested | null>(null);
  const simulate = useRequestSimulation();
  const periods = Array.from({ length: maxReviewPeriod - autoBiddingReviewPeriod.min + 1 }, (_, index) => String(autoBiddingReviewPeriod.min + index));
  const submit = () =>
    simulate.mutate(
      { uuid: template.uuid, reviewPeriod: days },
      {
        onSuccess: (answer) => {
          notifications.show({ color: 'teal', title: bidTemplateTexts.simulationRequested, message: template.name });
          setRequested(answer);
        },
        onError: showErrorToast,
      },
    );

  if (requested) {
    return (
      <Stack gap="md">
        <Text size="sm">
          The simulation of <b>{template.name}</b> over the last {requested.review_period === 1 ? 'day' : `${requested.review_period} days`} runs in the background. Its result
          opens on its page and comes by e-mail. No bid is placed and the template is not changed.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
          <ButtonLink to="/bid-templates/simulations/$simulationId" params={{ simulationId: requested.simulation_uuid }} onClick={onClose}>
            Open the simulation
          </ButtonLink>
        </Group>
      </Stack>
    );
  }
  return (
    <Stack gap="md">
      <Text size="sm">
        <b>{template.name}</b> as it stands now is tried on the posts published in the review period: which it would have bid on, at what rates, where its bid would
        have ranked, and which rule turned the others away. Nothing is bid and nothing is changed.
      </Text>
      <Select
        label="Review period"
        description="How many days back to look at posts."
        data={periods.map((value) => ({ value, label: value === '1' ? '1 day' : `${value} days` }))}
        value={String(days)}
        allowDeselect={false}
        w={200}
        onChange={(value) => value && setDays(Number(value))}
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose} disabled={simulate.isPending}>
          Cancel
        </Button>
        <Button onClick={submit} loading={simulate.isPending}>
          Simulate
        </Button>
      </Group>
    </Stack>
  );
}
