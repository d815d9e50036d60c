import { Anchor, Text } from '@mantine/core';
import { IconExternalLink, IconFileTypePdf } from '@tabler/icons-react';
import { documentLinkOf } from '../lib/document-link';

type Props = {
  /** What the field holds: `/files/<id>`, a web address, words, or nothing. */
  value: string | null | undefined;
  /** What the document is ('Key fact sheet'); an uploaded PDF reads 'Key fact sheet (PDF)'. Without it, the link shows its address. */
  label?: string;
};

/**
 * A document of a bid or template, read-only (web/lib/document-link.ts): an uploaded PDF or a web address opens in a
 * new tab without handing this page to the other one (noopener, noreferrer); words show as typed; nothing is '—'.
 */
export function DocumentLink({ value, label }: Props) {
  const link = documentLinkOf(value);
  switch (link.kind) {
    case 'none':
      return <>—</>;
    case 'text':
      return <Text span size="sm" style={{ overflowWrap: 'anywhere' }}>{link.text}</Text>;
    case 'file':
      return (
        <Anchor href={link.href} target="_blank" rel="noopener noreferrer" size="sm">
          <IconFileTypePdf size={16} aria-hidden style={{ marginRight: 4, verticalAlign: 'text-bottom' }} />
          {label ? `${label} (PDF)` : 'Open the PDF'}
        </Anchor>
      );
    case 'web':
      return (
        <Anchor href={link.href} target="_blank" rel="noopener noreferrer" size="sm" title={link.href} style={{ overflowWrap: 'anywhere' }}>
          {label ? `${label} (${link.host})` : link.href}
          <IconExternalLink size={14} aria-hidden style={{ marginLeft: 4, verticalAlign: 'text-bottom' }} />
        </Anchor>
      );
    default: {
      const _never: never = link;
      return _never;
    }
  }
}
