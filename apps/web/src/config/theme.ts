import { createTheme, type MantineColorsTuple } from '@mantine/core';

const posada: MantineColorsTuple = [
  '#e6fbf8',
  '#d3f3ee',
  '#a8e6dc',
  '#79d8c9',
  '#53ccb9',
  '#3bc4ae',
  '#2bc0a8',
  '#18a992',
  '#089782',
  '#0f766e',
];

/** The one Mantine theme of the product. */
export const theme = createTheme({
  primaryColor: 'posada',
  colors: { posada },
  primaryShade: { light: 8, dark: 6 },
  defaultRadius: 'md',
  fontFamily:
    'Inter, "Segoe UI", system-ui, -apple-system, Roboto, "Noto Sans Arabic", "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '650' },
  components: {
    Button: { defaultProps: { radius: 'md' } },
    TextInput: { defaultProps: { radius: 'md' } },
    PasswordInput: { defaultProps: { radius: 'md' } },
    Paper: { defaultProps: { radius: 'lg' } },
  },
});

/** spec 2.3 / 9: the mobile breakpoint is 768 px. */
export const MOBILE_QUERY = '(max-width: 767px)';
