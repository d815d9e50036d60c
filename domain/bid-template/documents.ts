import type { z } from 'zod';
import { type optionalDocumentSchema, type RequiredDocument } from '../bid/schemas';
import type { BidTemplateDetails } from './schemas';

// A template's documents (spec 3 §3, §5, §7 "Bid template documents"; docs/bid-templates.md "Documents"): the
// documents its bids ask the customer for (required, at least one), those the provider attaches (optional), and the
// key fact sheet and product disclosure statement, each a link: typed, or a PDF uploaded to the marketplace. They are
// fields of the template's details (the bid form's), changed one document at a time by these events.

/** The details' fields an uploaded PDF fills (with its link). */
export const templateFileFields = ['key_fact_sheets', 'product_disclosure_statement'] as const;
export type TemplateFileField = (typeof templateFileFields)[number];

export type TemplateRequiredDocument = RequiredDocument & { uuid: string };
export type TemplateOptionalDocument = z.output<typeof optionalDocumentSchema> & { uuid: string };

export type RequiredDocumentSaved = { type: 'RequiredDocumentSaved'; data: { template_id: string; document: TemplateRequiredDocument } };
export type RequiredDocumentRemoved = { type: 'RequiredDocumentRemoved'; data: { template_id: string; document_id: string } };
export type OptionalDocumentSaved = { type: 'OptionalDocumentSaved'; data: { template_id: string; document: TemplateOptionalDocument } };
export type OptionalDocumentRemoved = { type: 'OptionalDocumentRemoved'; data: { template_id: string; document_id: string } };
/** A PDF stored (infrastructure/files.ts) and linked from the field; `byte_size` for the record. */
export type TemplateFileAttached = { type: 'TemplateFileAttached'; data: { template_id: string; field: TemplateFileField; link: string; byte_size: number } };

export type TemplateDocumentEvent = RequiredDocumentSaved | RequiredDocumentRemoved | OptionalDocumentSaved | OptionalDocumentRemoved | TemplateFileAttached;

export const templateDocumentEventTypes = ['RequiredDocumentSaved', 'RequiredDocumentRemoved', 'OptionalDocumentSaved', 'OptionalDocumentRemoved', 'TemplateFileAttached'] as const satisfies readonly TemplateDocumentEvent['type'][];

const savedIn = <D extends { uuid?: string | undefined }>(documents: readonly D[], document: D & { uuid: string }): D[] =>
  documents.some((kept) => kept.uuid === document.uuid) ? documents.map((kept) => (kept.uuid === document.uuid ? document : kept)) : [...documents, document];

/** The details after a document event: the one fold the aggregate and the read model share. */
export function detailsAfterDocumentEvent(details: BidTemplateDetails, event: TemplateDocumentEvent): BidTemplateDetails {
  switch (event.type) {
    case 'RequiredDocumentSaved':
      return { ...details, required_documents: savedIn(details.required_documents, event.data.document) };
    case 'RequiredDocumentRemoved':
      return { ...details, required_documents: details.required_documents.filter((kept) => kept.uuid !== event.data.document_id) };
    case 'OptionalDocumentSaved':
      return { ...details, optional_documents: savedIn(details.optional_documents, event.data.document) };
    case 'OptionalDocumentRemoved':
      return { ...details, optional_documents: details.optional_documents.filter((kept) => kept.uuid !== event.data.document_id) };
    case 'TemplateFileAttached':
      return { ...details, [event.data.field]: event.data.link };
  }
}
