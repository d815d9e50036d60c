// A bid's or template's document link as the read-only screens show it (docs/bid-templates.md "Documents"): the key
// fact sheet, the product disclosure statement and the optional documents hold a PDF uploaded to the marketplace
// (`/files/<id>`), a typed web address, or words. Only the first two become links, so a typed `javascript:` (or any
// other scheme) is shown as the text it is, never followed.

export type DocumentLink =
  | { kind: 'none' }
  | { kind: 'file'; href: string }
  | { kind: 'web'; href: string; host: string }
  | { kind: 'text'; text: string };

/** A stored PDF's address (infrastructure/files.ts `fileUrl`: 40 hex digits). */
const uploadedFile = /^\/files\/[0-9a-f]{40}$/;

export function documentLinkOf(value: string | null | undefined): DocumentLink {
  const text = value?.trim() ?? '';
  if (text === '') return { kind: 'none' };
  if (uploadedFile.test(text)) return { kind: 'file', href: text };
  if (/^https?:\/\//i.test(text)) {
    try {
      const url = new URL(text);
      if (url.protocol === 'https:' || url.protocol === 'http:') return { kind: 'web', href: url.href, host: url.hostname.replace(/^www\./, '') };
    } catch {
      // Not a web address after all: shown as typed.
    }
  }
  return { kind: 'text', text };
}
