import { Anchor, Text } from '@mantine/core';
import { linkify } from '../linkify';

/**
 * The text body with its web addresses clickable. Rendered as text only (React escapes it); the HTML version of a
 * mail is never rendered, see linkify.ts.
 */
export function MessageBody({ text }: { text: string }) {
  return (
    <Text component="div" size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="message-body">
      {linkify(text).map((segment, index) =>
        segment.kind === 'link' ? (
          <Anchor key={index} href={segment.href} target="_blank" rel="noopener noreferrer nofollow" inherit>
            {segment.text}
          </Anchor>
        ) : (
          <span key={index}>{segment.text}</span>
        ),
      )}
    </Text>
  );
}
