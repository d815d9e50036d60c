import { createTheme } from '@mantine/core';

// The one Mantine theme of the UI. Mantine's defaults with the marketplace's blue and calmer corners.
export const theme = createTheme({
  primaryColor: 'blue',
  defaultRadius: 'sm',
  headings: { fontWeight: '600' },
  components: {
    Paper: { defaultProps: { withBorder: true, radius: 'sm' } },
    Table: { defaultProps: { verticalSpacing: 'sm', highlightOnHover: true } },
    Notification: { defaultProps: { withBorder: true } },
  },
});
