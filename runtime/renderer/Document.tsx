// The whole HTML document, rendered on the server and hydrated in the browser (so <title> and <meta> from pages are
// hoisted into <head> by React). Both sides render it from the same BootData.
import type { ReactNode } from 'react';
import { ChromeContext, type SiteChrome } from './chrome-context';
import type { PublicSite } from './site-context';
import { SiteContext } from './site-context';
import { themeCss } from './theme';

export interface PageAssets {
  /** Entry script (module). */
  script: string;
  styles: string[];
  /** Chunks of the blocks on this page, to start loading at once. */
  modulePreloads: string[];
}

export interface BootData {
  site: PublicSite;
  /** The header's and footer's server-built parts (the Range). */
  chrome?: SiteChrome;
  assets: PageAssets;
  /** react-router hydration data: the loader results of the first render, reused instead of fetching again. */
  hydrationData: unknown;
  /** Browsers may search Meilisearch directly with a tenant token (runtime/ui/search-transport.ts). */
  directSearch?: true;
}

const NO_CHROME: SiteChrome = { range: null };

/** JSON that is safe inside a <script> element. */
const SCRIPT_UNSAFE = /[<>\u2028\u2029]/g;
const SCRIPT_ESCAPES: Record<string, string> = { '<': '\\u003c', '>': '\\u003e', '\u2028': '\\u2028', '\u2029': '\\u2029' };
export const scriptJson = (value: unknown) => JSON.stringify(value).replace(SCRIPT_UNSAFE, (c) => SCRIPT_ESCAPES[c] ?? c);

// React's types know no `disabled` on <link>; React renders it as the boolean attribute.
const DISABLED_LINK = { disabled: true } as object;

/**
 * A page's stylesheets, in their order. The server inlines each one it can (stylesheetText): no request stands between
 * the HTML and the first paint. Beside it, a disabled link with its address, which the browser does not fetch: Vite's
 * loader of lazily imported chunks looks for that link before adding the stylesheet of a chunk, so the blocks'
 * chunks do not fetch again what the page already holds. The browser hydrates with the text already in the page.
 */
function PageStyles({ hrefs, stylesheetText }: { hrefs: string[]; stylesheetText?: (href: string) => string | undefined }) {
  const textOf = (href: string) =>
    stylesheetText
      ? stylesheetText(href)
      : typeof document === 'undefined'
        ? undefined
        : document.querySelector(`style[data-href="${CSS.escape(href)}"]`)?.textContent;
  return hrefs.map((href) => {
    const css = textOf(href);
    if (css === undefined || css === null) return <link key={href} rel="stylesheet" href={href} />;
    return [
      // biome-ignore lint/security/noDangerouslySetInnerHtml: our own built stylesheet (runtime/server/assets.ts), or on hydration the text already in this element
      <style key={`${href}:text`} data-href={href} dangerouslySetInnerHTML={{ __html: css }} />,
      <link key={href} rel="stylesheet" href={href} {...DISABLED_LINK} />,
    ];
  });
}

export function Document({
  boot,
  bootJson,
  stylesheetText,
  children,
}: {
  boot: BootData;
  bootJson: string;
  /** Server only: the text of a stylesheet to inline (the browser finds it in the page). */
  stylesheetText?: (href: string) => string | undefined;
  children: ReactNode;
}) {
  const { site, assets } = boot;
  return (
    <html lang="en-AU">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* No first paint of a half-parsed page: the parser may yield anywhere (a long menu, a block's fieldset), and
            what arrives next then moves what was painted (layout shifts on phones, one element after another). The
            page is first painted once the footer starts, the main content whole (a page is rendered whole before it is
            sent, entry-server.tsx, so this waits for parsing, not for the server). */}
        <link rel="expect" href="#site-footer" blocking="render" />
        <meta name="theme-color" content={site.theme.primary} />
        <link rel="icon" href={site.theme.logo.url} />
        <PageStyles hrefs={assets.styles} stylesheetText={stylesheetText} />
        {assets.modulePreloads.map((href) => (
          <link key={href} rel="modulepreload" href={href} />
        ))}
        <style
          // biome-ignore lint/security/noDangerouslySetInnerHtml: themeCss (theme.ts) admits only #rrggbb colours, a clamped number and fixed font lists
          dangerouslySetInnerHTML={{ __html: themeCss(site.theme) }}
        />
        <script type="module" src={assets.script} />
      </head>
      <body className={`font-${site.theme.font ?? 'sans'}`}>
        <SiteContext.Provider value={site}>
          <ChromeContext.Provider value={boot.chrome ?? NO_CHROME}>{children}</ChromeContext.Provider>
        </SiteContext.Provider>
        <script
          id="__boot"
          type="application/json"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: bootJson is made by scriptJson (above), which escapes < and > so it cannot end the script
          dangerouslySetInnerHTML={{ __html: bootJson }}
        />
      </body>
    </html>
  );
}
