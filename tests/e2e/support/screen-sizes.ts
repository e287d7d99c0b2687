/**
 * The sizes the @screens pass photographs each screen at, and the files it writes (docs/screens.md): on the
 * phone project 375×667 (a small phone, the design's first screen) and 390×844 (today's common phone), on the
 * desktop project 1440×900. JPEG at quality 60: a screen is 20–120 KB instead of a PNG's 150 KB on average.
 */
export interface ScreenSize {
  /** the file name's suffix: the viewport's width */
  label: string;
  width: number;
  height: number;
}

export const SCREEN_SIZES: Readonly<Record<string, readonly ScreenSize[]>> = {
  mobile: [
    { label: '375', width: 375, height: 667 },
    { label: '390', width: 390, height: 844 },
  ],
  desktop: [{ label: '1440', width: 1440, height: 900 }],
};

export const SCREEN_QUALITY = 60;

/** `home-375.jpg`: the file of `screen` at one size. */
export const screenFile = (screen: string, size: ScreenSize) => `${screen}-${size.label}.jpg`;
