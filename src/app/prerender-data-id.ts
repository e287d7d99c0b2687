/** The id of a prerendered page's JSON data block (written by scripts/lib/prerender-html.ts, read by ./prerendered.ts). */
export const PRERENDER_DATA_ID = 'prerender-data';
