import { FileInput } from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import { useState } from 'react';
import type { BidTemplateView } from '../../../../contracts/bid-template';
import type { TemplateFileField } from '../../../../domain/bid-template/documents';
import { pdfUploadLimits, pdfUploadMessages } from '../../../../domain/shared/limits';
import { isApiError } from '../../../lib/api-error';
import { type TemplateUpload, useUploadTemplateFile } from '../api/template-documents';

type Props = {
  template: BidTemplateView;
  field: TemplateFileField;
  label: string;
  /** The upload is saved: the form takes the new link. */
  onUploaded: (link: string) => void;
};

const uploadOf: Record<TemplateFileField, TemplateUpload> = { key_fact_sheets: 'key_fact_sheets', product_disclosure_statement: 'product_disclosure_statements' };

/**
 * A key fact sheet or product disclosure statement uploaded as a PDF (spec 3 §7 "Bid template documents";
 * docs/bid-templates.md "Documents"): at most 10 MB, checked here first and by the server from the bytes. The field
 * above it then shows the link that opens the PDF (web/components/bid-form/offer-texts-section.tsx).
 */
export function TemplateFileUpload({ template, field, label, onUploaded }: Props) {
  const upload = useUploadTemplateFile(template.uuid);
  const [error, setError] = useState<string | null>(null);

  function send(file: File | null) {
    setError(null);
    if (!file) return;
    if (file.size > pdfUploadLimits.maxBytes) return setError(pdfUploadMessages.tooLarge);
    upload.mutate(
      { upload: uploadOf[field], file },
      {
        onSuccess: (saved) => onUploaded(saved.home_loan_bid_template[field] ?? ''),
        onError: (failure) => setError(isApiError(failure, 422) ? (failure.errors.file?.join(' ') ?? failure.detail ?? pdfUploadMessages.onlyPdf) : 'The file could not be uploaded. Please try again in a moment.'),
      },
    );
  }

  return (
    <FileInput
      label={`Upload the ${label.toLowerCase()} (PDF)`}
      placeholder="Choose a PDF"
      accept="application/pdf"
      leftSection={<IconFileTypePdf size={16} />}
      value={null}
      onChange={send}
      error={error}
      disabled={upload.isPending}
      description={upload.isPending ? 'Uploading…' : `At most ${pdfUploadLimits.maxBytes / 1024 / 1024} MB.`}
    />
  );
}
