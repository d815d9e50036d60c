import { describe, expect, it } from 'vitest';
import { isInternetExplorer, isUnsupportedBrowser, outdatedBrowserDelayMs } from './browser-support';

const everything = { fetch: true, promise: true, urlSearchParams: true, cssVariables: true };
const ie11 = 'Mozilla/5.0 (Windows NT 10.0; WOW64; Trident/7.0; rv:11.0) like Gecko';
const ie10 = 'Mozilla/5.0 (compatible; MSIE 10.0; Windows NT 6.1; Trident/6.0)';
const ie9 = 'Mozilla/5.0 (compatible; MSIE 9.0; Windows NT 6.1)';
const chrome = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const edge = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0';
const safari = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

describe('the outdated-browser check (spec 1 §1)', () => {
  it('tells Internet Explorer 9, 10 and 11 by the user agent', () => {
    for (const ua of [ie9, ie10, ie11]) expect(isInternetExplorer(ua)).toBe(true);
    for (const ua of [chrome, edge, safari]) expect(isInternetExplorer(ua)).toBe(false);
  });

  it('counts a browser without what the app needs as unsupported', () => {
    expect(isUnsupportedBrowser(chrome, everything)).toBe(false);
    expect(isUnsupportedBrowser(ie11, everything)).toBe(true);
    expect(isUnsupportedBrowser(chrome, { ...everything, fetch: false })).toBe(true);
    expect(isUnsupportedBrowser(safari, { ...everything, cssVariables: false })).toBe(true);
  });

  it('waits 1200 ms after the first route change (spec 1 §9)', () => {
    expect(outdatedBrowserDelayMs).toBe(1200);
  });
});
