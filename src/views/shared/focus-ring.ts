/**
 * A keyboard focus ring that stays visible next to coloured buttons (issue 12: the BUY button's
 * ring was lost against its own green): 3px solid, 2px away from the button, in the theme's blue (dark in light mode, light in dark mode) that
 * contrasts with the button and with the light subheader behind it (above 3:1, WCAG 1.4.11).
 */
export const STRONG_FOCUS_RING = {
  _focusVisible: { outlineWidth: "3px", outlineStyle: "solid", outlineColor: "blue.fg", outlineOffset: "2px" },
} as const
