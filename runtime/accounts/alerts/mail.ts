// The alert mails: HTML (one centred column that narrows on a phone, the site's logo on white (logos are drawn for
// a light header) over a band of its brand colour, alt text on every
// picture, colours that keep their contrast) and the same words as plain text. Every link is on the site's configured
// address; the mail names what it is about and how to stop it (this alert, or all of the site's mail).
import type { WatchEvent } from '../../domain/alerts';
import { contrastRatio, themeColour } from '../../domain/theme/contrast';

export interface AlertMailSite {
  name: string;
  /** The site's configured origin, e.g. https://www.bigskycars.example. */
  origin: string;
  logoUrl?: string;
  primary: string;
  primaryText?: string;
  accent?: string;
  accentText?: string;
}

export interface AlertMailCar {
  title: string;
  /** Path of the car's page. */
  path: string;
  priceText: string;
  /** "$123 per week" where the site's finance rules show a weekly figure on its cards, else null. */
  weeklyText: string | null;
  photoUrl: string | null;
}

export interface AlertMailLinks {
  /** Stops this alert (signed). */
  stopAlert: string;
  /** Stops all of the site's mail (signed). */
  stopAll: string;
  /** The account page, where every alert can be changed. */
  account: string;
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const BODY_TEXT = themeColour({}, 'text') ?? '#1f2937';
const BACKGROUND = '#ffffff';

/** The text colour for a brand colour: the theme's, when it reads well on it (4.5:1), else black or white. */
function readableOn(background: string, preferred: string | undefined): string {
  if (preferred && contrastRatio(preferred, background) >= 4.5) return preferred;
  return contrastRatio('#000000', background) >= contrastRatio('#ffffff', background) ? '#000000' : '#ffffff';
}

const absolute = (origin: string, pathOrUrl: string) =>
  /^https?:\/\//i.test(pathOrUrl) ? pathOrUrl : `${origin}${pathOrUrl.startsWith('/') ? '' : '/'}${pathOrUrl}`;

function layout(site: AlertMailSite, heading: string, bodyHtml: string, links: AlertMailLinks, why: string): string {
  const logo = site.logoUrl
    ? `<img src="${esc(absolute(site.origin, site.logoUrl))}" alt="${esc(site.name)}" height="40" style="display:block;height:40px;width:auto;border:0">`
    : `<span style="font-size:20px;font-weight:bold;color:${BODY_TEXT}">${esc(site.name)}</span>`;
  return `<!doctype html>
<html lang="en-AU">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${esc(heading)}</title>
<style>@media (max-width:600px){.col{width:100%!important}.car-photo{width:100%!important;height:auto!important}.car td{display:block;width:100%!important}}</style>
</head>
<body style="margin:0;padding:0;background:#f4f5f7;color:${BODY_TEXT};font-family:Arial,Helvetica,sans-serif">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f5f7"><tr><td align="center" style="padding:16px 8px">
<table role="presentation" class="col" width="600" cellpadding="0" cellspacing="0" style="width:600px;max-width:100%;background:${BACKGROUND}">
<tr><td style="background:${BACKGROUND};border-bottom:4px solid ${site.primary};padding:16px 24px"><a href="${esc(site.origin)}/" style="text-decoration:none;color:${BODY_TEXT}">${logo}</a></td></tr>
<tr><td style="padding:24px"><h1 style="margin:0 0 16px;font-size:22px;line-height:1.3;color:${BODY_TEXT}">${esc(heading)}</h1>
${bodyHtml}
</td></tr>
<tr><td style="padding:16px 24px;border-top:1px solid #d0d4da;font-size:13px;line-height:1.5;color:#4a4f57">
<p style="margin:0 0 8px">${esc(why)}</p>
<p style="margin:0"><a href="${esc(links.stopAlert)}" style="color:#1a4fd6">Stop this alert</a> · <a href="${esc(links.stopAll)}" style="color:#1a4fd6">Unsubscribe from all ${esc(site.name)} emails</a> · <a href="${esc(links.account)}" style="color:#1a4fd6">Change your alerts</a></p>
</td></tr>
</table></td></tr></table>
</body>
</html>
`;
}

function button(site: AlertMailSite, href: string, label: string): string {
  const bg = site.accent ?? themeColour({}, 'accent') ?? '#1d4ed8';
  return `<a href="${esc(href)}" style="display:inline-block;padding:10px 18px;background:${bg};color:${readableOn(bg, site.accentText)};text-decoration:none;font-weight:bold;border-radius:4px">${esc(label)}</a>`;
}

function carRow(site: AlertMailSite, car: AlertMailCar, lines: string[]): string {
  const href = esc(absolute(site.origin, car.path));
  const photo = car.photoUrl
    ? `<a href="${href}"><img class="car-photo" src="${esc(absolute(site.origin, car.photoUrl))}" alt="${esc(car.title)}" width="200" height="133" style="display:block;width:200px;height:133px;object-fit:cover;border:0"></a>`
    : '';
  return `<table role="presentation" class="car" width="100%" cellpadding="0" cellspacing="0" style="margin:0 0 16px;border:1px solid #d0d4da"><tr>
${photo ? `<td width="200" style="width:200px;vertical-align:top">${photo}</td>` : ''}
<td style="padding:12px 16px;vertical-align:top"><a href="${href}" style="font-size:17px;font-weight:bold;color:${BODY_TEXT}">${esc(car.title)}</a>
${lines.map((l) => `<p style="margin:6px 0 0;font-size:15px">${l}</p>`).join('\n')}</td>
</tr></table>`;
}

const carLines = (car: AlertMailCar) => [`<strong>${esc(car.priceText)}</strong>`, ...(car.weeklyText ? [esc(car.weeklyText)] : [])];
const carTextLines = (origin: string, car: AlertMailCar) => [
  `${car.title}`,
  `  ${car.priceText}${car.weeklyText ? ` (${car.weeklyText})` : ''}`,
  `  ${absolute(origin, car.path)}`,
];
const textFooter = (site: AlertMailSite, why: string, links: AlertMailLinks) => [
  '',
  '--',
  why,
  `Stop this alert: ${links.stopAlert}`,
  `Unsubscribe from all ${site.name} emails: ${links.stopAll}`,
  `Change your alerts: ${links.account}`,
];

const newCarsHeading = (count: number, searchName: string) => `${count} new ${count === 1 ? 'car matches' : 'cars match'} your search “${searchName}”`;

export function searchAlertMail(input: {
  site: AlertMailSite;
  shopperName: string;
  searchName: string;
  searchPath: string;
  cars: AlertMailCar[];
  more: number;
  links: AlertMailLinks;
}): RenderedMail {
  const { site, cars, more, links } = input;
  const total = cars.length + more;
  const heading = newCarsHeading(total, input.searchName);
  const searchUrl = absolute(site.origin, input.searchPath);
  const why = `You get this email because you saved the search “${input.searchName}” on ${site.name} and asked to hear about new cars.`;
  const moreLine = more > 0 ? `and ${more} more` : '';
  const html = layout(
    site,
    heading,
    `<p style="margin:0 0 16px;font-size:15px">Hi ${esc(input.shopperName)}, these cars are new since we last wrote.</p>
${cars.map((c) => carRow(site, c, carLines(c))).join('\n')}
${moreLine ? `<p style="margin:0 0 16px;font-size:15px">${esc(moreLine)}.</p>` : ''}
<p style="margin:0">${button(site, searchUrl, more > 0 ? `See all ${total} new cars` : 'See the full search')}</p>`,
    links,
    why,
  );
  const text = [
    heading,
    '',
    `Hi ${input.shopperName}, these cars are new since we last wrote.`,
    '',
    ...cars.flatMap((c) => [...carTextLines(site.origin, c), '']),
    ...(moreLine ? [`${moreLine}.`] : []),
    `See the full search: ${searchUrl}`,
    ...textFooter(site, why, links),
  ].join('\n');
  return { subject: `${heading} – ${site.name}`, text, html };
}

export type WatchMailEvent = WatchEvent & { car: AlertMailCar; oldPriceText?: string; newPriceText?: string; similarPath?: string };

function watchEventLine(e: WatchMailEvent): string {
  if (e.kind === 'price-drop') return `Price drop: now ${e.newPriceText}, was ${e.oldPriceText}`;
  if (e.kind === 'reserved') return 'Reserved by another buyer';
  return 'Sold';
}

export function watchlistAlertMail(input: { site: AlertMailSite; shopperName: string; events: WatchMailEvent[]; links: AlertMailLinks }): RenderedMail {
  const { site, events, links } = input;
  const drops = events.filter((e) => e.kind === 'price-drop').length;
  const [first] = events;
  const heading =
    events.length === 1 && first
      ? `${first.car.title}: ${watchEventLine(first)}`
      : drops === events.length
        ? `${drops} cars on your watchlist dropped in price`
        : `${events.length} updates on your watchlist`;
  const why = `You get this email because these cars are on your watchlist at ${site.name}.`;
  const similar = (e: WatchMailEvent) => (e.kind !== 'price-drop' && e.similarPath ? absolute(site.origin, e.similarPath) : null);
  const html = layout(
    site,
    heading,
    `<p style="margin:0 0 16px;font-size:15px">Hi ${esc(input.shopperName)}, here is what changed on your watchlist.</p>
${events
  .map((e) => {
    const lines = [`<strong>${esc(watchEventLine(e))}</strong>`, ...(e.kind === 'price-drop' && e.car.weeklyText ? [esc(e.car.weeklyText)] : [])];
    const link = similar(e);
    if (link) lines.push(`<a href="${esc(link)}" style="color:#1a4fd6">Find me something similar</a>`);
    return carRow(site, e.car, lines);
  })
  .join('\n')}`,
    links,
    why,
  );
  const text = [
    heading,
    '',
    `Hi ${input.shopperName}, here is what changed on your watchlist.`,
    '',
    ...events.flatMap((e) => {
      const link = similar(e);
      return [e.car.title, `  ${watchEventLine(e)}`, `  ${absolute(site.origin, e.car.path)}`, ...(link ? [`  Find me something similar: ${link}`] : []), ''];
    }),
    ...textFooter(site, why, links),
  ].join('\n');
  return { subject: `${heading} – ${site.name}`, text, html };
}

/** RFC 8058: one POST to the first link stops the alert, with no page to visit. */
export const oneClickHeaders = (stopAlert: string): Record<string, string> => ({
  'List-Unsubscribe': `<${stopAlert}>`,
  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
});
