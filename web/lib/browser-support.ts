// The outdated-browser dialog (spec 1 §1, §9; docs/site-chrome.md): Internet Explorer is not supported. It is told
// by its user agent ('MSIE ' up to IE 10, 'Trident/' for IE 11), and any browser without what the app needs at
// run time (fetch, Promise, URLSearchParams, CSS custom properties) counts as unsupported too.

/** spec 1 §9: the dialog appears this long after the first route change. */
export const outdatedBrowserDelayMs = 1200;

export function isInternetExplorer(userAgent: string): boolean {
  return /MSIE |Trident\//.test(userAgent);
}

export type BrowserFeatures = { fetch: boolean; promise: boolean; urlSearchParams: boolean; cssVariables: boolean };

export function isUnsupportedBrowser(userAgent: string, features: BrowserFeatures): boolean {
  return isInternetExplorer(userAgent) || !features.fetch || !features.promise || !features.urlSearchParams || !features.cssVariables;
}

/** What this browser has. */
export function browserFeatures(): BrowserFeatures {
  return {
    fetch: typeof window.fetch === 'function',
    promise: typeof Promise === 'function',
    urlSearchParams: typeof URLSearchParams === 'function',
    cssVariables: typeof CSS !== 'undefined' && typeof CSS.supports === 'function' && CSS.supports('--a', '0'),
  };
}
