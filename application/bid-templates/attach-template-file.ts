import { mayChangeTemplate, maySeeTemplate } from '../../domain/bid-template/access';
import { bidTemplateErrors, notAllowedToChange } from '../../domain/bid-template/decider';
import type { TemplateFileField } from '../../domain/bid-template/documents';
import { pdfUploadMessages } from '../../domain/shared/limits';
import { fileUrl, storePdf } from '../../infrastructure/files';
import { findBidTemplate } from '../../projections/bid-templates/queries';
import type { WorkflowDependencies } from '../dependencies';
import { changeBidTemplate, type ChangeBidTemplateResult } from './change-bid-template';
import { templateActorOf, type TemplateRequest } from './template-request';

// spec 3 §7 "Bid template documents": a key fact sheet or product disclosure statement uploaded as a PDF. Who may
// change the template is checked before anything is stored; a file that is not a PDF or is too large is refused
// before a byte is written (docs/bid-templates.md "Documents").

/** The refusal's text by the reason infrastructure/files.ts gives (the codes are the images', 422). */
export const pdfMessagesByReason = { TOO_LARGE: pdfUploadMessages.tooLarge, WRONG_FILE_TYPE: pdfUploadMessages.onlyPdf } as const;

export async function attachTemplateFile(
  deps: Pick<WorkflowDependencies, 'db' | 'store' | 'ids' | 'clock'>,
  request: TemplateRequest,
  input: { templateId: string; field: TemplateFileField; content: Buffer },
): Promise<ChangeBidTemplateResult> {
  const actor = templateActorOf(request);
  const row = await findBidTemplate(deps.db, input.templateId);
  if (!row || !maySeeTemplate(actor, row)) return { ok: false, error: { code: bidTemplateErrors.notFound, message: 'Bid template not found.' } };
  if (!mayChangeTemplate(actor, row)) return { ok: false, error: { ...notAllowedToChange } };
  const stored = await storePdf(deps.db, input.content);
  if (!stored.ok) {
    const message = pdfMessagesByReason[stored.reason];
    return { ok: false, error: { code: stored.reason, message, errors: { file: [message] } } };
  }
  return changeBidTemplate(deps, request, { type: 'AttachTemplateFile', data: { template_id: row.uuid, field: input.field, link: fileUrl(stored.id), byte_size: stored.byteSize } });
}
