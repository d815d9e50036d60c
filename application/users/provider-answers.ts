import { homeLoanProduct } from '../../domain/product/products';
import { answersErrors, type ProviderAnswer } from '../../domain/user/profile';
import type { CommandContext } from '../../infrastructure/command-handler';
import type { WorkflowDependencies } from '../dependencies';
import { activeQuestionIds } from '../questions/question-list';
import { fieldRefusal, type Refusal, userRefusalCodes } from './refusals';
import { runUserCommand } from './user-commands';
import { storeUploadedImage } from '../images';

// A provider's answers to the active questions (spec 2 §4 "fsp-activate-profile", spec 3 §7): given when the approved
// provider completes the profile, changed later by the active provider. Both are checked against the questions
// active now on the write side.

type Dependencies = Pick<WorkflowDependencies, 'db' | 'store' | 'ids'>;

/** The refusal of answers that miss an active question, name an inactive one or answer one twice. */
async function answersRefusal(deps: Pick<WorkflowDependencies, 'store'>, given: ProviderAnswer[]): Promise<Refusal | null> {
  const errors = answersErrors(await activeQuestionIds(deps, homeLoanProduct.uuid), given);
  return Object.keys(errors).length === 0 ? null : fieldRefusal(userRefusalCodes.answersInvalid, errors);
}

/** The approved provider completes the profile (avatar, answers) and becomes active: one command, one append. */
export async function completeProviderProfile(deps: Dependencies, input: { userId: string; avatar?: string; answers: ProviderAnswer[] }, context: CommandContext) {
  const refusal = await answersRefusal(deps, input.answers);
  if (refusal) return { ok: false as const, error: refusal };
  let avatar_file_id: string | null = null;
  if (input.avatar) {
    const stored = await storeUploadedImage(deps.db, input.avatar);
    if (!stored.ok) return { ok: false as const, error: { ...stored.error, errors: { avatar: [stored.error.message] } } };
    avatar_file_id = stored.id;
  }
  const result = await runUserCommand(deps, { type: 'CompleteProviderProfile', data: { user_id: input.userId, avatar_file_id, answers: input.answers } }, context);
  return result.ok ? { ok: true as const, position: result.position } : result;
}

/** The active provider changes the answers. */
export async function saveProviderAnswers(deps: Dependencies, input: { userId: string; answers: ProviderAnswer[] }, context: CommandContext) {
  const refusal = await answersRefusal(deps, input.answers);
  if (refusal) return { ok: false as const, error: refusal };
  const result = await runUserCommand(deps, { type: 'SaveProviderAnswers', data: { user_id: input.userId, answers: input.answers } }, context);
  return result.ok ? { ok: true as const, position: result.position } : result;
}
