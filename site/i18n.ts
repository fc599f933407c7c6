/**
 * Languages and every UI string of the atlas, one area per module in
 * site/i18n/ (languages and dates, cell statuses, the site's frame, the pages,
 * the reference pass), re-exported here as one API. The URL scheme
 * lives in site/lib/paths.ts; longer prose (methods, sources, embed help) in
 * site/content.ts.
 */

export * from "./i18n/lang.ts";
export * from "./i18n/status.ts";
export * from "./i18n/strings.ts";
export * from "./i18n/ui.ts";
export * from "./i18n/reference.ts";
