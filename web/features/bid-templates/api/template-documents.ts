import type { z } from 'zod';
import { bidTemplateView, optionalDocumentBody, optionalDocumentsView, requiredDocumentBody, requiredDocumentsView } from '../../../../contracts/bid-template';
import { apiFetch } from '../../../lib/api-fetch';

// spec 3 §7 "Bid template documents" (docs/bid-templates.md "Documents"): a template's required and optional
// documents one at a time, and the key fact sheet and product disclosure statement as PDF uploads. Each change
// answers the whole template; a refused upload is an ApiError whose field error is under `file`.

type RequiredDocument = z.input<typeof requiredDocumentBody>['required_document'];
type OptionalDocument = Omit<z.input<typeof optionalDocumentBody>, 'revision'>;
const id = encodeURIComponent;

export const listRequiredDocuments = (templateUuid: string) => apiFetch(`/v3/home_loan_bid_templates/${id(templateUuid)}/required_documents`, { schema: requiredDocumentsView });
export const addRequiredDocument = (templateUuid: string, document: RequiredDocument) =>
  apiFetch(`/v3/home_loan_bid_templates/${id(templateUuid)}/required_documents`, { method: 'POST', body: { required_document: document }, schema: bidTemplateView });
export const changeRequiredDocument = (documentUuid: string, document: RequiredDocument) =>
  apiFetch(`/v3/required_documents/${id(documentUuid)}`, { method: 'PATCH', body: { required_document: document }, schema: bidTemplateView });
export const removeRequiredDocument = (documentUuid: string) => apiFetch(`/v3/required_documents/${id(documentUuid)}`, { method: 'DELETE', schema: bidTemplateView });

export const listOptionalDocuments = (templateUuid: string) => apiFetch(`/v3/home_loan_bid_templates/${id(templateUuid)}/template_optional_documents`, { schema: optionalDocumentsView });
export const addOptionalDocument = (templateUuid: string, document: OptionalDocument) =>
  apiFetch(`/v3/home_loan_bid_templates/${id(templateUuid)}/template_optional_documents`, { method: 'POST', body: document, schema: bidTemplateView });
export const changeOptionalDocument = (documentUuid: string, document: OptionalDocument) =>
  apiFetch(`/v3/template_optional_documents/${id(documentUuid)}`, { method: 'PATCH', body: document, schema: bidTemplateView });
export const removeOptionalDocument = (documentUuid: string) => apiFetch(`/v3/template_optional_documents/${id(documentUuid)}`, { method: 'DELETE', schema: bidTemplateView });

/** Which upload: the key fact sheet or the product disclosure statement. */
export type TemplateUpload = 'key_fact_sheets' | 'product_disclosure_statements';

/** Uploads a PDF (at most `pdfUploadLimits.maxBytes`; the server checks the bytes, not the name). */
export function uploadTemplateFile(templateUuid: string, upload: TemplateUpload, file: File) {
  const form = new FormData();
  form.append('file', file, file.name);
  return apiFetch(`/v3/home_loan_bid_templates/${id(templateUuid)}/${upload}`, { method: 'POST', body: form, schema: bidTemplateView });
}
