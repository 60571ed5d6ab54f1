import { createLocale, enUS, type GlobalThemeOverrides } from 'naive-ui';

/**
 * One button size per place, for a busy counter (docs/screens.md#buttons): a table row's actions and
 * controls are `size="small"`, raised here from 28 to 32 px; toolbars and dialogs use the default 34 px.
 */
const ROW_CONTROLS = {
  Button: { heightSmall: '32px' },
  Input: { heightSmall: '32px' },
} satisfies GlobalThemeOverrides;

/**
 * naive-ui's themes draw some small text below WCAG AA contrast (4.5:1): secondary text and
 * statistic labels (#767c82 on white, 4.22:1), coloured tags (green on pale green, 2.96:1),
 * empty-state text, white on the primary green and the red of hovered or tinted destructive buttons. Clerks at a bright desk misread them, and axe flags them, so the app darkens
 * just those colours, for every screen.
 */
export const LIGHT_OVERRIDES: GlobalThemeOverrides = {
  common: {
    textColor3: '#5c6166', // 6.2:1 on white
    // The primary green: naive-ui's #18a058 is 3.38:1 with the white text of New pet, Save, Fulfil…
    // (and as the text of a selected filter on white), its hover and focus green #36ad6a 2.86:1.
    // A darker green of the same hue keeps the look at 4.5:1 or more in every state.
    primaryColor: '#0e7a43', // 5.4:1 with white
    primaryColorHover: '#108148', // 4.9:1
    primaryColorPressed: '#0a6236', // 7.5:1
    primaryColorSuppl: '#108148',
  },
  Tag: { textColorSuccess: '#0a6b3a', textColorWarning: '#7a4a00', textColorInfo: '#1a5fb4', textColorError: '#b0203f' },
  Statistic: { labelTextColor: '#5c6166' },
  Empty: { textColor: '#5c6166' },
  // Delete, Cancel order and Revoke: naive-ui's hovered red (#de576d) is 3.7:1 on white, and its red
  // on the tinted "secondary" background under 4:1. These keep 4.7:1 or more in every state.
  Input: ROW_CONTROLS.Input,
  Button: {
    ...ROW_CONTROLS.Button,
    colorError: '#9e1c39', // white on it 7.8:1; as text on its own 16–28% tint 4.7:1 or more
    colorHoverError: '#b0203f', // 6.7:1 with white
    colorFocusError: '#b0203f',
    colorPressedError: '#8a1832',
    textColorGhostError: '#b0203f',
    textColorGhostHoverError: '#9e1c39',
    textColorGhostFocusError: '#9e1c39',
    textColorGhostPressedError: '#8a1832',
    borderHoverError: '1px solid #9e1c39',
    borderFocusError: '1px solid #9e1c39',
    // Restore…: white on naive-ui's warning orange (#f0a020) is 2.15:1, on its hover orange less.
    colorWarning: '#9a5b00', // 5.4:1 with white
    colorHoverWarning: '#a35f00', // 5.0:1
    colorFocusWarning: '#a35f00',
    colorPressedWarning: '#8a5000', // 6.5:1
    borderWarning: '1px solid #9a5b00',
    borderHoverWarning: '1px solid #a35f00',
    borderFocusWarning: '1px solid #a35f00',
    borderPressedWarning: '1px solid #8a5000',
  },
};

export const DARK_OVERRIDES: GlobalThemeOverrides = {
  ...ROW_CONTROLS,
  Empty: { textColor: 'rgba(255, 255, 255, 0.6)' },
};

/**
 * naive-ui's English texts, minus the ones a clerk would see as filler: an emptied field said
 * "Please Input" and an empty table "No Data". Fields without a placeholder of their own show
 * none; tables and selects give their own empty text where it matters.
 */
export const LOCALE = createLocale(
  {
    Input: { placeholder: '' },
    InputNumber: { placeholder: '' },
    Select: { placeholder: 'Choose' },
    Empty: { description: 'Nothing here yet' },
  },
  enUS,
);
