import type { CSSProperties } from 'react';
import { tokens } from '@fluentui/react-components';
import type { RowColour } from './rules.js';

/** Backgrounds of the release and disbursement row colours (spec 2 §4), from the theme's palette. */
const BACKGROUND: Record<RowColour, string> = {
  green: tokens.colorPaletteGreenBackground2,
  // The palette's lightest green is too close to the striped rows: half of the green on the page background instead.
  lightgreen: `color-mix(in srgb, ${tokens.colorPaletteGreenBackground2} 45%, ${tokens.colorNeutralBackground1})`,
  yellow: tokens.colorPaletteYellowBackground2,
  grey: tokens.colorNeutralBackground5,
};

export const rowColourStyle = (colour: RowColour): CSSProperties => ({ background: BACKGROUND[colour] });
