import dayjs from 'dayjs';
import 'dayjs/locale/en-au';

// A mailbox needs the time as well as the day (en-AU, DD/MM/YYYY as everywhere).
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '';
  const date = dayjs(value);
  return date.isValid() ? date.locale('en-au').format('DD/MM/YYYY HH:mm:ss') : '';
}
