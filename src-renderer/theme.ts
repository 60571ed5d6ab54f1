import { createLocale, enUS, type GlobalThemeOverrides } from 'naive-ui';

/**
 * naive-ui's themes draw some small text below WCAG AA contrast (4.5:1): secondary text and
 * statistic labels (#767c82 on white, 4.22:1), coloured tags (green on pale green, 2.96:1) and
 * empty-state text. Clerks at a bright desk misread them, and axe flags them, so the app darkens
 * just those colours, for every screen.
 */
export const LIGHT_OVERRIDES: GlobalThemeOverrides = {
  common: { textColor3: '#5c6166' }, // 6.2:1 on white
  Tag: { textColorSuccess: '#0a6b3a', textColorWarning: '#7a4a00', textColorInfo: '#1a5fb4', textColorError: '#b0203f' },
  Statistic: { labelTextColor: '#5c6166' },
  Empty: { textColor: '#5c6166' },
};

export const DARK_OVERRIDES: GlobalThemeOverrides = {
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
