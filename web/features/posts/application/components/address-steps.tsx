import { Button, Checkbox, Loader, Text, TextInput } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { addressLimits, addressOf } from '../../../../../domain/address/schemas';
import { localityKey } from '../../../../components/address-options';
import { showErrorToast } from '../../../../lib/error-toast';
import { postcodeLocalitiesQueryOptions } from '../api/application-api';
import type { PostcodeStep as PostcodeStepName } from '../steps';
import { ChoiceList, StepFrame } from './step-frame';
import { useStep } from './use-step';

// Where the customer lives (postcode, then suburb) and, for an investment, where the property is. A postcode that
// the shipped localities do not know leads to the invalid-postcode screen, which leads back (spec 2 §2).

const postcodeQuestions = {
  postcode: { field: 'postcode', address: 'user_address', title: 'What is your postcode?', description: 'Where you live now.' },
  'property-postcode': { field: 'property_postcode', address: 'property_address', title: 'What is the postcode of the property?', description: 'Where the investment property is.' },
} as const;

export function PostcodeStep({ step }: { step: PostcodeStepName }) {
  const question = postcodeQuestions[step];
  const { answers, check, next, errorOf, frame } = useStep(step);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [code, setCode] = useState(answers[question.field]);
  const [notKnown, setNotKnown] = useState(answers.suburb_not_known_yet);
  const [searching, setSearching] = useState(false);
  const unknownSuburb = step === 'property-postcode' && notKnown;

  async function submit() {
    const postcode = code.trim();
    const kept = answers[question.address];
    // A suburb picked for another postcode no longer fits.
    const changes = { [question.field]: postcode, [question.address]: kept?.postcode === postcode ? kept : null, ...(step === 'property-postcode' ? { suburb_not_known_yet: notKnown } : {}) };
    if (unknownSuburb || !check(changes)) return void next(changes);
    setSearching(true);
    try {
      const places = await queryClient.fetchQuery(postcodeLocalitiesQueryOptions(postcode));
      if (places.length === 0) return void navigate({ to: '/application/invalid-postcode', search: { origin: step, postcode } });
      next(changes);
    } catch (error) {
      showErrorToast(error);
    } finally {
      setSearching(false);
    }
  }

  return (
    <StepFrame title={question.title} description={question.description} {...frame} onNext={submit} busy={searching}>
      <TextInput
        label="Postcode"
        size="lg"
        inputMode="numeric"
        autoComplete={step === 'postcode' ? 'postal-code' : 'off'}
        maxLength={addressLimits.postcodeLength}
        w={200}
        autoFocus
        disabled={unknownSuburb}
        value={code}
        onChange={(event) => setCode(event.currentTarget.value)}
        error={unknownSuburb ? undefined : errorOf(question.field)}
      />
      {step === 'property-postcode' && (
        <Checkbox size="md" label="I don't know the suburb yet" checked={notKnown} onChange={(event) => setNotKnown(event.currentTarget.checked)} />
      )}
    </StepFrame>
  );
}

const suburbQuestions = {
  suburb: { postcode: 'postcode', field: 'user_address', title: 'Which suburb do you live in?' },
  'property-suburb': { postcode: 'property_postcode', field: 'property_address', title: 'Which suburb is the property in?' },
} as const;

export function SuburbStep({ step }: { step: 'suburb' | 'property-suburb' }) {
  const question = suburbQuestions[step];
  const { answers, next, errorOf, frame } = useStep(step);
  const postcode = answers[question.postcode];
  const places = useQuery(postcodeLocalitiesQueryOptions(postcode));
  const chosen = answers[question.field];
  return (
    <StepFrame title={question.title} description={`Suburbs with the postcode ${postcode}.`} {...frame} onNext={() => void next()}>
      {places.isPending ? (
        <Loader role="status" aria-label="Loading the suburbs" />
      ) : places.isError ? (
        <Text c="red">The suburbs could not be loaded. Go back and try again.</Text>
      ) : (
        <ChoiceList
          label={question.title}
          choices={places.data.map((place) => ({ value: localityKey(place), label: `${place.suburb} ${place.state}` }))}
          value={chosen ? localityKey(chosen) : null}
          error={errorOf(question.field)}
          onPick={(key) => {
            const place = places.data.find((candidate) => localityKey(candidate) === key);
            if (place) next({ [question.field]: addressOf(place) });
          }}
        />
      )}
    </StepFrame>
  );
}

/** The postcode step a not-found postcode came from, and the postcode, in the screen's search params. */
export function InvalidPostcode({ origin, postcode }: { origin: PostcodeStepName; postcode: string }) {
  const { goTo } = useStep(origin);
  return (
    <StepFrame
      title="We couldn't find this postcode"
      description={`${postcode || 'This postcode'} is not an Australian postcode we know. Check it and try again.`}
      progress={null}
      // The one way on is back to the postcode.
      onBack={null}
    >
      <Button size="lg" autoFocus onClick={() => void goTo(origin)}>
        Change the postcode
      </Button>
    </StepFrame>
  );
}
