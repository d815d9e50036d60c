import { describe, expect, it } from 'vitest';
import { linkify } from './linkify';

describe('a message body made clickable', () => {
  it('turns http and https addresses into links and keeps the rest as text', () => {
    expect(linkify('Welcome!\nActivate: https://app.test/activate?token=abc&x=1 today.')).toEqual([
      { kind: 'text', text: 'Welcome!\nActivate: ' },
      { kind: 'link', text: 'https://app.test/activate?token=abc&x=1', href: 'https://app.test/activate?token=abc&x=1' },
      { kind: 'text', text: ' today.' },
    ]);
  });

  it('leaves sentence punctuation and an unopened parenthesis outside the link', () => {
    const segments = linkify('(see http://localhost:3000/a_(b)).');
    expect(segments.filter((s) => s.kind === 'link').map((s) => s.text)).toEqual(['http://localhost:3000/a_(b)']);
    expect(segments.map((s) => s.text).join('')).toBe('(see http://localhost:3000/a_(b)).');
  });

  it('never makes a link of another scheme, and keeps markup as plain text', () => {
    const body = 'javascript:alert(1) data:text/html,<b>x</b> <a href="https://evil.test">click</a> <script>alert(1)</script>';
    const segments = linkify(body);
    expect(segments.map((s) => s.text).join('')).toBe(body);
    const links = segments.filter((s) => s.kind === 'link');
    expect(links).toEqual([{ kind: 'link', text: 'https://evil.test', href: 'https://evil.test/' }]);
  });

  it('answers one text segment for a body without links, none for an empty one', () => {
    expect(linkify('Your code is 123456')).toEqual([{ kind: 'text', text: 'Your code is 123456' }]);
    expect(linkify('')).toEqual([]);
  });
});
