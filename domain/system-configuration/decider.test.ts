import { describe, expect, it } from 'vitest';
import { specFor } from '../shared/decider-spec';
import { systemConfigurationCatalogue } from './catalogue';
import type { SystemConfigurationCommand } from './commands';
import { settingsOf, systemConfigurationDecider, systemConfigurationErrors } from './decider';
import type { SystemConfigurationEvent } from './events';

const given = specFor(systemConfigurationDecider);

describe('the system configurations', () => {
  describe('when nothing was changed', () => {
    it('every setting has its default', () => {
      const settings = settingsOf(systemConfigurationDecider.initialState());
      expect(settings).toMatchObject({ post_bidding_period_days: 7, post_review_period_days: 2, messages: 'active', lvr_warning_percent: 80 });
      expect(Object.keys(settings)).toEqual(systemConfigurationCatalogue.map((s) => s.key));
    });

    it('records a valid value of each field type', () => {
      for (const [key, value] of [
        ['post_bidding_period_days', 10],
        ['lvr_warning_percent', 82.5],
        ['messages', 'inactive'],
        ['auto_declare_enabled', false],
        ['support_contact', '1300 000 000'],
      ] as const) {
        expect(given([]).when(change(key, value))).toEqual({ ok: true, events: [changed(key, value)] });
      }
    });

    it('finds a setting by its uuid too and records its key', () => {
      const setting = systemConfigurationCatalogue[1];
      expect(given([]).when(change(setting.uuid, 3))).toEqual({ ok: true, events: [changed(setting.key, 3)] });
    });

    it('trims text', () => {
      expect(given([]).when(change('support_contact', '  help@example.com.au '))).toEqual({
        ok: true,
        events: [changed('support_contact', 'help@example.com.au')],
      });
    });

    it('records nothing when the value is the default', () => {
      expect(given([]).when(change('post_bidding_period_days', 7))).toEqual({ ok: true, events: [] });
    });

    it('refuses an unknown setting', () => {
      expect(given([]).when(change('no_such_setting', 1))).toEqual({
        ok: false,
        error: { code: systemConfigurationErrors.notFound, message: 'System configuration not found.' },
      });
    });
  });

  describe('refuses a value that does not fit the field type', () => {
    const cases: [string, unknown, string][] = [
      ['post_bidding_period_days', 0, 'Enter a whole number from 1 to 60.'],
      ['post_bidding_period_days', 61, 'Enter a whole number from 1 to 60.'],
      ['post_bidding_period_days', 7.5, 'Enter a whole number from 1 to 60.'],
      ['post_bidding_period_days', '7', 'Enter a whole number from 1 to 60.'],
      ['post_review_period_days', 31, 'Enter a whole number from 1 to 30.'],
      ['interactive_matching_validity_days', 8, 'Enter a whole number from 1 to 7.'],
      ['lvr_warning_percent', 100.01, 'Enter a number from 0.00 to 100.00, with at most two decimals.'],
      ['lvr_warning_percent', 80.125, 'Enter a number from 0.00 to 100.00, with at most two decimals.'],
      ['lvr_warning_percent', null, 'Enter a number from 0.00 to 100.00, with at most two decimals.'],
      ['messages', 'on', 'Choose active or inactive.'],
      ['auto_declare_enabled', 'true', 'Choose Yes or No.'],
      ['support_contact', '   ', 'Enter some text, at most 255 characters.'],
      ['support_contact', 'x'.repeat(256), 'Enter some text, at most 255 characters.'],
    ];
    it.each(cases)('%s = %j', (key, value, message) => {
      expect(given([]).when(change(key, value))).toEqual({ ok: false, error: { code: systemConfigurationErrors.invalidValue, message } });
    });
  });

  describe('when a setting was changed', () => {
    const history = [changed('post_bidding_period_days', 10)];

    it('answers the new value and the defaults of the others', () => {
      const state = history.reduce(systemConfigurationDecider.evolve, systemConfigurationDecider.initialState());
      expect(settingsOf(state)).toMatchObject({ post_bidding_period_days: 10, post_review_period_days: 2 });
    });

    it('records nothing when saved again unchanged', () => {
      expect(given(history).when(change('post_bidding_period_days', 10))).toEqual({ ok: true, events: [] });
    });

    it('records a change back to the default', () => {
      expect(given(history).when(change('post_bidding_period_days', 7))).toEqual({ ok: true, events: [changed('post_bidding_period_days', 7)] });
    });
  });
});

// Fixtures
const admin = '7d7c3a8e-1111-4c1e-9a4d-0c2f6a1b7e01';

function change(key: string, value: unknown): SystemConfigurationCommand {
  return { type: 'ChangeSystemConfiguration', data: { key, value, changed_by: admin } };
}

function changed(key: string, value: boolean | number | string): SystemConfigurationEvent {
  return { type: 'SystemConfigurationChanged', data: { key, value, changed_by: admin } };
}
