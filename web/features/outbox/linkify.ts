// A message body is shown as text with its web addresses made clickable (docs/mail.md "Reading mail locally").
// Nothing from the message is ever rendered as HTML: the body is split into text and links, React escapes both,
// and only http and https addresses become links (never javascript:, data: or anything else).

export type BodySegment = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

const candidate = /https?:\/\/[^\s<>"'`]+/gi;
/** Characters that end a sentence rather than a URL: "Open https://x.test/a." */
const trailing = /[.,;:!?'"\]]+$/;

export function linkify(body: string): BodySegment[] {
  const segments: BodySegment[] = [];
  let last = 0;
  for (const match of body.matchAll(candidate)) {
    const start = match.index;
    const url = trimUrl(match[0]);
    const href = safeHref(url);
    if (!href) continue;
    if (start > last) segments.push({ kind: 'text', text: body.slice(last, start) });
    segments.push({ kind: 'link', text: url, href });
    last = start + url.length;
  }
  if (last < body.length) segments.push({ kind: 'text', text: body.slice(last) });
  return segments;
}

/** Drops punctuation that closes the sentence, and a closing parenthesis the URL did not open. */
function trimUrl(url: string): string {
  let trimmed = url;
  for (;;) {
    const before = trimmed;
    trimmed = trimmed.replace(trailing, '');
    if (trimmed.endsWith(')') && count(trimmed, '(') < count(trimmed, ')')) trimmed = trimmed.slice(0, -1);
    if (trimmed === before) return trimmed;
  }
}

function count(text: string, char: string): number {
  return text.split(char).length - 1;
}

function safeHref(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : null;
  } catch {
    return null;
  }
}
