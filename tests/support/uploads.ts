// Files for the PDF upload tests (bid template documents) and the multipart body a browser sends with them.

/** A small PDF (one blank page); `tag` makes each file's content, and so its stored id, its own. */
export function pdfFile(tag = 'document'): Buffer {
  return Buffer.from(
    [
      '%PDF-1.4',
      `% ${tag}`,
      '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
      '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
      '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >> endobj',
      'trailer << /Root 1 0 R >>',
      '%%EOF',
      '',
    ].join('\n'),
    'latin1',
  );
}

/** A multipart/form-data body with one file part, as `app.inject` takes it. */
export function multipartFile(content: Buffer, options: { field?: string; filename?: string; contentType?: string } = {}) {
  const boundary = '----home-loan-upload-boundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${options.field ?? 'file'}"; filename="${options.filename ?? 'key-facts.pdf'}"\r\nContent-Type: ${options.contentType ?? 'application/pdf'}\r\n\r\n`;
  const payload = Buffer.concat([Buffer.from(head, 'latin1'), content, Buffer.from(`\r\n--${boundary}--\r\n`, 'latin1')]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
