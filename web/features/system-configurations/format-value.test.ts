import { describe, expect, it } from 'vitest';
import { formatSettingValue } from './format-value';

describe('a setting value in the list', () => {
  it('shows booleans as Yes or No, decimals with two decimals and integers en-AU', () => {
    expect(formatSettingValue({ field_type: 'boolean', value: true })).toBe('Yes');
    expect(formatSettingValue({ field_type: 'boolean', value: false })).toBe('No');
    expect(formatSettingValue({ field_type: 'decimal', value: 80 })).toBe('80.00');
    expect(formatSettingValue({ field_type: 'decimal', value: 82.5 })).toBe('82.50');
    expect(formatSettingValue({ field_type: 'integer', value: 1500 })).toBe('1,500');
    expect(formatSettingValue({ field_type: 'string', value: 'help@example.com.au' })).toBe('help@example.com.au');
  });
});
