/**
 * The system Chromium every browser run uses (the journeys' Playwright config and the bench), and its
 * flags: headless, and nothing that talks to the network on its own. Nothing is ever downloaded.
 */
export const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';

export const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
