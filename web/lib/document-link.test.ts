import { describe, expect, it } from 'vitest';
import { documentLinkOf } from './document-link';

// docs/bid-templates.md "Documents": only an uploaded PDF and a web address become links.

describe('documentLinkOf', () => {
  it('is nothing for an empty field', () => {
    for (const value of [null, undefined, '', '   ']) expect(documentLinkOf(value)).toEqual({ kind: 'none' });
  });

  it('links a PDF uploaded to the marketplace', () => {
    const path = `/files/${'a1'.repeat(20)}`;
    expect(documentLinkOf(path)).toEqual({ kind: 'file', href: path });
  });

  it('links a web address, named by its host', () => {
    expect(documentLinkOf('https://www.commbank.com.au/home-loans/pds.pdf')).toEqual({ kind: 'web', href: 'https://www.commbank.com.au/home-loans/pds.pdf', host: 'commbank.com.au' });
    expect(documentLinkOf(' HTTP://lender.example/kfs ')).toEqual({ kind: 'web', href: 'http://lender.example/kfs', host: 'lender.example' });
  });

  it('never links a script, another scheme, another path or words: they show as typed', () => {
    for (const value of ['javascript:alert(1)', 'JavaScript:alert(1)', 'data:text/html,<b>x</b>', 'ftp://lender.example/pds', '//evil.example/pds', '/files/../admin', '/files/not-an-id', 'Available on request', 'https://']) {
      expect(documentLinkOf(value), value).toEqual({ kind: 'text', text: value });
    }
  });
});
